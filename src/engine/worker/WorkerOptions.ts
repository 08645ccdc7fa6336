import type { TaskLimits } from '../run/taskLimits.js';
import type { SandboxLimits } from '../sandbox/SandboxLimits.js';

export interface WorkerOptions {
  /** Jobs running at once (0: the pool claims nothing). */
  concurrency: number;
  /** How often an idle pool looks for jobs and running jobs for cancel requests (ms). */
  pollMs?: number;
  /** Ensemble size of every tracking-core task; default by the core (ensemblePlan). */
  ensembleRuns?: number | undefined;
  /** Runs of one ensemble executing at once; default the machine's cores. */
  parallelism?: number | undefined;
  sandbox?: 'bwrap' | 'none';
  taskLimits?: Partial<TaskLimits>;
  compileLimits?: Partial<SandboxLimits>;
  /** On stop, how long running jobs may take to finish before they are aborted and rescheduled (ms). */
  shutdownGraceMs?: number;
  /** Claims of one job by workers that died before it ends Stopped. */
  maxAttempts?: number;
  /** How long a task waits before looking at its unfinished build again (ms). */
  buildWaitMs?: number;
  /** Receives the one warning about running programs without a sandbox. */
  logger?: { warn(message: string): void };
}

export type ResolvedWorkerOptions = Required<Omit<WorkerOptions, 'ensembleRuns' | 'parallelism' | 'logger'>>
  & Pick<WorkerOptions, 'ensembleRuns' | 'parallelism' | 'logger'>;

export function resolveWorkerOptions(o: WorkerOptions): ResolvedWorkerOptions {
  if (!(Number.isInteger(o.concurrency) && o.concurrency >= 0)) {
    throw new RangeError(`worker concurrency must be a non-negative integer, got ${o.concurrency}`);
  }
  return {
    pollMs: 250, sandbox: 'bwrap', taskLimits: {}, compileLimits: {}, shutdownGraceMs: 2000, maxAttempts: 3, buildWaitMs: 500,
    ...o,
  };
}
