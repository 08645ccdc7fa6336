import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BuildStore } from '../../src/store/builds.js';
import { DEFAULT_BUILD_CORE } from '../../src/store/defaultCores.js';
import type { ListKey } from '../../src/store/listKey.js';
import { RepositoryStore } from '../../src/store/repositories.js';
import { openStore, type Store } from '../../src/store/Store.js';

let dir: string;
let store: Store;
const { Object: _o, Owner: _w, CreatedAt: _c, UpdatedAt: _u, ...core } = DEFAULT_BUILD_CORE;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'uxkit-repo-paging-'));
  store = openStore(dir);
});
afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

let run = 0;

describe('RepositoryStore.listBuildIds (a real SQLite file)', () => {
  it('concatenated pages equal the full newest-first list, for random creation times, page sizes and bounds', async () => {
    const builds = store.module(BuildStore);
    const repos = store.module(RepositoryStore);
    await fc.assert(fc.asyncProperty(
      fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 0, maxLength: 30 }),
      fc.integer({ min: 1, max: 7 }),
      fc.option(fc.tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 40 })), { nil: undefined }),
      async (times, limit, bounds) => {
        run += 1;
        const owner = `usr_${run.toString(16).padStart(32, '0')}`;
        const repositoryId = `rep_${run.toString(16).padStart(32, '0')}`;
        const base = 1_700_000_000_000;
        const created: { id: string; ms: number }[] = [];
        for (const t of times) {
          const ms = base + t * 500;
          const application = { Type: 'Repository' as const, Repository: { RepositoryID: repositoryId } };
          const b = await builds.create({ owner, application, core, traceVariables: [], dataSources: [], arguments: '', isPublic: false }, ms);
          created.push({ id: b.BuildID, ms });
        }
        // A build of another repository of the same owner never shows up.
        await builds.create({ owner, application: { Type: 'SourceCode', SourceCode: { Code: 'x', Language: 'C' } }, core, traceVariables: [], dataSources: [], arguments: '', isPublic: false }, base);
        const [lo, hi] = bounds === undefined ? [undefined, undefined] : [base + Math.min(...bounds) * 500, base + Math.max(...bounds) * 500];
        const expected = created
          .filter((c) => (lo === undefined || c.ms >= lo) && (hi === undefined || c.ms <= hi))
          .sort((a, b) => b.ms - a.ms || (a.id < b.id ? 1 : -1))
          .map((c) => c.id);
        const seen: string[] = [];
        let after: ListKey | undefined;
        for (let pages = 0; ; pages++) {
          const page = await repos.listBuildIds(owner, repositoryId, { after, fromMs: lo, toMs: hi, limit });
          expect(page.items.length).toBeLessThanOrEqual(limit);
          seen.push(...page.items);
          if (page.next === undefined) break;
          expect(page.items.length).toBe(limit);
          after = page.next;
          expect(pages).toBeLessThan(100);
        }
        expect(seen).toEqual(expected);
      },
    ), { numRuns: 60 });
  });
});
