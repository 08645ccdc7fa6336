import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaskStore } from '../../src/store/tasks.js';
import { taskValuesRef, ValueStore } from '../../src/store/values.js';
import { writeValueStore } from '../../src/trace/writeValueStore.js';
import { startServer, type TestServer } from './helper.js';
import { allSamples } from './valuesHelpers.js';

/*
 * A real 100,000-run Reference task takes over a minute on this 2-core machine (see
 * docs/guide/traced-values.md), too slow for a unit test: the store is written directly,
 * exactly as a finished Reference task writes it, and paged through the HTTP API.
 */
const N = 100_000;
const big = Float64Array.from({ length: N }, (_, i) => Math.sin(i) * 1e3 + i / 7);
const special = Float64Array.from([1, NaN, Infinity, -Infinity, -0.5]);
const ids = { big: `val_${'1'.repeat(32)}`, special: `val_${'2'.repeat(32)}`, other: `val_${'3'.repeat(32)}` };

let server: TestServer;
let taskId: string;
let otherTaskId: string;

async function fakeTask(owner: string, values: [string, Float64Array][]): Promise<string> {
  const store = server.app.store;
  const task = await store.module(TaskStore).create({ buildId: `bld_${'0'.repeat(32)}`, owner, arguments: '', dataSources: [] });
  await writeValueStore(store.blobs.path(taskValuesRef(task.TaskID)), values.map(([, s]) => s));
  store.module(ValueStore).record(task.TaskID, values.map(([id, s], slot) => ({
    ValueID: id, Source: 'output' as const, File: null, LineNumber: null, Expression: null, SampleCount: s.length, slot, mean: 0,
  })));
  return task.TaskID;
}

beforeAll(async () => {
  server = await startServer({ config: { workers: 0 } });
  taskId = await fakeTask(server.userId, [['big', big], ['special', special]].map(([k, s]) => [ids[k as 'big' | 'special'], s as Float64Array]));
  otherTaskId = await fakeTask(server.userId, [[ids.other, Float64Array.from([1, 2, 3])]]);
});
afterAll(async () => server.close());

const samplesPath = (task: string, value: string, query: string) => `/tasks/${task}/values/${value}/samples?${query}`;

describe('GET /tasks/{TaskID}/values/{ValueID}/samples', () => {
  it('paging through 100,000 samples in batches of 10,000 gives the whole recorded ensemble in order', async () => {
    const { samples, calls } = await allSamples(server, taskId, ids.big, 10_000);
    expect(calls).toBe(10);
    expect(samples).toEqual(Array.from(big));
  });

  it('batches of an odd size also concatenate to the whole value, and no token follows the last batch', async () => {
    const { samples, calls } = await allSamples(server, taskId, ids.big, 7777);
    expect(calls).toBe(Math.ceil(N / 7777));
    expect(samples).toEqual(Array.from(big));
  });

  it('returns at most 10,000 samples per call, and 10,000 when count is omitted', async () => {
    const res = await server.request('GET', samplesPath(taskId, ids.big, 'count=50000'));
    expect(res.body.Count).toBe(10_000);
    expect(res.body.Samples).toEqual(Array.from(big.subarray(0, 10_000)));
    expect(typeof res.body.ContinuationToken).toBe('string');
    expect((await server.request('GET', samplesPath(taskId, ids.big, ''))).body.Count).toBe(10_000);
  });

  it('writes NaN and infinities as strings, as GET /samples does', async () => {
    const res = await server.request('GET', samplesPath(taskId, ids.special, 'count=10'));
    expect(res.body).toEqual({ Samples: [1, 'NaN', 'Infinity', '-Infinity', -0.5], Count: 5 });
  });

  it('refuses forged, malformed and foreign tokens with 400', async () => {
    const first = await server.request('GET', samplesPath(taskId, ids.big, 'count=10'));
    const token: string = first.body.ContinuationToken;
    const forged = `${Buffer.from('20').toString('base64url')}.${token.split('.')[1]}`;
    for (const [task, value, t] of [
      [taskId, ids.big, forged], [taskId, ids.big, 'garbage'], [taskId, ids.special, token], [otherTaskId, ids.other, token],
    ] as const) {
      const res = await server.request('GET', samplesPath(task, value, `count=5&continuationToken=${encodeURIComponent(t)}`));
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/continuationToken/);
    }
    const next = await server.request('GET', samplesPath(taskId, ids.big, `count=5&continuationToken=${encodeURIComponent(token)}`));
    expect(next.body.Samples).toEqual(Array.from(big.subarray(10, 15)));
  });

  it('answers 404 for an unknown task or value and 400 for a bad count or TaskID', async () => {
    expect((await server.request('GET', samplesPath(taskId, ids.other, 'count=1'))).status).toBe(404);
    expect((await server.request('GET', samplesPath(taskId, 'val_nothex', 'count=1'))).status).toBe(404);
    expect((await server.request('GET', samplesPath(`tsk_${'9'.repeat(32)}`, ids.big, 'count=1'))).status).toBe(404);
    expect((await server.request('GET', samplesPath('tsk_bad', ids.big, 'count=1'))).status).toBe(400);
    for (const q of ['count=0', 'count=-3', 'count=abc', 'count=1.5']) {
      expect((await server.request('GET', samplesPath(taskId, ids.big, q))).status).toBe(400);
    }
  });

  it('hides another account\'s values behind 404 and asks for a key without one', async () => {
    const other = await server.addUser('someone', 'Enterprise');
    expect((await server.request('GET', samplesPath(taskId, ids.big, 'count=1'), { key: other.apiKey })).status).toBe(404);
    expect((await server.request('GET', `/tasks/${taskId}/values`, { key: other.apiKey })).status).toBe(404);
    expect((await server.request('GET', samplesPath(taskId, ids.big, 'count=1'), { key: null })).status).toBe(401);
  });

  it('GET /tasks/{TaskID}/values lists values in slot order with their counts', async () => {
    const res = await server.request('GET', `/tasks/${taskId}/values`);
    expect(res.body).toMatchObject({ TaskID: taskId, Count: 2 });
    expect(res.body.Values.map((v: any) => [v.ValueID, v.SampleCount])).toEqual([[ids.big, N], [ids.special, 5]]);
  });

  it('POST .../plot draws the density of 100,000 samples and reuses the stored image for the same options', async () => {
    const a = await server.request('POST', `/tasks/${taskId}/values/${ids.big}/plot?format=svg`);
    expect(a.status).toBe(200);
    const b = await server.request('POST', `/tasks/${taskId}/values/${ids.big}/plot?format=svg`);
    expect(b.body.plotID).toBe(a.body.plotID);
    const svg = await fetch(a.body.presignedURL);
    expect(await svg.text()).toMatch(/^<svg|<\?xml/);
    expect((await server.request('POST', `/tasks/${taskId}/values/${ids.big}/plot?xLimMin=abc`)).status).toBe(400);
  });
});
