import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';

const ENV = {
  ...process.env,
  GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_AUTHOR_NAME: 'uxkit test', GIT_AUTHOR_EMAIL: 'test@uxkit.invalid',
  GIT_COMMITTER_NAME: 'uxkit test', GIT_COMMITTER_EMAIL: 'test@uxkit.invalid',
};

/** Runs git in `cwd` (test setup only) and returns its trimmed stdout. */
export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, env: ENV, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

/** Creates a repository at `dir` on branch `main` with `files`, committed; returns the commit hash. */
export function makeRepo(dir: string, files: Record<string, string>, message = 'initial'): string {
  mkdirSync(dir, { recursive: true });
  git(dir, 'init', '--quiet', '--initial-branch=main');
  return commitFiles(dir, files, message);
}

export function commitFiles(dir: string, files: Record<string, string>, message: string): string {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  git(dir, 'add', '--all');
  git(dir, 'commit', '--quiet', '-m', message);
  return git(dir, 'rev-parse', 'HEAD');
}

/** Adds `subUrl` as a submodule at `path` of the repository `dir` and commits it. */
export function addSubmodule(dir: string, subUrl: string, path: string): string {
  git(dir, '-c', 'protocol.file.allow=always', 'submodule', '--quiet', 'add', subUrl, path);
  git(dir, 'commit', '--quiet', '-m', `submodule ${path}`);
  return git(dir, 'rev-parse', 'HEAD');
}

/** Makes a bare copy `<dir>.git` that a daemon or file:// URL serves. */
export function bareCopy(dir: string, bare: string): void {
  execFileSync('git', ['clone', '--quiet', '--bare', dir, bare], { env: ENV, stdio: 'ignore' });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export interface GitDaemon {
  /** git://127.0.0.1:<port>/ */
  baseUrl: string;
  stop(): Promise<void>;
}

/** A real `git daemon` on loopback exporting every repository under `root`. */
export async function startGitDaemon(root: string): Promise<GitDaemon> {
  const port = await freePort();
  const child: ChildProcess = spawn('git', [
    'daemon', '--reuseaddr', '--export-all', `--base-path=${root}`, '--listen=127.0.0.1', `--port=${port}`, root,
  ], { env: ENV, stdio: 'ignore' });
  const baseUrl = `git://127.0.0.1:${port}/`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const probe = spawn('git', ['ls-remote', `${baseUrl}probe-missing.git`], { env: ENV, stdio: ['ignore', 'ignore', 'pipe'] });
      let err = '';
      probe.stderr.on('data', (b: Buffer) => { err += b.toString(); });
      probe.on('close', () => resolve(!/Connection refused|unable to connect/i.test(err)));
    });
    if (ok) break;
    if (Date.now() > deadline) throw new Error('git daemon did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    baseUrl,
    stop: () => new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    }),
  };
}
