import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CORES } from '../../src/store/defaultCores.js';
import { buildProgram, poll } from './buildsHelpers.js';
import { startServer, type TestServer } from './helper.js';

function expectError(res: { status: number; body: any }, status: number, message?: RegExp): void {
  expect(res.status).toBe(status);
  expect(Object.keys(res.body).sort()).toEqual(['error', 'message']);
  if (message) expect(res.body.message).toMatch(message);
}

const bypass = DEFAULT_CORES.find((c) => c.Microarchitecture === 'Bypass')!;

describe('GET /tasks and GET /builds listing (no workers: everything stays Accepted)', () => {
  let server: TestServer;
  let buildId: string;
  const created: string[] = [];
  beforeAll(async () => {
    server = await startServer({ config: { workers: 0 } });
    const build = await server.request('POST', '/sourcecode/builds', { json: { Code: 'int main(void){return 0;}', Language: 'C' } });
    buildId = build.body.BuildID;
    for (let i = 0; i < 6; i++) created.push((await server.request('POST', `/builds/${buildId}/tasks`)).body.TaskID);
    await server.request('POST', `/tasks/${created[2]}/cancel`);
  });
  afterAll(async () => {
    await server.close();
  });

  it('lists expanded tasks newest first, every entry with the same keys', async () => {
    const res = await server.request('GET', '/tasks');
    expect(res.status).toBe(200);
    expect(res.body.UserID).toBe(server.userId);
    expect(res.body.Count).toBe(6);
    expect(res.body.ContinuationKey).toBeUndefined();
    // Sequential requests create them in order (ids break ties within one millisecond).
    expect(new Set(res.body.Tasks.map((t: any) => t.TaskID))).toEqual(new Set(created));
    const times = res.body.Tasks.map((t: any) => t.CreatedAt);
    expect(times).toEqual([...times].sort((a: number, b: number) => b - a));
    const keys = Object.keys(res.body.Tasks[0]).sort();
    for (const t of res.body.Tasks) expect(Object.keys(t).sort()).toEqual(keys);
    expect(keys).toEqual(expect.arrayContaining(['TaskID', 'BuildID', 'Owner', 'Status', 'StatusTransitions', 'CreatedAt', 'StartedAt', 'FinishedAt', 'Stats']));
  });

  it('noexpand=true (only that exact string) gives TaskListItem entries', async () => {
    const items = await server.request('GET', '/tasks?noexpand=true');
    for (const t of items.body.Tasks) expect(Object.keys(t).sort()).toEqual(['CreatedAt', 'Owner', 'TaskID']);
    const other = await server.request('GET', '/tasks?noexpand=TRUE');
    expect(Object.keys(other.body.Tasks[0])).toContain('Status');
  });

  it('pages by ContinuationKey with no duplicates or gaps, even when tasks are created between pages', async () => {
    const full = (await server.request('GET', '/tasks')).body.Tasks.map((t: any) => t.TaskID);
    const seen: string[] = [];
    let key: string | undefined;
    let extra: string | undefined;
    for (;;) {
      const res = await server.request('GET', `/tasks?limit=2${key !== undefined ? `&startKey=${encodeURIComponent(key)}` : ''}`);
      expect(res.status).toBe(200);
      expect(res.body.Count).toBe(res.body.Tasks.length);
      seen.push(...res.body.Tasks.map((t: any) => t.TaskID));
      if (extra === undefined) extra = (await server.request('POST', `/builds/${buildId}/tasks`)).body.TaskID;
      key = res.body.ContinuationKey;
      if (key === undefined) break;
      expect(key).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z#tsk_[0-9a-f]{32}$/);
    }
    expect(seen).toEqual(full);
    const all = await server.request('GET', '/tasks');
    expect(all.body.Tasks[0].TaskID).toBe(extra);
    created.push(extra!);
  });

  it('limit: omitted, non-numeric or too large gives the maximum; below 1 is 400', async () => {
    expect((await server.request('GET', '/tasks?limit=abc')).body.Count).toBe(created.length);
    expect((await server.request('GET', '/tasks?limit=100000&noexpand=true')).body.Count).toBe(created.length);
    expect((await server.request('GET', '/tasks?limit=1')).body.Count).toBe(1);
    expectError(await server.request('GET', '/tasks?limit=0'), 400, /limit/);
  });

  it('status is repeatable and an unknown value is 400', async () => {
    const cancelled = await server.request('GET', '/tasks?status=Cancelled');
    expect(cancelled.body.Tasks.map((t: any) => t.TaskID)).toEqual([created[2]]);
    const both = await server.request('GET', '/tasks?status=Cancelled&status=Accepted');
    expect(both.body.Count).toBe(created.length);
    expect((await server.request('GET', '/tasks?status=In%20Progress')).body.Count).toBe(0);
    expectError(await server.request('GET', '/tasks?status=Done'), 400, /status.*'Done'/);
  });

  it('a malformed startKey is 400', async () => {
    for (const bad of ['x', '2025-01-01T00:00:00Z#tsk_ab', `2025-01-01T00:00:00.000Z#bld_${'a'.repeat(32)}`, '2025-01-01T00:00:00.000Z']) {
      expectError(await server.request('GET', `/tasks?startKey=${encodeURIComponent(bad)}`), 400, /startKey/);
    }
  });

  it('from and to are inclusive bounds on the creation time', async () => {
    const newest = (await server.request('GET', '/tasks?limit=1')).body.Tasks[0];
    const second = new Date(newest.CreatedAt * 1000).toISOString().slice(0, 19);
    const at = await server.request('GET', `/tasks?from=${second}Z&to=${second}Z`);
    expect(at.body.Tasks.map((t: any) => t.TaskID)).toContain(newest.TaskID);
    expect((await server.request('GET', '/tasks?from=2999-01-01T00:00:00Z')).body.Count).toBe(0);
    expect((await server.request('GET', '/tasks?to=2000-01-01')).body.Count).toBe(0);
    expectError(await server.request('GET', '/tasks?from=yesterday'), 400, /from/);
  });

  it("another account's tasks and builds are not listed", async () => {
    const other = await server.addUser('lister', 'Developer+API');
    expect((await server.request('GET', '/tasks', { key: other.apiKey })).body.Count).toBe(0);
    expect((await server.request('GET', '/builds', { key: other.apiKey })).body.Count).toBe(0);
  });

  it('GET /builds pages the same way', async () => {
    const more = [buildId];
    for (let i = 0; i < 2; i++) {
      more.push((await server.request('POST', '/sourcecode/builds', { json: { Code: 'int main(void){return 0;}', Language: 'C' } })).body.BuildID);
    }
    const first = await server.request('GET', '/builds?limit=2');
    expect(first.body.Builds.map((b: any) => b.BuildID)).toEqual([more[2], more[1]]);
    const rest = await server.request('GET', `/builds?limit=2&startKey=${encodeURIComponent(first.body.ContinuationKey)}`);
    expect(rest.body.Builds.map((b: any) => b.BuildID)).toEqual([more[0]]);
    expect(rest.body.ContinuationKey).toBeUndefined();
    expectError(await server.request('GET', `/builds?startKey=${encodeURIComponent(first.body.ContinuationKey.replace('bld_', 'tsk_'))}`), 400, /startKey/);
  });
});

describe('durability', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ config: { workers: 1 } });
  });
  afterAll(async () => {
    await server.close();
  });

  it('a server restarted mid-task reschedules the task and completes it exactly once', async () => {
    const code = '#include <stdio.h>\n#include <unistd.h>\nint main(void) { sleep(4); printf("slept\\n"); return 0; }\n';
    const build = await buildProgram(server, { Code: code, Language: 'C', CoreID: bypass.CoreID });
    expect(build.Status).toBe('Completed');
    const { body } = await server.request('POST', `/builds/${build.BuildID}/tasks`);
    await poll(server, `/tasks/${body.TaskID}`, { until: (t) => t.Status === 'In Progress' });
    await server.restart();
    const task = await poll(server, `/tasks/${body.TaskID}`);
    const statuses = task.StatusTransitions.map((t: any) => t.Status);
    expect(statuses).toEqual(['Accepted', 'Initialising', 'In Progress', 'Rescheduled', 'Initialising', 'In Progress', 'Completed']);
    expect((await server.request('GET', `/tasks/${body.TaskID}/output/Stdout`)).body).toBe('slept\n');
  }, 30_000);
});
