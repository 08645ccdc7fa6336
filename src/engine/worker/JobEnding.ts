import type { TargetFields } from '../../store/jobs.js';
import type { Status } from '../../store/jobStatus.js';
import type { RunOutcome } from '../run/RunOutcome.js';
import { signalName } from '../signalName.js';
import type { CompileOutcome } from '../toolchain/CompileOutcome.js';

/** What a job runner decided: a final status, or "try again later" (a task waiting for its build). */
export type JobEnding =
  | { kind: 'finish'; status: Status; message: string; fields: TargetFields }
  | { kind: 'defer'; delayMs: number };

/** A final status with its transition message and the target's result fields. */
export function finishWith(status: Status, message: string, fields: TargetFields = {}): JobEnding {
  return { kind: 'finish', status, message, fields };
}

/** The engine failing (not the user's program): Stopped, saying so. */
export function internalEnding(message: string, fields: TargetFields = {}): JobEnding {
  return finishWith('Stopped', `internal error: ${message}`, fields);
}

/** Every compile outcome onto a Status and transition message (a closed mapping). */
export function buildEnding(outcome: CompileOutcome): JobEnding {
  switch (outcome.kind) {
    case 'built':
      return finishWith('Completed', `build completed in ${Math.round(outcome.durationMs)} ms`, {
        stats: JSON.stringify({ BuildTimeInMilliseconds: Math.round(outcome.durationMs), BuildSizeInBytes: outcome.sizeBytes }),
      });
    case 'compile-error':
      return finishWith('Stopped', 'compilation failed: the compiler diagnostics are in the build output');
    case 'limit-exceeded':
      return finishWith('Stopped', outcome.message);
    case 'cancelled':
      return finishWith('Cancelled', 'cancelled by the user');
    case 'internal-error':
      return internalEnding(outcome.message);
  }
}

/** Every run outcome onto a Status, transition message and the task's result fields. */
export function taskEnding(outcome: RunOutcome, nowMs: number): JobEnding {
  const ended = { finished_ms: nowMs };
  switch (outcome.kind) {
    case 'completed': {
      const how = outcome.exitCode !== null
        ? `the program exited with status ${outcome.exitCode}`
        : `the program was terminated by signal ${outcome.signal} (${signalName(outcome.signal) ?? 'unknown'})`;
      return finishWith('Completed', how, {
        ...ended,
        stats: JSON.stringify(outcome.stats),
        exit_code: outcome.exitCode,
        signal: outcome.signal,
        seed: outcome.seed,
      });
    }
    case 'limit-exceeded':
      return finishWith('Stopped', outcome.message, ended);
    case 'cancelled':
      return finishWith('Cancelled', 'cancelled by the user', ended);
    case 'internal-error':
      return internalEnding(outcome.message, ended);
  }
}
