import { EngineSetupError } from '../errors.js';
import { bwrapArgs, SANDBOX_PATH, SANDBOX_WORKDIR, type SandboxMount } from './bwrapArgs.js';
import type { LimitName, SandboxLimits } from './SandboxLimits.js';
import { sandboxProblem } from './sandboxProbe.js';
import { spawnLimited } from './spawnLimited.js';

/** Something that takes the one warning about running without a sandbox. */
export interface EngineLogger {
  warn(message: string): void;
}

export interface SandboxOptions {
  /** Program path as seen inside the sandbox (a mount target, or on /usr). */
  command: string;
  args: readonly string[];
  /** Host folder bound writable as the working directory (/work inside). */
  scratchDir: string;
  mounts?: readonly SandboxMount[];
  /** Working directory inside the sandbox (default /work, the scratch folder). */
  chdir?: string;
  env?: Readonly<Record<string, string>>;
  limits: SandboxLimits;
  signal?: AbortSignal;
  /** 'none' is the operator's explicit opt-out: no namespaces, limits still applied. */
  sandbox?: 'bwrap' | 'none';
  logger?: EngineLogger;
  /** Where the launcher binary is cached. */
  cacheDir?: string;
}

export interface SandboxResult {
  /** Exit status; null when killed by a signal or by the engine. */
  exitCode: number | null;
  /** Terminating signal number (0 when none). */
  signal: number;
  stdout: Buffer;
  stderr: Buffer;
  wallMs: number;
  /** User + system CPU time of every process of the command, in milliseconds. */
  cpuMs: number;
  /** The limit that ended the command, if one did. */
  limit?: LimitName;
  cancelled: boolean;
  /** Which limits the kernel enforced (cgroups may be unavailable on the host). */
  enforced: { processes: boolean; memory: boolean };
}

let warnedNoSandbox = false;

/** Runs one command under bubblewrap with limits; never through a shell. */
export async function runSandboxed(o: SandboxOptions): Promise<SandboxResult> {
  const mode = o.sandbox ?? 'bwrap';
  const mounts = o.mounts ?? [];
  const env = o.env ?? {};
  let file: string;
  let argv: string[];
  if (mode === 'bwrap') {
    const problem = sandboxProblem();
    if (problem !== undefined) {
      throw new EngineSetupError('sandbox-unavailable', `${problem}; refusing to run programs unsandboxed (set sandbox: 'none' to opt out)`);
    }
    file = 'bwrap';
    argv = bwrapArgs(o.scratchDir, mounts, env, o.command, o.args, o.chdir);
  } else {
    if (!warnedNoSandbox && o.logger !== undefined) {
      warnedNoSandbox = true;
      o.logger.warn('uxkit engine: sandbox disabled by configuration; programs run without namespaces');
    }
    // Without namespaces the in-sandbox paths do not exist: map mount targets back to hosts.
    const unmap = (s: string) => {
      for (const m of mounts) if (s === m.target || s.startsWith(`${m.target}/`)) return m.source + s.slice(m.target.length);
      if (s === SANDBOX_WORKDIR || s.startsWith(`${SANDBOX_WORKDIR}/`)) return o.scratchDir + s.slice(SANDBOX_WORKDIR.length);
      return s;
    };
    file = unmap(o.command);
    argv = o.args.map(unmap);
    const hostEnv: Record<string, string> = { PATH: SANDBOX_PATH, HOME: o.scratchDir, LANG: 'C' };
    for (const [k, v] of Object.entries(env)) hostEnv[k] = unmap(v);
    return spawnLimited({ ...o, file, argv, cwd: unmap(o.chdir ?? SANDBOX_WORKDIR), env: hostEnv });
  }
  return spawnLimited({ ...o, file, argv, cwd: o.scratchDir, env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin' } });
}
