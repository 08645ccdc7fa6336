import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneRepository } from '../../../src/engine/git/cloneRepository.js';
import { GitError } from '../../../src/engine/git/GitError.js';
import { addSubmodule, bareCopy, commitFiles, git, type GitDaemon, makeRepo, startGitDaemon } from './gitFixtures.js';

let root: string;
let daemon: GitDaemon;
let first: string;
let tip: string;

async function cloneError(p: Promise<unknown>): Promise<GitError> {
  const error = await p.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(GitError);
  return error as GitError;
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'uxkit-git-'));
  makeRepo(join(root, 'w/lib'), { 'helper.h': 'int helper(void);\n' });
  bareCopy(join(root, 'w/lib'), join(root, 'lib.git'));
  const app = join(root, 'w/app');
  first = makeRepo(app, { 'src/main.c': 'int main(void) { return 1; }\n', 'inputs/input-A.txt': '3\n' });
  addSubmodule(app, join(root, 'lib.git'), 'common');
  // Relative URL: resolved against whatever remote the repository is cloned from.
  git(app, 'config', '-f', '.gitmodules', 'submodule.common.url', '../lib.git');
  tip = commitFiles(app, { 'src/main.c': 'int main(void) { return 0; }\n' }, 'second');
  git(app, 'branch', 'other', first);
  bareCopy(app, join(root, 'app.git'));
  // A repository whose submodule is an absolute file:// URL.
  const local = join(root, 'w/local');
  makeRepo(local, { 'src/a.c': 'int main(void) { return 0; }\n' });
  addSubmodule(local, `file://${join(root, 'lib.git')}`, 'common');
  bareCopy(local, join(root, 'local.git'));
  makeRepo(join(root, 'w/big'), { 'blob.bin': randomBytes(400_000).toString('base64') });
  bareCopy(join(root, 'w/big'), join(root, 'big.git'));
  daemon = await startGitDaemon(root);
}, 30_000);

afterAll(async () => {
  await daemon.stop();
  rmSync(root, { recursive: true, force: true });
});

describe('cloneRepository', () => {
  it('clones the tip of a branch over git:// with its submodules and returns the full commit hash', async () => {
    const dest = join(root, 'out/tip');
    const cloned = await cloneRepository({ url: `${daemon.baseUrl}app.git`, branch: 'main', commit: 'HEAD', dest });
    expect(cloned.commit).toBe(tip);
    expect(readFileSync(join(dest, 'src/main.c'), 'utf8')).toContain('return 0');
    expect(readFileSync(join(dest, 'common/helper.h'), 'utf8')).toBe('int helper(void);\n');
    expect(readFileSync(join(dest, 'inputs/input-A.txt'), 'utf8')).toBe('3\n');
  });

  it('checks out a named earlier commit of the branch, by full or abbreviated hash', async () => {
    for (const commit of [first, first.slice(0, 10)]) {
      const dest = join(root, `out/c-${commit.length}`);
      const cloned = await cloneRepository({ url: `${daemon.baseUrl}app.git`, branch: 'main', commit, dest });
      expect(cloned.commit).toBe(first);
      expect(readFileSync(join(dest, 'src/main.c'), 'utf8')).toContain('return 1');
      expect(existsSync(join(dest, 'common'))).toBe(false);
    }
  });

  it('clones another branch than the default one', async () => {
    const cloned = await cloneRepository({ url: `${daemon.baseUrl}app.git`, branch: 'other', commit: 'HEAD', dest: join(root, 'out/other') });
    expect(cloned.commit).toBe(first);
  });

  it('clones file:// remotes whose submodules are file:// too (protocol.file.allow for local remotes only)', async () => {
    const dest = join(root, 'out/local');
    await cloneRepository({ url: `file://${join(root, 'local.git')}`, branch: 'main', commit: 'HEAD', dest });
    expect(existsSync(join(dest, 'common/helper.h'))).toBe(true);
  });

  it('refuses a file:// submodule of a network remote', async () => {
    const dest = join(root, 'out/refused');
    const e = await cloneError(cloneRepository({ url: `${daemon.baseUrl}local.git`, branch: 'main', commit: 'HEAD', dest }));
    expect(e.code).toBe('UXK_ERR_GIT_FAILED');
    expect(e.message).toMatch(/submodules/);
    expect(existsSync(dest)).toBe(false);
  });

  it('names an unknown branch', async () => {
    const e = await cloneError(cloneRepository({ url: `${daemon.baseUrl}app.git`, branch: 'nope', commit: 'HEAD', dest: join(root, 'out/nb') }));
    expect(e.code).toBe('UXK_ERR_GIT_BRANCH');
    expect(e.message).toBe(`branch 'nope' does not exist in ${daemon.baseUrl}app.git`);
  });

  it('names a commit that is not on the branch', async () => {
    const e = await cloneError(cloneRepository({ url: `${daemon.baseUrl}app.git`, branch: 'other', commit: tip, dest: join(root, 'out/nc') }));
    expect(e.code).toBe('UXK_ERR_GIT_COMMIT');
    expect(e.message).toContain(`commit '${tip}' is not on branch 'other'`);
  });

  it('reports a repository that does not exist and leaves no folder behind', async () => {
    const dest = join(root, 'out/missing');
    const e = await cloneError(cloneRepository({ url: `${daemon.baseUrl}missing.git`, branch: 'main', commit: 'HEAD', dest }));
    expect(e.code).toBe('UXK_ERR_GIT_FAILED');
    expect(e.message).toMatch(/^could not clone git:\/\/127\.0\.0\.1:\d+\/missing\.git: /);
    expect(existsSync(dest)).toBe(false);
  });

  it('stops a clone larger than maxBytes', async () => {
    const e = await cloneError(cloneRepository({ url: `${daemon.baseUrl}big.git`, branch: 'main', commit: 'HEAD', dest: join(root, 'out/big'), maxBytes: 100_000 }));
    expect(e.code).toBe('UXK_ERR_GIT_TOO_LARGE');
    expect(e.message).toContain('larger than 100000 bytes');
  });

  describe('against a remote that never answers', () => {
    let silent: Server;
    const sockets: Socket[] = [];
    let url: string;
    beforeAll(async () => {
      silent = createServer((s) => { sockets.push(s); });
      await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
      url = `git://127.0.0.1:${(silent.address() as { port: number }).port}/x.git`;
    });
    afterAll(async () => {
      for (const s of sockets) s.destroy();
      await new Promise((r) => silent.close(r));
    });

    it('kills the clone at its time limit', async () => {
      const e = await cloneError(cloneRepository({ url, branch: 'main', commit: 'HEAD', dest: join(root, 'out/slow'), timeoutMs: 500 }));
      expect(e.code).toBe('UXK_ERR_GIT_TIMEOUT');
      expect(e.message).toBe('cloning ' + url + ' took longer than 1 s');
    });

    it('stops when its signal aborts', async () => {
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 200);
      const e = await cloneError(cloneRepository({ url, branch: 'main', commit: 'HEAD', dest: join(root, 'out/cancel'), signal: controller.signal }));
      expect(e.code).toBe('UXK_ERR_GIT_CANCELLED');
    });
  });

  it('refuses option-like and ext:: remotes and option-like branches before running git', async () => {
    const dest = join(root, 'out/bad');
    for (const [url, branch, commit] of [
      ['-uhttps://x/y', 'main', 'HEAD'], ['ext::sh -c touch% /tmp/pwned', 'main', 'HEAD'],
      [`${daemon.baseUrl}app.git`, '--upload-pack=touch /tmp/x', 'HEAD'], [`${daemon.baseUrl}app.git`, 'main', '--all'],
    ] as const) {
      const e = await cloneError(cloneRepository({ url, branch, commit, dest }));
      expect(e.code).toBe('UXK_ERR_GIT_INPUT');
    }
  });
});
