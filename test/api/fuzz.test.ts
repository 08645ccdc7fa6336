import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CORES } from '../../src/store/defaultCores.js';
import { startServer, type TestServer } from './helper.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ config: { bodyLimit: 64 * 1024 } });
});
afterAll(async () => {
  await server.close();
});

const UX = '21.5Ux040000000000000000403580000000000000000002403540000000000040000000000000004035C000000000004000000000000000';

const routes: [string, string][] = [
  ['GET', '/cores'], ['POST', '/cores'], ['GET', `/cores/${DEFAULT_CORES[0]!.CoreID}`], ['PATCH', '/cores/cor_0123456789abcdef0123456789abcdef'],
  ['DELETE', '/cores/x'], ['GET', '/samples'], ['POST', '/samples'], ['POST', '/plot'], ['GET', '/keys'], ['POST', '/keys'],
  ['DELETE', '/keys/key_1'], ['GET', '/users/me'], ['PUT', '/cores'], ['GET', '/files/plots/x.png'],
];

const fieldNames = fc.constantFrom('Name', 'Class', 'Microarchitecture', 'CorrelationTracking', 'MemorySize', 'Precision',
  'UxValue', 'payload', '__proto__', 'constructor', 'x');
const fieldValues = fc.oneof(fc.jsonValue(), fc.constantFrom(UX, 'C0', 'Athens', 32, -1, 1e308, '', 'Ux', null));
const bodies = fc.oneof(
  fc.dictionary(fieldNames, fieldValues).map((o) => JSON.stringify(o)),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 40 }),
  fc.constant(''),
);
const queryKeys = fc.constantFrom('count', 'default', 'startKey', 'seed', 'mode', 'continuationToken', 'format',
  'xLimMin', 'xLimMax', 'yLimMin', 'yLimMax', 'fullResolution', 'xAxisLabel', 'expires', 'signature', 'type');
const queries = fc.array(fc.tuple(queryKeys, fc.oneof(fc.string({ maxLength: 12 }), fc.integer().map(String), fc.constantFrom('NaN', '1e999', '10000', '-0'))), { maxLength: 4 })
  .map((pairs) => (pairs.length === 0 ? '' : `?${pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`));
const contentTypes = fc.constantFrom('application/json', 'application/json; charset=utf-8', 'application/x-www-form-urlencoded', 'text/plain', 'application/xml');

describe('fuzzing', () => {
  it('random bodies, query strings and content types never give a 500 and always a well-formed JSON answer', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), queries, bodies, contentTypes, async ([method, path], query, body, type) => {
        const res = await server.request(method, `${path}${query}`, { body, headers: { 'content-type': type } });
        expect(res.status).toBeLessThan(500);
        if (res.status >= 400) {
          expect(Object.keys(res.body).sort()).toEqual(['error', 'message']);
          expect(typeof res.body.message).toBe('string');
        } else if (!path.startsWith('/files/')) {
          expect(typeof res.body).toBe('object');
        }
      }),
      { numRuns: 300 },
    );
  });
});
