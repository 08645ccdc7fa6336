import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helper.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ config: { bodyLimit: 1024 } });
});
afterAll(async () => {
  await server.close();
});

function expectError(res: { status: number; body: any }, status: number, message?: RegExp): void {
  expect(res.status).toBe(status);
  expect(Object.keys(res.body).sort()).toEqual(['error', 'message']);
  expect(typeof res.body.error).toBe('string');
  if (message) expect(res.body.message).toMatch(message);
}

describe('shared behaviour', () => {
  it('GET /health answers without credentials', async () => {
    const res = await server.request('GET', '/health', { key: null });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('a request without Authorization gets 401 with the Error object', async () => {
    expectError(await server.request('GET', '/users/me', { key: null }), 401, /missing API key/);
  });

  it('an unknown key, raw or Bearer, gets 401', async () => {
    expectError(await server.request('GET', '/users/me', { key: `uxk_${'0'.repeat(40)}` }), 401, /invalid/);
    expectError(await server.request('GET', '/users/me', { key: 'Bearer nonsense' }), 401);
  });

  it('the key is accepted raw and as a Bearer token', async () => {
    const raw = await server.request('GET', '/users/me');
    expect(raw.status).toBe(200);
    expect(raw.body.UserID).toBe(server.userId);
    expect(raw.body.UserID).toMatch(/^usr_[0-9a-f]{32}$/);
    expect(raw.body.Tier).toBe('Enterprise');
    const bearer = await server.request('GET', '/users/me', { key: `Bearer ${server.apiKey}` });
    expect(bearer.status).toBe(200);
  });

  it('an unknown route is a 404 Error object', async () => {
    expectError(await server.request('GET', '/nope'), 404, /no route GET \/nope/);
  });

  it('a known path with the wrong method is 405 with Allow', async () => {
    const res = await server.request('PUT', '/users/me');
    expectError(res, 405, /not allowed/);
    expect(res.headers.get('allow')).toContain('GET');
  });

  it('a trailing slash on a known path is a 404, not a 405', async () => {
    expectError(await server.request('GET', '/health/'), 404);
  });

  it('a malformed URL is a 400 Error object', async () => {
    expectError(await server.request('GET', '/cores/%E0%A4%A'), 400);
  });

  it('an empty path parameter is 400 "missing path parameter" naming it', async () => {
    expectError(await server.request('GET', '/cores/'), 400, /^missing path parameter CoreID$/);
  });

  it('malformed JSON is a 400 Error object', async () => {
    expectError(await server.request('POST', '/keys', { body: '{"Name":', headers: { 'content-type': 'application/json' } }), 400, /malformed JSON/);
  });

  it('an empty body with a JSON or form content type counts as no body', async () => {
    const json = await server.request('POST', '/keys', { body: '', headers: { 'content-type': 'application/json' } });
    expect(json.status).toBe(201);
    const form = await server.request('POST', '/keys', { body: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.status).toBe(201);
  });

  it('JSON sent under the form content type (curl -d) is read as JSON', async () => {
    const res = await server.request('POST', '/keys', { body: '{"Name":"from-curl"}', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.status).toBe(201);
    expect(res.body.Name).toBe('from-curl');
  });

  it('an unsupported content type is 415', async () => {
    expectError(await server.request('POST', '/keys', { body: 'x', headers: { 'content-type': 'application/xml' } }), 415, /application\/xml/);
  });

  it('a body over the limit is 413', async () => {
    expectError(await server.request('POST', '/keys', { json: { Name: 'x'.repeat(2000) } }), 413, /1024 bytes/);
  });

  it('a required body that is missing says "empty request body"', async () => {
    expectError(await server.request('POST', '/cores'), 400, /^empty request body$/);
  });

  it('GET /openapi.json describes the routes', async () => {
    const res = await server.request('GET', '/openapi.json', { key: null });
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/cores', '/cores/{CoreID}', '/keys', '/users/me']));
  });
});

describe('internal faults', () => {
  it('an unexpected exception is a 500 with a generic message and no stack trace', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { buildApp } = await import('../../src/api/app.js');
    const dataDir = mkdtempSync(join(tmpdir(), 'uxkit-500-'));
    const app = await buildApp({ config: { dataDir, logLevel: 'silent' } });
    app.get('/boom', { config: { public: true } }, async () => {
      throw new TypeError('secret internals at /work/main/src/x.ts:1');
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/boom' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: 'Internal Server Error', message: 'internal server error' });
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('graceful shutdown', () => {
  it('close() lets an in-flight request finish before the store closes', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { buildApp } = await import('../../src/api/app.js');
    const dataDir = mkdtempSync(join(tmpdir(), 'uxkit-close-'));
    const app = await buildApp({ config: { dataDir, logLevel: 'silent' } });
    app.get('/slow', { config: { public: true } }, async () => {
      await new Promise((r) => setTimeout(r, 300));
      return { users: await app.store.users.count() };
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };
    try {
      const pending = fetch(`http://127.0.0.1:${port}/slow`);
      await new Promise((r) => setTimeout(r, 50));
      const closing = app.close();
      const res = await pending;
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ users: 0 });
      await closing;
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
