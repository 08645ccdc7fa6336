import { spawn } from 'node:child_process';
import { EngineSetupError } from '../errors.js';
import { GitError } from './GitError.js';

export interface GitResult {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  /** True when the command was killed by the deadline or the signal. */
  killed: boolean;
}

export interface RunGitOptions {
  cwd?: string;
  /** Absolute performance.now() deadline; the command is killed when it passes. */
  deadline: number;
  signal?: AbortSignal;
  /** Extra `-c name=value` settings for this command only. */
  config?: readonly string[];
}

/** Output kept per stream: enough for diagnostics, bounded whatever git prints. */
const MAX_CAPTURE = 64 * 1024;

/**
 * The environment of every git command: no prompts (a credential request fails at once),
 * no system or user configuration (the server's settings must not change what a clone does),
 * no askpass helper, English messages.
 */
function gitEnv(): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: '/nonexistent',
    LANG: 'C', LC_ALL: 'C',
    GIT_TERMINAL_PROMPT: '0',
    GIT_ASKPASS: '/bin/false', SSH_ASKPASS: '/bin/false',
    GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_SSH_COMMAND: 'ssh -o BatchMode=yes -o StrictHostKeyChecking=accept-new',
  };
}

/**
 * Runs `git <args>` without a shell (argv array), with a deadline and an abort signal.
 * Never rejects for a non-zero exit: the caller reads exitCode; a git that cannot be
 * started at all is a GitError.
 */
export function runGit(args: readonly string[], o: RunGitOptions): Promise<GitResult> {
  const argv = [...(o.config ?? []).flatMap((c) => ['-c', c]), ...args];
  return new Promise((resolve, reject) => {
    const child = spawn('git', argv, { cwd: o.cwd, env: gitEnv(), shell: false, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let outBytes = 0;
    let errBytes = 0;
    let killed = false;
    // git forks helpers (remote-http, index-pack): kill the whole process group.
    const kill = (): void => {
      killed = true;
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    const timer = setTimeout(kill, Math.max(1, o.deadline - performance.now()));
    o.signal?.addEventListener('abort', kill, { once: true });
    child.stdout.on('data', (b: Buffer) => {
      if (outBytes < MAX_CAPTURE) out.push(b);
      outBytes += b.length;
    });
    child.stderr.on('data', (b: Buffer) => {
      if (errBytes < MAX_CAPTURE) err.push(b);
      errBytes += b.length;
    });
    child.on('error', (e) => {
      clearTimeout(timer);
      o.signal?.removeEventListener('abort', kill);
      // The server's setup is at fault, not the user's repository: an internal error.
      reject(new EngineSetupError('UXK_ERR_GIT_UNAVAILABLE', `git cannot be started: ${e.message}`));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      o.signal?.removeEventListener('abort', kill);
      resolve({ exitCode: code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), killed });
    });
  });
}
