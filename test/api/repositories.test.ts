import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BUILD_CORE, DEFAULT_CORES } from '../../src/store/defaultCores.js';
import { startServer, type TestServer } from './helper.js';

let server: TestServer;
const bypass = DEFAULT_CORES.find((c) => c.Name === 'C0-Bypass')!.CoreID;
const body = (n: number | string, extra: Record<string, unknown> = {}) => ({
  RemoteURL: `https://example.invalid/org/repo-${n}.git`, Branch: 'main', Commit: 'HEAD', BuildDirectory: 'src', Arguments: '', ...extra,
});
const dataSource = { ResourceID: 'r1', ResourceType: 'PlatformCloudStorage', Location: 'inputs/a.csv' };
const missing = `rep_${'0'.repeat(32)}`;

beforeAll(async () => {
  server = await startServer({ config: { workers: 0, pageSize: 3 } });
});
afterAll(async () => {
  await server.close();
});

describe('POST /repositories', () => {
  it('creates a repository and returns its full object with defaults (201)', async () => {
    const res = await server.request('POST', '/repositories', { json: { RemoteURL: 'git://example.invalid/a.git', Branch: 'dev', Arguments: '-n 3' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      Owner: server.userId, RemoteURL: 'git://example.invalid/a.git', Branch: 'dev', Commit: 'HEAD', BuildDirectory: 'src',
      Arguments: '-n 3', Core: DEFAULT_BUILD_CORE.CoreID, DataSources: [], TraceVariables: [],
    });
    expect(res.body.RepositoryID).toMatch(/^rep_[0-9a-f]{32}$/);
    expect(res.body.CreatedAt).toBe(res.body.UpdatedAt);
    expect((await server.request('GET', `/repositories/${res.body.RepositoryID}`)).body).toEqual(res.body);
  });

  it('answers 400 for a missing or malformed RemoteURL and other unusable fields', async () => {
    for (const json of [
      { Branch: 'main', Arguments: '' }, body(0, { RemoteURL: 'not a url' }), body(0, { RemoteURL: 'ext::sh -c x' }),
      body(0, { RemoteURL: '-oProxyCommand=x' }), body(0, { RemoteURL: 'ftp://h/x.git' }), body(0, { Branch: '--all' }),
      body(0, { Commit: 'main~1' }), body(0, { BuildDirectory: '../etc' }), body(0, { Arguments: 'a | b' }),
      body(0, { Core: 'cor_nope' }), { RemoteURL: 'https://h/x.git', Branch: 'main' },
    ]) {
      const res = await server.request('POST', '/repositories', { json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.error).toBe('Bad Request');
    }
    expect((await server.request('POST', '/repositories', { json: body(0, { RemoteURL: 'nope' }) })).body.message)
      .toMatch(/RemoteURL 'nope' is not a git remote URL/);
  });

  it('answers 409 with the existing RepositoryID for the same RemoteURL and Branch, and accepts another branch', async () => {
    const first = await server.request('POST', '/repositories', { json: body('dup') });
    const again = await server.request('POST', '/repositories', { json: body('dup', { Arguments: 'x' }) });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain(first.body.RepositoryID);
    expect((await server.request('POST', '/repositories', { json: body('dup', { Branch: 'dev' }) })).status).toBe(201);
  });

  it('of two concurrent registrations of one pair, exactly one succeeds and the other is 409', async () => {
    const results = await Promise.all([1, 2, 3, 4].map(() => server.request('POST', '/repositories', { json: body('race') })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
  });

  it('answers 403 beyond the tier limit of repositories', async () => {
    const free = await server.addUser('free-repos', 'Free');
    expect((await server.request('POST', '/repositories', { json: body('f1'), key: free.apiKey })).status).toBe(201);
    const res = await server.request('POST', '/repositories', { json: body('f2'), key: free.apiKey });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('repositories limit reached: the Free tier allows 1');
  });

  it('answers 401 without credentials', async () => {
    expect((await server.request('POST', '/repositories', { json: body('anon'), key: null })).status).toBe(401);
  });
});

describe('GET /repositories, GET by id, lookup, DELETE', () => {
  it('pages by ContinuationKey through every repository of the account exactly once, ordered by RepositoryID', async () => {
    const user = await server.addUser('pager', 'Enterprise');
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push((await server.request('POST', '/repositories', { json: body(`p${i}`), key: user.apiKey })).body.RepositoryID);
    const seen: string[] = [];
    let key: string | undefined;
    do {
      const res = await server.request('GET', `/repositories${key === undefined ? '' : `?startKey=${key}`}`, { key: user.apiKey });
      expect(res.status).toBe(200);
      expect(res.body.UserID).toBe(user.userId);
      expect(res.body.Count).toBe(res.body.Repositories.length);
      seen.push(...res.body.Repositories.map((r: any) => r.RepositoryID));
      key = res.body.ContinuationKey;
    } while (key !== undefined);
    expect(seen).toEqual([...ids].sort());
    expect((await server.request('GET', '/repositories', { key: null })).status).toBe(401);
  });

  it('GET by id: 400 malformed, 404 unknown or another account\'s, 401 without key', async () => {
    const mine = (await server.request('POST', '/repositories', { json: body('get') })).body.RepositoryID;
    const other = await server.addUser('other-get', 'Enterprise');
    expect((await server.request('GET', '/repositories/rep_xyz')).status).toBe(400);
    expect((await server.request('GET', `/repositories/${missing}`)).status).toBe(404);
    expect((await server.request('GET', `/repositories/${mine}`, { key: other.apiKey })).status).toBe(404);
    expect((await server.request('GET', `/repositories/${mine}`, { key: null })).status).toBe(401);
  });

  it('lookup finds the RepositoryID by remoteURL and branch; 400 when either is missing, 404 when none', async () => {
    const created = (await server.request('POST', '/repositories', { json: body('look', { Branch: 'feature/x' }) })).body;
    const q = (s: string) => server.request('GET', `/repositories/lookup${s}`);
    const url = encodeURIComponent(created.RemoteURL);
    expect((await q(`?remoteURL=${url}&branch=feature%2Fx`)).body).toEqual({ RepositoryID: created.RepositoryID });
    expect((await q(`?remoteURL=${url}`)).status).toBe(400);
    expect((await q('?branch=main')).status).toBe(400);
    expect((await q(`?remoteURL=${url}&branch=main`)).status).toBe(404);
    expect((await server.request('GET', `/repositories/lookup?remoteURL=${url}&branch=main`, { key: null })).status).toBe(401);
  });

  it('DELETE removes the repository (then 404), 404 for unknown or malformed ids, 401 without key', async () => {
    const id = (await server.request('POST', '/repositories', { json: body('del') })).body.RepositoryID;
    expect((await server.request('DELETE', `/repositories/${id}`, { key: null })).status).toBe(401);
    expect((await server.request('DELETE', `/repositories/${id}`)).body).toEqual({ message: `repository ${id} deleted` });
    expect((await server.request('GET', `/repositories/${id}`)).status).toBe(404);
    expect((await server.request('DELETE', `/repositories/${id}`)).status).toBe(404);
    expect((await server.request('DELETE', '/repositories/nope')).status).toBe(404);
    // The pair is free again.
    expect((await server.request('POST', '/repositories', { json: body('del') })).status).toBe(201);
  });
});

describe('PATCH /repositories/{id}', () => {
  it('changes fields and returns the repository (200); unchanged body or no body: 400', async () => {
    const id = (await server.request('POST', '/repositories', { json: body('patch') })).body.RepositoryID;
    const res = await server.request('PATCH', `/repositories/${id}`, { json: { Core: bypass, DataSources: [dataSource], Arguments: 'a b' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ RepositoryID: id, Core: bypass, DataSources: [dataSource], Arguments: 'a b' });
    const same = await server.request('PATCH', `/repositories/${id}`, { json: { Core: bypass } });
    expect(same.status).toBe(400);
    expect(same.body.message).toBe('nothing to update');
    expect((await server.request('PATCH', `/repositories/${id}`)).status).toBe(400);
    expect((await server.request('PATCH', `/repositories/${id}`, { json: { RemoteURL: 'bad url' } })).status).toBe(400);
  });

  it('?remove= resets DataSources, Core and TraceVariables to their defaults, ignoring other names and the body', async () => {
    const tv = [{ File: 'main.c', LineNumber: 3, Expression: 'x' }];
    const id = (await server.request('POST', '/repositories', { json: body('remove', { Core: bypass, DataSources: [dataSource], TraceVariables: tv }) })).body.RepositoryID;
    const res = await server.request('PATCH', `/repositories/${id}?remove=DataSources&remove=Core&remove=Bogus`, { json: { Arguments: 'ignored' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ Core: DEFAULT_BUILD_CORE.CoreID, DataSources: [], TraceVariables: tv, Arguments: '' });
    expect((await server.request('PATCH', `/repositories/${id}?remove=TraceVariables`)).body.TraceVariables).toEqual([]);
    expect((await server.request('PATCH', `/repositories/${id}?remove=Bogus`)).status).toBe(400);
  });

  it('answers 409 when the new RemoteURL and Branch collide with another repository, 404 unknown, 400 malformed, 401', async () => {
    const a = (await server.request('POST', '/repositories', { json: body('colA') })).body.RepositoryID;
    const b = (await server.request('POST', '/repositories', { json: body('colB') })).body.RepositoryID;
    const res = await server.request('PATCH', `/repositories/${b}`, { json: { RemoteURL: body('colA').RemoteURL } });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain(a);
    expect((await server.request('PATCH', `/repositories/${missing}`, { json: { Arguments: 'x' } })).status).toBe(404);
    expect((await server.request('PATCH', '/repositories/rep_1', { json: { Arguments: 'x' } })).status).toBe(400);
    expect((await server.request('PATCH', `/repositories/${a}`, { json: { Arguments: 'x' }, key: null })).status).toBe(401);
  });
});
