import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, startServer, type TestServer } from './helper.js';

const UX = '21.5Ux040000000000000000403580000000000000000002403540000000000040000000000000004035C000000000004000000000000000';
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

async function download(url: string) {
  return rawRequest(url, 'GET', {});
}

describe('POST /plot', () => {
  it('returns a plotID and a presigned URL that serves the PNG without auth', async () => {
    const res = await server.request('POST', '/plot', { json: { payload: UX } });
    expect(res.status).toBe(200);
    expect(res.body.plotID).toMatch(/^[0-9a-f]{64}$/);
    expect(res.body.presignedURL.startsWith(`${server.baseUrl}/files/plots/`)).toBe(true);
    const file = await download(res.body.presignedURL);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.bytes.subarray(0, 8)).toEqual(PNG_MAGIC);
  });

  it('the same input gives the same plotID without re-rendering; other options another', async () => {
    const a = await server.request('POST', '/plot', { json: { payload: UX } });
    const ref = new URL(a.body.presignedURL).pathname.replace('/files/', '');
    const { statSync } = await import('node:fs');
    const before = statSync(server.app.store.blobs.path(ref)).mtimeMs;
    const b = await server.request('POST', '/plot', { json: { UxValue: UX } });
    expect(b.body.plotID).toBe(a.body.plotID);
    expect(statSync(server.app.store.blobs.path(ref)).mtimeMs).toBe(before);
    const c = await server.request('POST', '/plot?xLimMin=20&xLimMax=23&xAxisLabel=Temperature', { json: { payload: UX } });
    expect(c.body.plotID).not.toBe(a.body.plotID);
  });

  it('format=svg serves image/svg+xml', async () => {
    const res = await server.request('POST', '/plot?format=svg', { json: { payload: UX } });
    const file = await download(res.body.presignedURL);
    expect(file.headers.get('content-type')).toBe('image/svg+xml');
    expect(file.text).toContain('<svg');
  });

  it('bad options and bad values are 400 naming the problem', async () => {
    const lim = await server.request('POST', '/plot?xLimMin=5&xLimMax=1', { json: { payload: UX } });
    expect(lim.status).toBe(400);
    expect(lim.body.message).toMatch(/xLim/);
    const fmt = await server.request('POST', '/plot?format=gif', { json: { payload: UX } });
    expect(fmt.status).toBe(400);
    expect(fmt.body.message).toMatch(/format/);
    const bad = await server.request('POST', '/plot', { json: { payload: 'Ux12' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/payload is not a valid Ux string/);
  });
});

describe('presigned links', () => {
  it('a tampered signature, path or content type is 403 with the Error object', async () => {
    const url = new URL((await server.request('POST', '/plot', { json: { payload: UX } })).body.presignedURL);
    const sig = url.searchParams.get('signature')!;
    const forged = new URL(url);
    forged.searchParams.set('signature', `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`);
    const type = new URL(url);
    type.searchParams.set('type', 'text/html');
    const later = new URL(url);
    later.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 1000));
    const other = new URL(url);
    other.pathname = other.pathname.replace(/[0-9a-f]{8}\.png$/, '00000000.png');
    for (const u of [forged, type, later, other]) {
      const res = await download(u.href);
      expect(res.status, u.href).toBe(403);
      expect(JSON.parse(res.text)).toEqual({ error: 'Forbidden', message: 'download link signature is invalid' });
    }
    const none = await download(`${server.baseUrl}${url.pathname}`);
    expect(none.status).toBe(403);
  });

  it('an expired link is 403', async () => {
    await server.app.store.blobs.put('test/hello.txt', 'hello');
    const url = server.app.presign('test/hello.txt', { contentType: 'text/plain', expiresIn: -1 });
    const res = await download(url);
    expect(res.status).toBe(403);
    expect(JSON.parse(res.text).message).toMatch(/expired/);
    const fresh = await download(server.app.presign('test/hello.txt', { contentType: 'text/plain' }));
    expect(fresh.status).toBe(200);
    expect(fresh.text).toBe('hello');
  });

  it('path traversal in a link is refused', async () => {
    const res = await download(`${server.baseUrl}/files/../secrets.json?expires=9999999999&type=text/plain&signature=x`);
    // The client normalises the path to /secrets.json: an unknown, authenticated route.
    expect([401, 403, 404]).toContain(res.status);
    expect(res.text).not.toContain('linkKey');
    const dots = await download(`${server.baseUrl}/files/plots/%2e%2e/%2e%2e/secrets.json?expires=9999999999&type=a&signature=x`);
    expect(dots.status).not.toBe(200);
    expect(dots.text).not.toContain('linkKey');
  });
});
