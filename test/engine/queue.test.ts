import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BuildStore, type NewBuild } from '../../src/store/builds.js';
import { DEFAULT_BUILD_CORE } from '../../src/store/defaultCores.js';
import { JobStore } from '../../src/store/jobs.js';
import { formatListKey, parseListKey } from '../../src/store/listKey.js';
import { Store } from '../../src/store/Store.js';
import { TaskStore } from '../../src/store/tasks.js';

let dir: string;
let store: Store;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'uxkit-queue-'));
  store = new Store(dir);
});
afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const { Object: _o, Owner: _w, CreatedAt: _c, UpdatedAt: _u, ...core } = DEFAULT_BUILD_CORE;
const newBuild = (owner: string): NewBuild => ({
  owner, application: { Type: 'SourceCode', SourceCode: { Code: 'int main(void){return 0;}', Language: 'C' } },
  core, traceVariables: [], dataSources: [], arguments: '', isPublic: false,
});

let owners = 0;
const freshOwner = () => `usr_${(++owners).toString(16).padStart(32, '0')}`;

describe('listing keys', () => {
  it('formatListKey and parseListKey round-trip and refuse anything else', () => {
    const key = { ms: Date.UTC(2025, 0, 31, 12, 0, 0, 7), id: `tsk_${'a'.repeat(32)}` };
    expect(formatListKey(key)).toBe(`2025-01-31T12:00:00.007Z#tsk_${'a'.repeat(32)}`);
    expect(parseListKey(formatListKey(key), 'tsk')).toEqual(key);
    for (const bad of ['', 'x', `2025-01-31T12:00:00Z#tsk_aa`, `2025-01-31T12:00:00.000Z#bld_aa`, `2025-02-30T12:00:00.000Z#tsk_aa`,
      `2025-01-31T12:00:00.000+01:00#tsk_aa`, `2025-01-31T12:00:00.000Z#tsk_`, `2025-01-31T12:00:00.000Z#tsk_AA`]) {
      expect(parseListKey(bad, 'tsk')).toBeUndefined();
    }
  });
});

describe('task listing pages', () => {
  it('concatenated pages equal the full newest-first list, for random creation times and page sizes', async () => {
    const tasks = store.module(TaskStore);
    await fc.assert(fc.asyncProperty(
      fc.array(fc.integer({ min: 0, max: 20 }), { minLength: 0, maxLength: 40 }),
      fc.integer({ min: 1, max: 7 }),
      async (offsets, limit) => {
        const owner = freshOwner();
        const base = Date.UTC(2025, 5, 1);
        // Small offsets force many equal creation times: the id must break the ties.
        for (const off of offsets) await tasks.create({ buildId: `bld_${'0'.repeat(32)}`, owner, arguments: '', dataSources: [] }, base + off);
        const all = (await tasks.list({ owner, limit: 1000 })).items;
        const pages: string[] = [];
        let after: ReturnType<typeof parseListKey>;
        for (;;) {
          const page = await tasks.listItems({ owner, limit, ...(after !== undefined && { after }) });
          expect(page.items.length).toBeLessThanOrEqual(limit);
          pages.push(...page.items.map((t) => t.TaskID));
          if (page.next === undefined) break;
          after = parseListKey(formatListKey(page.next), 'tsk');
        }
        expect(pages).toEqual(all.map((t) => t.TaskID));
        expect(new Set(pages).size).toBe(offsets.length);
      },
    ), { numRuns: 40 });
  });

  it('tasks created between pages never shift the next page', async () => {
    const tasks = store.module(TaskStore);
    const owner = freshOwner();
    const t0 = Date.UTC(2025, 6, 1);
    for (let i = 0; i < 5; i++) await tasks.create({ buildId: `bld_${'0'.repeat(32)}`, owner, arguments: '', dataSources: [] }, t0 + i);
    const before = (await tasks.list({ owner, limit: 10 })).items.map((t) => t.TaskID);
    const first = await tasks.list({ owner, limit: 2 });
    await tasks.create({ buildId: `bld_${'0'.repeat(32)}`, owner, arguments: '', dataSources: [] }, t0 + 100);
    const rest = await tasks.list({ owner, limit: 10, after: first.next });
    expect([...first.items, ...rest.items].map((t) => t.TaskID)).toEqual(before);
  });

  it('status and inclusive time bounds filter the listing', async () => {
    const tasks = store.module(TaskStore);
    const owner = freshOwner();
    const t0 = Date.UTC(2025, 7, 1);
    const made = [];
    for (let i = 0; i < 4; i++) made.push(await tasks.create({ buildId: `bld_${'0'.repeat(32)}`, owner, arguments: '', dataSources: [] }, t0 + 1000 * i));
    await store.module(JobStore).cancel(made[1]!.TaskID, 'test');
    const cancelled = await tasks.list({ owner, limit: 10, statuses: ['Cancelled'] });
    expect(cancelled.items.map((t) => t.TaskID)).toEqual([made[1]!.TaskID]);
    const window = await tasks.list({ owner, limit: 10, fromMs: t0 + 1000, toMs: t0 + 2000 });
    expect(window.items.map((t) => t.TaskID)).toEqual([made[2]!.TaskID, made[1]!.TaskID]);
  });
});

/** Finishes every queued job, so that a test sees only the jobs it creates. */
async function drain(): Promise<void> {
  const jobs = store.module(JobStore);
  for (let job = await jobs.claim('drain'); job !== undefined; job = await jobs.claim('drain')) {
    await jobs.finish(job, 'drain', 'Stopped', 'drained by the test');
  }
}

describe('job queue', () => {
  beforeEach(drain);

  it('claims each job once, oldest first, and marks its target Initialising', async () => {
    const jobs = store.module(JobStore);
    const builds = store.module(BuildStore);
    const a = await builds.create(newBuild(freshOwner()), 1000);
    const b = await builds.create(newBuild(freshOwner()), 2000);
    const first = await jobs.claim('w1');
    const second = await jobs.claim('w2');
    expect(first?.targetId).toBe(a.BuildID);
    expect(second?.targetId).toBe(b.BuildID);
    expect(await jobs.claim('w3')).toBeUndefined();
    expect((await builds.get(a.BuildID))!.Status).toBe('Initialising');
    // Only the claiming worker can finish, and only once.
    expect(await jobs.finish(first!, 'w2', 'Completed', 'done')).toBe(false);
    expect(await jobs.finish(first!, 'w1', 'Completed', 'done')).toBe(true);
    expect(await jobs.finish(first!, 'w1', 'Completed', 'done')).toBe(false);
    expect((await builds.get(a.BuildID))!.StatusTransitions.map((t) => t.Status)).toEqual(['Accepted', 'Initialising', 'Completed']);
    await jobs.finish(second!, 'w2', 'Completed', 'done');
  });

  it('a job left running by a dead worker is Rescheduled, runs again and completes exactly once', async () => {
    const jobs = store.module(JobStore);
    const builds = store.module(BuildStore);
    const build = await builds.create(newBuild(freshOwner()));
    const dead = (await jobs.claim('dead-worker'))!;
    expect(dead.targetId).toBe(build.BuildID);
    const recovered = await jobs.recover(Number.MAX_SAFE_INTEGER, 3);
    expect(recovered.map((j) => j.targetId)).toEqual([build.BuildID]);
    const again = (await jobs.claim('new-worker'))!;
    expect(again.jobId).toBe(dead.jobId);
    expect(again.attempts).toBe(2);
    expect(await jobs.finish(dead, 'dead-worker', 'Completed', 'late')).toBe(false);
    expect(await jobs.finish(again, 'new-worker', 'Completed', 'done')).toBe(true);
    const statuses = (await builds.get(build.BuildID))!.StatusTransitions.map((t) => t.Status);
    expect(statuses).toEqual(['Accepted', 'Initialising', 'Rescheduled', 'Initialising', 'Completed']);
  });

  it('a job whose worker died maxAttempts times ends Stopped instead of looping', async () => {
    const jobs = store.module(JobStore);
    const builds = store.module(BuildStore);
    const build = await builds.create(newBuild(freshOwner()));
    for (let i = 0; i < 2; i++) {
      await jobs.claim(`dead-${i}`);
      await jobs.recover(Number.MAX_SAFE_INTEGER, 2);
    }
    const final = (await builds.get(build.BuildID))!;
    expect(final.Status).toBe('Stopped');
    expect(final.StatusTransitions.at(-1)!.Message).toMatch(/died 2 times/);
    expect(await jobs.claim('w')).toBeUndefined();
  });

  it('cancel ends a queued job at once and only flags a running one', async () => {
    const jobs = store.module(JobStore);
    const builds = store.module(BuildStore);
    const queued = await builds.create(newBuild(freshOwner()));
    expect(await jobs.cancel(queued.BuildID, 'by test')).toBe('cancelled');
    expect((await builds.get(queued.BuildID))!.Status).toBe('Cancelled');
    expect(await jobs.cancel(queued.BuildID, 'by test')).toBe('finished');
    const running = await builds.create(newBuild(freshOwner()));
    const job = (await jobs.claim('w'))!;
    expect(await jobs.cancel(running.BuildID, 'by test')).toBe('requested');
    expect(await jobs.cancelRequested([job.jobId])).toEqual([job.jobId]);
    expect((await builds.get(running.BuildID))!.Status).toBe('Initialising');
    await jobs.finish(job, 'w', 'Cancelled', 'cancelled');
  });
});
