import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CORES } from '../../src/store/defaultCores.js';
import { startServer, type TestServer } from './helper.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({
    config: {
      pageSize: 3,
      tiers: {
        'Free': { requestsPerWindow: null, customCores: 2, repositories: 1, maxPrecision: 64, maxMemorySize: 2 ** 28 },
        'Developer': { requestsPerWindow: null, customCores: 5, repositories: 5, maxPrecision: 256, maxMemorySize: 2 ** 30 },
        'Developer+API': { requestsPerWindow: null, customCores: 50, repositories: 50, maxPrecision: 512, maxMemorySize: 2 ** 32 },
        'Enterprise': { requestsPerWindow: null, customCores: 100, repositories: 100, maxPrecision: 4096, maxMemorySize: 2 ** 36 },
      },
    },
  });
});
afterAll(async () => {
  await server.close();
});

const spec = { Name: 'mine', Class: 'C0', Microarchitecture: 'Athens', CorrelationTracking: 'Disable', MemorySize: 2 ** 26, Precision: 32 };

describe('default cores', () => {
  it('GET /cores?default lists every default core (any value, even false), paged by ContinuationKey', async () => {
    const seen: string[] = [];
    let startKey = '';
    for (let i = 0; i < 10; i++) {
      const res = await server.request('GET', `/cores?default=false${startKey ? `&startKey=${startKey}` : ''}`);
      expect(res.status).toBe(200);
      expect(res.body.UserID).toBe(server.userId);
      expect(res.body.Count).toBe(res.body.Cores.length);
      seen.push(...res.body.Cores.map((c: any) => c.CoreID));
      if (res.body.ContinuationKey === undefined) break;
      startKey = res.body.ContinuationKey;
    }
    expect(seen.sort()).toEqual(DEFAULT_CORES.map((c) => c.CoreID).sort());
    const names = DEFAULT_CORES.map((c) => c.Name);
    expect(names).toEqual(expect.arrayContaining(['C0-XS', 'C0-S+', 'C0-XL', 'C0-XL+', 'C0-Bypass', 'C0-Reference', 'C0-microSD']));
  });

  it('default CoreIDs are stable: C0-XS is always the same id', () => {
    const xs = DEFAULT_CORES.find((c) => c.Name === 'C0-XS')!;
    // sha256("uxkit default core C0-XS"), first 32 hex: identical on every install.
    expect(xs.CoreID).toMatch(/^cor_[0-9a-f]{32}$/);
    expect(xs.Precision).toBe(32);
    expect(xs.Microarchitecture).toBe('Athens');
  });

  it('GET /cores/{id} finds a default core only with the default flag', async () => {
    const id = DEFAULT_CORES[0]!.CoreID;
    const withFlag = await server.request('GET', `/cores/${id}?default`);
    expect(withFlag.status).toBe(200);
    expect(withFlag.body).toMatchObject({ Object: 'Core', CoreID: id, Name: 'C0-XS' });
    expect((await server.request('GET', `/cores/${id}`)).status).toBe(404);
  });

  it('default cores cannot be changed (403) or deleted (400)', async () => {
    const id = DEFAULT_CORES[0]!.CoreID;
    expect((await server.request('PATCH', `/cores/${id}`, { json: { Name: 'x' } })).status).toBe(403);
    expect((await server.request('DELETE', `/cores/${id}`)).status).toBe(400);
  });
});

describe('custom cores', () => {
  it('POST /cores creates a core (201) that GET, PATCH and DELETE then see', async () => {
    const created = await server.request('POST', '/cores', { json: spec });
    expect(created.status).toBe(201);
    const core = created.body;
    expect(core).toMatchObject({ ...spec, Object: 'Core', Owner: server.userId });
    expect(core.CoreID).toMatch(/^cor_[0-9a-f]{32}$/);
    expect(Number.isInteger(core.CreatedAt)).toBe(true);
    expect(Math.abs(core.CreatedAt - Date.now() / 1000)).toBeLessThan(60);

    const got = await server.request('GET', `/cores/${core.CoreID}`);
    expect(got.body).toEqual(core);
    const listed = await server.request('GET', '/cores');
    expect(listed.body.Cores.map((c: any) => c.CoreID)).toContain(core.CoreID);

    const patched = await server.request('PATCH', `/cores/${core.CoreID}`, { json: { ...spec, Precision: 64 } });
    expect(patched.status).toBe(200);
    expect(typeof patched.body.message).toBe('string');
    expect((await server.request('GET', `/cores/${core.CoreID}`)).body.Precision).toBe(64);

    const deleted = await server.request('DELETE', `/cores/${core.CoreID}`);
    expect(deleted.status).toBe(200);
    expect((await server.request('GET', `/cores/${core.CoreID}`)).status).toBe(404);
    expect((await server.request('DELETE', `/cores/${core.CoreID}`)).status).toBe(404);
  });

  it('PATCH with the same values, an empty object or no body is a 400', async () => {
    const core = (await server.request('POST', '/cores', { json: spec })).body;
    const same = await server.request('PATCH', `/cores/${core.CoreID}`, { json: spec });
    expect(same.status).toBe(400);
    expect(same.body.message).toBe('nothing to update');
    expect((await server.request('PATCH', `/cores/${core.CoreID}`, { json: {} })).body.message).toBe('nothing to update');
    expect((await server.request('PATCH', `/cores/${core.CoreID}`)).body.message).toBe('empty request body');
    await server.request('DELETE', `/cores/${core.CoreID}`);
  });

  it('every CorePost field is validated with a message naming it', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...spec, Class: 'C9' }, /Class.*one of C0, C0Pro/],
      [{ ...spec, Microarchitecture: 'Mars' }, /Microarchitecture.*one of/],
      [{ ...spec, CorrelationTracking: 'Sometimes' }, /CorrelationTracking.*one of Disable, Autocorrelation/],
      [{ ...spec, Precision: 0 }, /Precision/],
      [{ ...spec, Precision: 48 }, /Precision must be a power of two/],
      [{ ...spec, Precision: 'many' }, /Precision/],
      [{ ...spec, MemorySize: 10 }, /MemorySize/],
      [{ ...spec, Name: '' }, /Name/],
      [{ Class: 'C0', Microarchitecture: 'Athens', Precision: 32 }, /missing field 'Name'/],
      [{ ...spec, Microarchitecture: 'Bypass', CorrelationTracking: 'Autocorrelation' }, /Bypass/],
    ];
    for (const [body, message] of cases) {
      const res = await server.request('POST', '/cores', { json: body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
  });

  it('a malformed CoreID is 400; another account\'s core is 404', async () => {
    expect((await server.request('GET', '/cores/not-an-id')).status).toBe(400);
    const other = await server.addUser('other', 'Enterprise');
    const theirs = (await server.request('POST', '/cores', { json: spec, key: other.apiKey })).body;
    expect((await server.request('GET', `/cores/${theirs.CoreID}`)).status).toBe(404);
    expect((await server.request('PATCH', `/cores/${theirs.CoreID}`, { json: { Name: 'x' } })).status).toBe(404);
    expect((await server.request('DELETE', `/cores/${theirs.CoreID}`)).status).toBe(404);
  });

  it('resources beyond the tier are 403, on POST and on PATCH', async () => {
    const free = await server.addUser('free-cores', 'Free');
    const big = await server.request('POST', '/cores', { json: { ...spec, Precision: 128 }, key: free.apiKey });
    expect(big.status).toBe(403);
    expect(big.body.message).toMatch(/Free tier/);
    const core = (await server.request('POST', '/cores', { json: spec, key: free.apiKey })).body;
    const patch = await server.request('PATCH', `/cores/${core.CoreID}`, { json: { MemorySize: 2 ** 30 }, key: free.apiKey });
    expect(patch.status).toBe(403);
  });

  it('concurrent creation at the tier limit: exactly the limit succeeds', async () => {
    const free = await server.addUser('free-race', 'Free');
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) =>
      server.request('POST', '/cores', { json: { ...spec, Name: `race-${i}` }, key: free.apiKey })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(2);
    expect(statuses.filter((s) => s === 403)).toHaveLength(6);
    const listed = await server.request('GET', '/cores', { key: free.apiKey });
    expect(listed.body.Count).toBe(2);
  });

  it('custom cores page with ContinuationKey', async () => {
    const user = await server.addUser('pager', 'Enterprise');
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push((await server.request('POST', '/cores', { json: { ...spec, Name: `p${i}` }, key: user.apiKey })).body.CoreID);
    const seen: string[] = [];
    let query = '';
    for (;;) {
      const res = await server.request('GET', `/cores${query}`, { key: user.apiKey });
      expect(res.body.Cores.length).toBeLessThanOrEqual(3);
      seen.push(...res.body.Cores.map((c: any) => c.CoreID));
      if (res.body.ContinuationKey === undefined) break;
      query = `?startKey=${res.body.ContinuationKey}`;
    }
    expect(seen).toEqual([...ids].sort());
  });
});
