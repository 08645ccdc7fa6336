import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { directorySize } from './directorySize.js';
import { GitError } from './GitError.js';
import { branchProblem, commitProblem } from './refNames.js';
import { isLocalRemote, redactRemoteUrl, remoteUrlProblem } from './remoteUrl.js';
import { type GitResult, runGit } from './runGit.js';

export interface CloneOptions {
  url: string;
  branch: string;
  /** `HEAD` (the branch tip) or a full or abbreviated hash of a commit on the branch. */
  commit: string;
  /** Folder to create (removed first when it exists). */
  dest: string;
  /** Wall time of the whole clone, submodules included (default 120 s). */
  timeoutMs?: number;
  /** Largest size of the clone on disk, .git and submodules included (default 512 MiB). */
  maxBytes?: number;
  signal?: AbortSignal;
}

export interface ClonedRepository {
  dir: string;
  /** Full hash of the checked-out commit. */
  commit: string;
}

export const DEFAULT_CLONE_TIMEOUT_MS = 120_000;
export const DEFAULT_CLONE_MAX_BYTES = 512 * 1024 * 1024;
/** How often the clone's size is measured while git writes it. */
const SIZE_POLL_MS = 250;

/** Last meaningful stderr line of git, for a one-line message. */
function gitSays(r: GitResult): string {
  const lines = r.stderr.split('\n').map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('Cloning into') && !l.startsWith('hint:'));
  return lines[lines.length - 1] ?? `git exited with status ${r.exitCode}`;
}

/**
 * Clones `branch` of `url` into `dest`, checks out `commit` (detached) with its submodules
 * (recursively), and returns the resolved hash. git runs without a shell, prompts or user
 * configuration; `ext::` is refused, and the file transport inside submodules is allowed
 * only when the repository itself is a file:// remote (so a remote repository cannot make
 * the server read its local repositories). The clone's size is watched while git writes and
 * the clone is killed past `maxBytes` or `timeoutMs`. Every failure is a GitError saying
 * what to fix; on failure `dest` is removed.
 */
export async function cloneRepository(o: CloneOptions): Promise<ClonedRepository> {
  const problem = remoteUrlProblem(o.url) ?? branchProblem(o.branch) ?? commitProblem(o.commit);
  if (problem !== undefined) throw new GitError('UXK_ERR_GIT_INPUT', problem);
  const timeoutMs = o.timeoutMs ?? DEFAULT_CLONE_TIMEOUT_MS;
  const maxBytes = o.maxBytes ?? DEFAULT_CLONE_MAX_BYTES;
  const deadline = performance.now() + timeoutMs;
  const shown = redactRemoteUrl(o.url);
  const config = [
    'protocol.ext.allow=never',
    `protocol.file.allow=${isLocalRemote(o.url) ? 'always' : 'never'}`,
    'core.hooksPath=/dev/null',
    'advice.detachedHead=false',
  ];
  const stop = new AbortController();
  const onAbort = (): void => stop.abort();
  o.signal?.addEventListener('abort', onAbort, { once: true });
  let oversize = false;
  let measuring = false;
  const watch = setInterval(() => {
    if (measuring) return;
    measuring = true;
    void directorySize(o.dest, maxBytes).then((size) => {
      measuring = false;
      if (size > maxBytes) {
        oversize = true;
        stop.abort();
      }
    });
  }, SIZE_POLL_MS);
  const git = (args: string[], cwd?: string): Promise<GitResult> =>
    runGit(args, { deadline, signal: stop.signal, config, ...(cwd !== undefined && { cwd }) });
  const fail = (r: GitResult, what: string): GitError => {
    if (oversize) return new GitError('UXK_ERR_GIT_TOO_LARGE', `the clone of ${shown} is larger than ${maxBytes} bytes`);
    if (o.signal?.aborted === true) return new GitError('UXK_ERR_GIT_CANCELLED', 'the clone was cancelled');
    if (r.killed) return new GitError('UXK_ERR_GIT_TIMEOUT', `cloning ${shown} took longer than ${Math.round(timeoutMs / 1000)} s`);
    return new GitError('UXK_ERR_GIT_FAILED', `${what}: ${gitSays(r)}`, r.stderr);
  };
  try {
    rmSync(o.dest, { recursive: true, force: true });
    mkdirSync(dirname(o.dest), { recursive: true });
    // The tip alone is enough for HEAD; a named commit needs the branch's history.
    const depth = o.commit === 'HEAD' ? ['--depth', '1'] : [];
    const clone = await git(['clone', '--quiet', '--no-checkout', '--single-branch', '--branch', o.branch, ...depth, '--', o.url, o.dest]);
    if (clone.exitCode !== 0) {
      if (/Remote branch .* not found/.test(clone.stderr)) {
        throw new GitError('UXK_ERR_GIT_BRANCH', `branch '${o.branch}' does not exist in ${shown}`, clone.stderr);
      }
      throw fail(clone, `could not clone ${shown}`);
    }
    const resolved = await git(['rev-parse', '--verify', '--quiet', `${o.commit}^{commit}`], o.dest);
    if (resolved.exitCode !== 0 || resolved.killed) {
      if (resolved.killed || oversize) throw fail(resolved, 'could not resolve the commit');
      throw new GitError('UXK_ERR_GIT_COMMIT', `commit '${o.commit}' is not on branch '${o.branch}' of ${shown}`);
    }
    const commit = resolved.stdout.trim();
    const checkout = await git(['checkout', '--quiet', '--detach', commit], o.dest);
    if (checkout.exitCode !== 0) throw fail(checkout, `could not check out ${commit}`);
    if (existsSync(join(o.dest, '.gitmodules'))) {
      const sub = await git(['submodule', '--quiet', 'update', '--init', '--recursive'], o.dest);
      if (sub.exitCode !== 0) throw fail(sub, 'could not fetch the submodules');
    }
    if (await directorySize(o.dest, maxBytes) > maxBytes) {
      oversize = true;
      throw new GitError('UXK_ERR_GIT_TOO_LARGE', `the clone of ${shown} is larger than ${maxBytes} bytes`);
    }
    return { dir: o.dest, commit };
  } catch (error) {
    rmSync(o.dest, { recursive: true, force: true });
    throw error;
  } finally {
    clearInterval(watch);
    o.signal?.removeEventListener('abort', onAbort);
  }
}
