import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CORES } from '../../src/store/defaultCores.js';
import { addSubmodule, bareCopy, commitFiles, git, type GitDaemon, makeRepo, startGitDaemon } from '../engine/git/gitFixtures.js';
import { poll, runBuild } from './buildsHelpers.js';
import { startServer, type TestServer } from './helper.js';

let server: TestServer;
let root: string;
let daemon: GitDaemon;
let tip: string;
let first: string;
const bypass = DEFAULT_CORES.find((c) => c.Name === 'C0-Bypass')!.CoreID;
const microSD = DEFAULT_CORES.find((c) => c.Class === 'C0-microSD')!.CoreID;
const dataSource = { ResourceID: 'r1', ResourceType: 'PlatformCloudStorage', Location: 'a.csv' };

// A program in src/ that reads inputs/input-A.txt by bare name, uses code from a submodule
// (common/, outside the build directory) and a CFLAGS define; other.c has its own main and
// is left out by config.mk's SOURCES.
const MAIN_C = `#include <stdio.h>
#include "uxhw.h"
#include "../common/helper.h"
int main(int argc, char **argv) {
  FILE *f = fopen("input-A.txt", "r");
  if (f == NULL) { printf("no input\\n"); return 3; }
  double a = 0;
  if (fscanf(f, "%lf", &a) != 1) return 4;
  fclose(f);
  double x = UxHwDoubleUniformDist(a, a + 2.0);
  printf("value=%.2f scaled=%.2f bias=%d args=%d\\n", x, helper_scale(x), SCALE_BIAS, argc - 1);
  return 0;
}
`;

async function createRepository(extra: Record<string, unknown> = {}): Promise<string> {
  const res = await server.request('POST', '/repositories', {
    json: { RemoteURL: `${daemon.baseUrl}app.git`, Branch: 'main', Commit: 'HEAD', BuildDirectory: 'src', Arguments: 'one two', Core: bypass, ...extra },
  });
  if (res.status !== 201) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.RepositoryID;
}

async function buildOf(repositoryId: string, json: unknown = {}, query = ''): Promise<any> {
  const res = await server.request('POST', `/repositories/${repositoryId}/builds${query}`, { json });
  expect(res.status).toBe(202);
  return poll(server, `/builds/${res.body.BuildID}`);
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'uxkit-repo-api-'));
  makeRepo(join(root, 'w/lib'), {
    'helper.h': 'double helper_scale(double x);\n',
    'helper.c': '#include "helper.h"\ndouble helper_scale(double x) { return 2.0 * x; }\n',
  });
  bareCopy(join(root, 'w/lib'), join(root, 'lib.git'));
  const app = join(root, 'w/app');
  first = makeRepo(app, { 'README': 'nothing to build yet\n' });
  addSubmodule(app, join(root, 'lib.git'), 'common');
  git(app, 'config', '-f', '.gitmodules', 'submodule.common.url', '../lib.git');
  tip = commitFiles(app, {
    'src/main.c': MAIN_C,
    'src/other.c': 'int main(void) { return 9; }\n',
    'src/config.mk': '# sources relative to src/\nSOURCES = main.c \\\n  ../common/helper.c\nCFLAGS = -DSCALE_BIAS=7\n',
    'inputs/input-A.txt': '3\n',
    'empty/README': 'no sources here\n',
  }, 'program');
  bareCopy(app, join(root, 'app.git'));
  daemon = await startGitDaemon(root);
  server = await startServer({ config: { workers: 1, taskWallTimeMs: 20_000 } });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await daemon?.stop();
  rmSync(root, { recursive: true, force: true });
});

describe('POST /repositories/{id}/builds', () => {
  it('clones over git:// with the submodule, builds config.mk SOURCES with CFLAGS, records the commit, and tasks read inputs/ by bare name', async () => {
    const id = await createRepository();
    const build = await buildOf(id, {}, '?DiscoverVariables=true');
    expect(build.Status, JSON.stringify(build.StatusTransitions)).toBe('Completed');
    expect(build.Application).toEqual({
      Type: 'Repository',
      Repository: {
        RepositoryID: id, RemoteURL: `${daemon.baseUrl}app.git`, Branch: 'main', Commit: 'HEAD', BuildDirectory: 'src',
        DiscoverVariables: true, ResolvedCommit: tip,
      },
    });
    expect(build.BuildCoreSpecs.CoreID).toBe(bypass);
    expect(build.Arguments).toBe('one two');
    expect(build.StatusTransitions.map((t: any) => t.Message)).toContain(`cloned ${daemon.baseUrl}app.git branch main at commit ${tip}`);
    const { task, stdout } = await runBuild(server, build.BuildID);
    expect(task.Status).toBe('Completed');
    // Bypass core: the constructor returns the mean, (3 + 5) / 2.
    expect(stdout).toBe('value=4.00 scaled=8.00 bias=7 args=2\n');
  }, 120_000);

  it('takes CoreID, Arguments and DataSources from the body over the repository defaults; only literal true makes it public', async () => {
    const id = (await server.request('GET', `/repositories/lookup?remoteURL=${encodeURIComponent(`${daemon.baseUrl}app.git`)}&branch=main`)).body.RepositoryID;
    const xs = DEFAULT_CORES[0]!.CoreID;
    const res = await server.request('POST', `/repositories/${id}/builds`, { json: { CoreID: xs, Arguments: '', DataSources: [dataSource], IsPublic: 'true' } });
    expect(res.status).toBe(202);
    const build = (await server.request('GET', `/builds/${res.body.BuildID}`)).body;
    expect(build).toMatchObject({ Arguments: '', DataSources: [dataSource], IsPublic: false, BuildCoreSpecs: { CoreID: xs } });
    expect(build.Application.Repository.DiscoverVariables).toBe(false);
    await poll(server, `/builds/${res.body.BuildID}`);
  }, 120_000);

  it('stops with a clear message for an unknown branch, a commit not on the branch, and a build directory without sources', async () => {
    const branchRepo = await createRepository({ Branch: 'nope' });
    const b1 = await buildOf(branchRepo);
    expect(b1.Status).toBe('Stopped');
    expect(b1.StatusTransitions.at(-1).Message).toBe(`branch 'nope' does not exist in ${daemon.baseUrl}app.git`);
    // git daemon also serves app.git as app: another RemoteURL for the same repository.
    const commitRepo = await createRepository({ Branch: 'main', Commit: 'deadbeef', RemoteURL: `${daemon.baseUrl}app` });
    const b2 = await buildOf(commitRepo);
    expect(b2.Status).toBe('Stopped');
    expect(b2.StatusTransitions.at(-1).Message).toContain("commit 'deadbeef' is not on branch 'main'");
    const emptyRepo = await createRepository({ BuildDirectory: 'empty', RemoteURL: `file://${join(root, 'app.git')}`, Commit: first.slice(0, 8), Branch: 'main', Arguments: '' });
    const b3 = await buildOf(emptyRepo);
    expect(b3.Status).toBe('Stopped');
    expect(b3.StatusTransitions.at(-1).Message).toBe(`build directory 'empty' does not exist at commit ${first.slice(0, 12)}`);
    await server.request('PATCH', `/repositories/${emptyRepo}`, { json: { Commit: 'HEAD' } });
    const b4 = await buildOf(emptyRepo);
    expect(b4.StatusTransitions.at(-1).Message).toBe(`build directory 'empty' has no C, C++ or Fortran source files at commit ${tip.slice(0, 12)}`);
  }, 120_000);

  it('answers 403 for DataSources on a C0-microSD core, 404 for an unknown repository or core, 400 for a malformed id or body, 401', async () => {
    const id = (await server.request('GET', `/repositories/lookup?remoteURL=${encodeURIComponent(`${daemon.baseUrl}app.git`)}&branch=main`)).body.RepositoryID;
    const post = (path: string, json: unknown, key?: null) => server.request('POST', path, { json, ...(key === null && { key }) });
    expect((await post(`/repositories/${id}/builds`, { CoreID: microSD, DataSources: [dataSource] })).status).toBe(403);
    expect((await post(`/repositories/${id}/builds`, { CoreID: `cor_${'1'.repeat(32)}` })).status).toBe(404);
    expect((await post(`/repositories/rep_${'0'.repeat(32)}/builds`, {})).status).toBe(404);
    expect((await post('/repositories/rep_bad/builds', {})).status).toBe(400);
    expect((await post(`/repositories/${id}/builds`, { DataSources: Array(6).fill(dataSource) })).status).toBe(400);
    expect((await post(`/repositories/${id}/builds`, {}, null)).status).toBe(401);
  });
});

describe('GET /repositories/{id}/builds', () => {
  it('lists the repository\'s builds newest first with inclusive from/to; 400 bad bounds or startKey, 404 unknown, 401', async () => {
    const id = (await server.request('GET', `/repositories/lookup?remoteURL=${encodeURIComponent(`${daemon.baseUrl}app.git`)}&branch=main`)).body.RepositoryID;
    const res = await server.request('GET', `/repositories/${id}/builds`);
    expect(res.status).toBe(200);
    expect(res.body.RepositoryID).toBe(id);
    expect(res.body.Count).toBe(2);
    const [newer, older] = res.body.Builds;
    expect(newer.CreatedAt).toBeGreaterThanOrEqual(older.CreatedAt);
    expect(res.body.ContinuationKey).toBeUndefined();
    const at = new Date(older.CreatedAt * 1000).toISOString().slice(0, 19);
    const bounded = await server.request('GET', `/repositories/${id}/builds?from=${at}Z&to=${at}Z`);
    expect(bounded.body.Builds.map((b: any) => b.BuildID)).toContain(older.BuildID);
    expect((await server.request('GET', `/repositories/${id}/builds?from=2000-01-01&to=2000-01-02`)).body.Count).toBe(0);
    expect((await server.request('GET', `/repositories/${id}/builds?from=yesterday`)).status).toBe(400);
    expect((await server.request('GET', `/repositories/${id}/builds?startKey=nope`)).status).toBe(400);
    expect((await server.request('GET', `/repositories/rep_${'0'.repeat(32)}/builds`)).status).toBe(404);
    expect((await server.request('GET', '/repositories/x/builds')).status).toBe(400);
    expect((await server.request('GET', `/repositories/${id}/builds`, { key: null })).status).toBe(401);
  });
});
