import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CORES } from '../../src/store/defaultCores.js';
import { startServer, type TestServer } from './helper.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ config: { quotaWindow: 3600 } });
});
afterAll(async () => {
  await server.close();
});

describe('keys and users', () => {
  it('GET /users/me returns the UserID and tier of the key\'s account', async () => {
    const dev = await server.addUser('dev', 'Developer');
    const res = await server.request('GET', '/users/me', { key: dev.apiKey });
    expect(res.body).toMatchObject({ UserID: dev.userId, Name: 'dev', Tier: 'Developer' });
  });

  it('POST /keys shows the new key once; GET /keys never shows keys; DELETE revokes at once', async () => {
    const created = await server.request('POST', '/keys', { json: { Name: 'ci' } });
    expect(created.status).toBe(201);
    expect(created.body.Key).toMatch(/^uxk_[0-9a-f]{40}$/);
    expect(created.body.KeyID).toMatch(/^key_[0-9a-f]{32}$/);
    expect(created.body.Prefix).toBe(created.body.Key.slice(0, 12));
    const newKey: string = created.body.Key;
    expect((await server.request('GET', '/users/me', { key: newKey })).status).toBe(200);

    const list = await server.request('GET', '/keys');
    expect(list.body.UserID).toBe(server.userId);
    expect(list.body.Count).toBe(list.body.Keys.length);
    expect(JSON.stringify(list.body)).not.toContain(newKey);
    expect(list.body.Keys.map((k: any) => k.KeyID)).toContain(created.body.KeyID);

    const revoked = await server.request('DELETE', `/keys/${created.body.KeyID}`);
    expect(revoked.status).toBe(200);
    expect((await server.request('GET', '/users/me', { key: newKey })).status).toBe(401);
    expect((await server.request('DELETE', `/keys/${created.body.KeyID}`)).status).toBe(404);
    const after = (await server.request('GET', '/keys')).body.Keys.find((k: any) => k.KeyID === created.body.KeyID);
    expect(after.Revoked).toBe(true);
  });

  it('a user cannot revoke another user\'s key', async () => {
    const other = await server.addUser('someone', 'Enterprise');
    const theirs = (await server.request('POST', '/keys', { json: {}, key: other.apiKey })).body;
    expect((await server.request('DELETE', `/keys/${theirs.KeyID}`)).status).toBe(404);
    expect((await server.request('GET', '/users/me', { key: theirs.Key })).status).toBe(200);
  });

  it('the key itself is never stored: the database holds only its SHA-256', async () => {
    const created = (await server.request('POST', '/keys', { json: {} })).body;
    const rows = server.app.store.db.all<Record<string, unknown>>('SELECT * FROM api_keys');
    expect(JSON.stringify(rows)).not.toContain(created.Key);
  });
});

describe('quota', () => {
  it('Free accounts get 429 with Retry-After past their quota; others are not limited', async () => {
    const limit = server.app.config.tiers.Free.requestsPerWindow!;
    const free = await server.addUser('free-quota', 'Free');
    for (let i = 0; i < limit; i++) expect((await server.request('GET', '/users/me', { key: free.apiKey })).status).toBe(200);
    const over = await server.request('GET', '/users/me', { key: free.apiKey });
    expect(over.status).toBe(429);
    expect(over.body.error).toBe('Too Many Requests');
    expect(over.body.message).toMatch(/Free tier allows/);
    const retry = Number(over.headers.get('retry-after'));
    expect(retry >= 1 && retry <= 3600).toBe(true);
    for (let i = 0; i < limit + 5; i++) expect((await server.request('GET', '/users/me')).status).toBe(200);
  });
});

describe('restart', () => {
  it('a restart on the same data folder keeps accounts, keys, cores, plots and links', async () => {
    const core = (await server.request('POST', '/cores', {
      json: { Name: 'kept', Class: 'C0', Microarchitecture: 'Reference', Precision: 100 },
    })).body;
    await server.app.store.blobs.put('test/kept.txt', 'still here');
    const link = server.app.presign('test/kept.txt', { contentType: 'text/plain' });
    await server.restart();
    expect((await server.request('GET', `/cores/${core.CoreID}`)).body).toEqual(core);
    expect((await server.request('GET', '/users/me')).body.UserID).toBe(server.userId);
    expect((await server.request('GET', `/cores/${DEFAULT_CORES[0]!.CoreID}?default`)).status).toBe(200);
    const res = await fetch(link);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('still here');
  });
});

describe('authentication on every route', () => {
  it('every route of the OpenAPI document but the public ones answers 401 without a key', async () => {
    const doc = (await server.request('GET', '/openapi.json', { key: null })).body;
    let checked = 0;
    for (const [path, methods] of Object.entries<Record<string, unknown>>(doc.paths)) {
      const concrete = path.replace(/\{[^}]+\}/g, 'cor_0123456789abcdef0123456789abcdef');
      for (const [method, op] of Object.entries(methods as Record<string, { security?: object[] }>)) {
        // Public ([]) and optional-auth ({} among the alternatives) operations are exempt.
        if (method === 'head' || op.security?.length === 0 || op.security?.some((s) => Object.keys(s).length === 0)) continue;
        const res = await server.request(method.toUpperCase(), concrete, { key: null, json: {} });
        expect(res.status, `${method} ${path}`).toBe(401);
        expect(res.body.error).toBe('Unauthorized');
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(10);
  });
});
