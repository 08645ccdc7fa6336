import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import type { Readable } from 'node:stream';
import { EngineSetupError } from '../errors.js';
import { ensureLauncher } from './launcher.js';
import { type LimitName, MIN_ADDRESS_SPACE, type SandboxLimits } from './SandboxLimits.js';
import type { SandboxResult } from './runSandboxed.js';
import { createTaskCgroups } from './taskCgroups.js';

export interface LimitedCommand {
  file: string;
  argv: readonly string[];
  cwd: string;
  env: Record<string, string>;
  limits: SandboxLimits;
  signal?: AbortSignal;
  cacheDir?: string;
}

const { SIGXCPU, SIGXFSZ } = constants.signals;

/**
 * Spawns `file argv` (no shell) through the launcher: own process group, task cgroups,
 * rlimits; captures stdout/stderr up to the output cap; kills everything on the wall-time
 * limit, on the cap and on abort. Resolves when every pipe closed.
 */
export async function spawnLimited(c: LimitedCommand): Promise<SandboxResult> {
  const { limits } = c;
  const launcher = ensureLauncher(c.cacheDir);
  const cgroups = createTaskCgroups(limits.maxProcesses, limits.memoryBytes);
  // With a memory cgroup, RLIMIT_AS is only a loose guard so that the cgroup (which we can
  // detect) is what stops a hungry program; without one it is the limit itself.
  const as = Math.max(MIN_ADDRESS_SPACE, cgroups.enforced.memory ? limits.memoryBytes * 4 : limits.memoryBytes);
  const launcherArgs: string[] = [];
  for (const f of cgroups.procsFiles) launcherArgs.push('--cgroup', f);
  launcherArgs.push('--rlimit', `cpu=${Math.max(1, Math.ceil(limits.cpuTimeSeconds))}`);
  launcherArgs.push('--rlimit', `as=${as}`, '--rlimit', `fsize=${limits.fileSizeBytes}`, '--rlimit', `nofile=${limits.openFiles ?? 256}`);
  launcherArgs.push('--', c.file, ...c.argv);

  const start = performance.now();
  const child = spawn(launcher, launcherArgs, {
    cwd: c.cwd,
    env: c.env,
    shell: false,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
  });
  let limit: LimitName | undefined;
  let cancelled = false;
  let killed = false;
  const kill = () => {
    if (killed) return;
    killed = true;
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // The group already ended.
    }
    cgroups.killAll();
  };
  const timer = setTimeout(() => {
    limit ??= 'wall-time';
    kill();
  }, limits.wallTimeMs);
  const onAbort = () => {
    cancelled = true;
    kill();
  };
  if (c.signal?.aborted === true) onAbort();
  c.signal?.addEventListener('abort', onAbort, { once: true });

  const chunks: [Buffer[], Buffer[]] = [[], []];
  let captured = 0;
  const capture = (stream: Readable, which: 0 | 1) => {
    stream.on('data', (chunk: Buffer) => {
      const kept = Math.max(0, Math.min(chunk.length, limits.outputBytes - captured));
      if (kept > 0) {
        chunks[which].push(kept < chunk.length ? chunk.subarray(0, kept) : chunk);
        captured += kept;
      }
      // Any byte past the cap is over the limit, also in a chunk after one that filled it exactly.
      if (kept < chunk.length) {
        limit ??= 'output';
        kill();
      }
    });
  };
  capture(child.stdout!, 0);
  capture(child.stderr!, 1);
  let report = '';
  (child.stdio[3] as Readable).on('data', (d: Buffer) => (report += d.toString('latin1')));

  const spawnError = await new Promise<Error | undefined>((resolve) => {
    child.on('error', (e) => resolve(e));
    child.on('close', () => resolve(undefined));
  });
  clearTimeout(timer);
  c.signal?.removeEventListener('abort', onAbort);
  const wallMs = performance.now() - start;
  if (spawnError !== undefined) {
    await cgroups.remove();
    throw spawnError;
  }
  const setupError = /^setup-error (.*)$/m.exec(report);
  if (setupError !== null || (report === '' && !killed)) {
    await cgroups.remove();
    const detail = setupError?.[1] ?? Buffer.concat(chunks[1]).toString('utf8').trim().slice(-500);
    throw new EngineSetupError('sandbox-launch-failed', `the sandbox launcher failed: ${detail || 'no report'}`);
  }
  // bwrap passes a signalled program on as exit status 128 + signal.
  const m = /^exit (-?\d+) (\d+) (\d+) (\d+)/m.exec(report);
  let exitCode: number | null = null;
  let signal = 0;
  let cpuMs = 0;
  if (m !== null) {
    const code = Number(m[1]);
    signal = Number(m[2]);
    cpuMs = (Number(m[3]) + Number(m[4])) / 1000;
    if (signal === 0 && code > 128 && code < 160) signal = code - 128;
    else if (signal === 0) exitCode = code;
  }
  if (limit === undefined && !cancelled) {
    if (cgroups.memoryLimitHit()) limit = 'memory';
    else if (signal === SIGXCPU) limit = 'cpu-time';
    else if (signal === SIGXFSZ) limit = 'output';
  }
  // bwrap does not reap its pid-namespace init, so rusage misses the program: prefer cpuacct.
  cpuMs = cgroups.cpuMs() ?? cpuMs;
  const enforced = cgroups.enforced;
  await cgroups.remove();
  const result: SandboxResult = {
    exitCode, signal, stdout: Buffer.concat(chunks[0]), stderr: Buffer.concat(chunks[1]),
    wallMs, cpuMs, cancelled, enforced,
  };
  if (limit !== undefined) result.limit = limit;
  return result;
}
