import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helper.js';

// Two deltas at 21.25 and 21.75, mass 0.5 each (reference.md section 1, public decoder tests).
const UX = '21.5Ux040000000000000000403580000000000000000002403540000000000040000000000000004035C000000000004000000000000000';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ config: { maxSamples: 10_000 } });
});
afterAll(async () => {
  await server.close();
});

describe('GET /samples', () => {
  it('draws count samples from a Ux value given as UxValue in a GET body', async () => {
    const res = await server.request('GET', '/samples?count=1000', { json: { UxValue: UX } });
    expect(res.status).toBe(200);
    expect(res.body.Count).toBe(1000);
    expect(res.body.Samples).toHaveLength(1000);
    // Density mode draws inside the TTR bins around the deltas: all within the support.
    for (const s of res.body.Samples) expect(s >= 21 && s <= 22).toBe(true);
  });

  it('accepts the SDK field payload, and POST with the same body', async () => {
    const get = await server.request('GET', '/samples?count=5&mode=particles', { json: { payload: UX } });
    expect(get.status).toBe(200);
    for (const s of get.body.Samples) expect([21.25, 21.75]).toContain(s);
    const post = await server.request('POST', '/samples?count=5', { json: { payload: UX } });
    expect(post.status).toBe(200);
    expect(post.body.Count).toBe(5);
  });

  it('the same seed gives the same samples, and the token continues the stream', async () => {
    const a = await server.request('GET', '/samples?count=10&seed=7', { json: { UxValue: UX } });
    const b = await server.request('GET', '/samples?count=10&seed=7', { json: { UxValue: UX } });
    expect(a.body.Samples).toEqual(b.body.Samples);
    const first = await server.request('GET', '/samples?count=4&seed=7', { json: { UxValue: UX } });
    const token = encodeURIComponent(first.body.ContinuationToken);
    const next = await server.request('GET', `/samples?count=6&continuationToken=${token}`, { json: { UxValue: UX } });
    expect([...first.body.Samples, ...next.body.Samples]).toEqual(a.body.Samples);
  });

  it('a tampered continuation token is a 400', async () => {
    const first = await server.request('GET', '/samples?count=1&seed=1', { json: { UxValue: UX } });
    const token: string = first.body.ContinuationToken;
    const bad = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    const res = await server.request('GET', `/samples?count=1&continuationToken=${bad}`, { json: { UxValue: UX } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Bad Request');
  });

  it('a count outside 1..10000 or not an integer is a 400 naming count', async () => {
    for (const count of ['0', '10001', 'abc', '1.5', '-3']) {
      const res = await server.request('GET', `/samples?count=${count}`, { json: { UxValue: UX } });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/count/);
    }
    const missing = await server.request('GET', '/samples', { json: { UxValue: UX } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/count/);
  });

  it('a malformed Ux value or a missing one is a 400 naming the problem', async () => {
    const bad = await server.request('GET', '/samples?count=3', { json: { UxValue: '1.0Ux04zz' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/UxValue is not a valid Ux string/);
    const none = await server.request('GET', '/samples?count=3', { json: {} });
    expect(none.status).toBe(400);
    expect(none.body.message).toMatch(/UxValue/);
    const empty = await server.request('GET', '/samples?count=3');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('empty request body');
  });

  it('10000 samples in one call is allowed', async () => {
    const res = await server.request('GET', '/samples?count=10000', { json: { UxValue: UX } });
    expect(res.status).toBe(200);
    expect(res.body.Samples).toHaveLength(10000);
  });
});
