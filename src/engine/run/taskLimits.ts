import type { SandboxLimits } from '../sandbox/SandboxLimits.js';

/** Limits of a task: the sandbox's, plus the total output of all runs of an ensemble. */
export interface TaskLimits extends SandboxLimits {
  /** All runs' stdout + stderr together; each run may print its share (at least 64 KiB). */
  ensembleOutputBytes: number;
}

export const DEFAULT_TASK_LIMITS: Omit<TaskLimits, 'memoryBytes' | 'maxProcesses'> = {
  wallTimeMs: 300_000,
  cpuTimeSeconds: 60,
  fileSizeBytes: 512 << 20,
  outputBytes: 64 << 20,
  ensembleOutputBytes: 256 << 20,
};

/** Floor of the per-process memory a core gets, whatever its MemorySize says. */
export const MIN_TASK_MEMORY = 256 << 20;

/** Memory a run blocked at an ensemble-wide query may hold (runtime CONTRACT.md: ~450 KiB). */
const WAITING_RUN_MEMORY = 1 << 20;

/**
 * Limits for a task of `runs` runs on a core. Memory: the core's MemorySize (bytes, floored)
 * for each of the P runs executing at once and for the supervisor, plus 1 MiB per run, since
 * at an ensemble-wide query every run is alive and waiting. Processes: R + 2P + 32, and open
 * files 3R + 320 (the runtime's stated needs for queries over R runs, plus headroom). CPU:
 * 60 s per process plus 1 s per 1000 runs for the supervisor.
 */
export function taskLimits(memorySize: number, parallelism: number, runs: number, given: Partial<TaskLimits> = {}): TaskLimits {
  const perProcess = Math.max(MIN_TASK_MEMORY, Number.isFinite(memorySize) ? memorySize : 0);
  return {
    ...DEFAULT_TASK_LIMITS,
    memoryBytes: perProcess * (parallelism + 1) + (runs > 1 ? runs * WAITING_RUN_MEMORY : 0),
    maxProcesses: runs + 2 * parallelism + 32,
    openFiles: 3 * runs + 320,
    // The supervisor is one process whose own CPU grows with R (about 0.5 ms per run).
    cpuTimeSeconds: DEFAULT_TASK_LIMITS.cpuTimeSeconds + Math.ceil(runs / 1000),
    ...given,
  };
}

/** UXKIT_MAX_OUTPUT for an ensemble of `runs`: an equal share of the total, at least 64 KiB. */
export function perRunOutput(limits: TaskLimits, runs: number): number {
  return Math.max(64 << 10, Math.min(limits.outputBytes, Math.floor(limits.ensembleOutputBytes / runs)));
}
