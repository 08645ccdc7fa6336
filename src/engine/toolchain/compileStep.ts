import { type EngineLogger, runSandboxed } from '../sandbox/runSandboxed.js';
import { SANDBOX_WORKDIR, type SandboxMount } from '../sandbox/bwrapArgs.js';
import type { SandboxLimits } from '../sandbox/SandboxLimits.js';
import type { CompileOutcome } from './CompileOutcome.js';

export interface StepContext {
  scratchDir: string;
  mounts: readonly SandboxMount[];
  limits: SandboxLimits;
  /** performance.now() value by which every step must have ended. */
  deadline: number;
  log: string[];
  signal?: AbortSignal;
  sandbox?: 'bwrap' | 'none';
  logger?: EngineLogger;
}

/**
 * Runs one compiler command in the sandbox, appending the command line and its output to the
 * log. Returns the outcome that ends the build (error, limit, cancel), or undefined to go on.
 */
export async function compileStep(c: StepContext, cmd: string, args: string[], chdir = SANDBOX_WORKDIR): Promise<CompileOutcome | undefined> {
  c.log.push(`$ ${cmd} ${args.join(' ')}\n`);
  const wallTimeMs = Math.max(1, c.deadline - performance.now());
  const r = await runSandboxed({
    command: cmd, args, scratchDir: c.scratchDir, mounts: c.mounts, chdir, limits: { ...c.limits, wallTimeMs },
    ...(c.signal !== undefined && { signal: c.signal }), ...(c.sandbox !== undefined && { sandbox: c.sandbox }),
    ...(c.logger !== undefined && { logger: c.logger }),
  });
  c.log.push(r.stdout.toString(), r.stderr.toString());
  if (r.cancelled) return { kind: 'cancelled' };
  if (r.limit !== undefined) {
    const message = `compilation stopped: ${r.limit} limit exceeded while running ${cmd}`;
    return { kind: 'limit-exceeded', limit: r.limit, message, log: c.log.join('') };
  }
  if (r.exitCode !== 0) return { kind: 'compile-error', log: c.log.join('') };
  return undefined;
}
