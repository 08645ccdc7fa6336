import type { LimitName } from '../sandbox/SandboxLimits.js';

/** How a build ended: a closed set the job worker maps onto Status and a message. */
export type CompileOutcome =
  | { kind: 'built'; binaryPath: string; log: string; durationMs: number; sizeBytes: number }
  | { kind: 'compile-error'; log: string }
  | { kind: 'limit-exceeded'; limit: LimitName; message: string; log: string }
  | { kind: 'cancelled' }
  | { kind: 'internal-error'; message: string };
