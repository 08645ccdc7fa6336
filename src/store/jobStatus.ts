/** Status values of builds and tasks (spec section 3). */
export const STATUSES = [
  'Accepted', 'Initialising', 'Building', 'In Progress', 'Completed', 'Rescheduled', 'Cancelled', 'Stopped',
] as const;

export type Status = (typeof STATUSES)[number];

/** Statuses after which nothing changes: clients stop polling there. */
export const TERMINAL_STATUSES: readonly Status[] = ['Completed', 'Cancelled', 'Stopped'];

export function isTerminal(status: Status): boolean {
  return TERMINAL_STATUSES.includes(status);
}

export function isStatus(value: string): value is Status {
  return (STATUSES as readonly string[]).includes(value);
}

/** One entry of StatusTransitions; Timestamp in Unix seconds like every spec time. */
export interface StatusTransition {
  Status: Status;
  Timestamp: number;
  Message: string;
}

/** Unix milliseconds (kept internally) to the spec's Unix seconds. */
export function toSeconds(ms: number): number {
  return Math.floor(ms / 1000);
}

/** Same as toSeconds, keeping null for times that have not happened yet. */
export function toSecondsOrNull(ms: number | null): number | null {
  return ms === null ? null : toSeconds(ms);
}
