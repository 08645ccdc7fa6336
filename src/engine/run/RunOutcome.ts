import type { LimitName } from '../sandbox/SandboxLimits.js';

/** Statistics of a completed task, named as the platform's Task.Stats. */
export interface RunStats {
  ExecutionTimeInMilliseconds: number;
  /** CPU time (user + system) of every process of the task, in seconds. */
  ProcessorTime: number;
  Runs: number;
  /** Runs whose stdout took another shape than the majority's (reported on stderr). */
  DivergentRuns: number;
}

/**
 * How a task ended: a closed set. A program that crashes or exits non-zero still
 * `completed` (its status and stderr are the result); the engine failing is `internal-error`.
 */
export type RunOutcome =
  | {
      kind: 'completed';
      stdout: Buffer;
      stderr: Buffer;
      /** null when a signal ended the program (or the majority of its runs). */
      exitCode: number | null;
      signal: number;
      stats: RunStats;
      /** The task seed (decimal uint64), so a run can be reproduced. */
      seed: string;
    }
  | { kind: 'limit-exceeded'; limit: LimitName; message: string; stdout: Buffer; stderr: Buffer }
  | { kind: 'cancelled' }
  | { kind: 'internal-error'; message: string };
