import type { Core, CoreSpec } from './coreSpec.js';
import type { Db } from './Db.js';
import { DEFAULT_CORES, defaultCore } from './defaultCores.js';
import { newId, unixNow } from './ids.js';

interface CoreRow {
  core_id: string;
  owner: string;
  name: string;
  class: Core['Class'];
  microarchitecture: Core['Microarchitecture'];
  correlation_tracking: Core['CorrelationTracking'];
  memory_size: number;
  precision: number;
  created_at: number;
  updated_at: number;
}

const toCore = (r: CoreRow): Core => ({
  Object: 'Core',
  CoreID: r.core_id,
  Owner: r.owner,
  CreatedAt: r.created_at,
  UpdatedAt: r.updated_at,
  Name: r.name,
  Class: r.class,
  Microarchitecture: r.microarchitecture,
  CorrelationTracking: r.correlation_tracking,
  MemorySize: r.memory_size,
  Precision: r.precision,
});

/** One page of a list; `next` is the ContinuationKey of the following page, if any. */
export interface Page<T> {
  items: T[];
  next?: string;
}

/** Default cores (in code, identical everywhere) and each account's custom cores. */
export class CoreStore {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /** Default cores, ordered by CoreID, after `startKey`. */
  async listDefault(startKey: string | undefined, limit: number): Promise<Page<Core>> {
    const sorted = [...DEFAULT_CORES].sort((a, b) => (a.CoreID < b.CoreID ? -1 : 1));
    const rest = startKey === undefined ? sorted : sorted.filter((c) => c.CoreID > startKey);
    return page(rest.slice(0, limit + 1), limit);
  }

  /** An account's custom cores, ordered by CoreID, after `startKey`. */
  async listCustom(owner: string, startKey: string | undefined, limit: number): Promise<Page<Core>> {
    const rows = this.#db.all<CoreRow>(
      'SELECT * FROM cores WHERE owner = ? AND core_id > ? ORDER BY core_id LIMIT ?', owner, startKey ?? '', limit + 1);
    return page(rows.map(toCore), limit);
  }

  async getDefault(coreId: string): Promise<Core | undefined> {
    return defaultCore(coreId);
  }

  async getCustom(owner: string, coreId: string): Promise<Core | undefined> {
    const row = this.#db.get<CoreRow>('SELECT * FROM cores WHERE core_id = ? AND owner = ?', coreId, owner);
    return row && toCore(row);
  }

  /** A core `owner` may use: a default core or one of their own (what builds resolve). */
  async find(owner: string, coreId: string): Promise<Core | undefined> {
    return defaultCore(coreId) ?? this.getCustom(owner, coreId);
  }

  async countCustom(owner: string): Promise<number> {
    return this.#db.get<{ n: number }>('SELECT count(*) AS n FROM cores WHERE owner = ?', owner)!.n;
  }

  /**
   * Creates a custom core unless the account already has `maxCustom`; the count and the
   * insert share one transaction, so concurrent creations cannot overshoot the limit.
   */
  async create(owner: string, spec: CoreSpec, maxCustom: number): Promise<Core | undefined> {
    return this.#db.transaction(() => {
      if (this.#db.get<{ n: number }>('SELECT count(*) AS n FROM cores WHERE owner = ?', owner)!.n >= maxCustom) {
        return undefined;
      }
      const now = unixNow();
      const core: Core = { Object: 'Core', CoreID: newId('cor'), Owner: owner, CreatedAt: now, UpdatedAt: now, ...spec };
      this.#db.run(
        `INSERT INTO cores (core_id, owner, name, class, microarchitecture, correlation_tracking, memory_size,
           precision, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        core.CoreID, owner, spec.Name, spec.Class, spec.Microarchitecture, spec.CorrelationTracking,
        spec.MemorySize, spec.Precision, now, now);
      return core;
    });
  }

  /**
   * Replaces a custom core's editable fields with what `change(current)` returns, inside
   * one transaction (`change` may throw to abort). Undefined when there is no such core.
   */
  async update(owner: string, coreId: string, change: (current: Core) => CoreSpec): Promise<Core | undefined> {
    return this.#db.transaction(() => {
      const row = this.#db.get<CoreRow>('SELECT * FROM cores WHERE core_id = ? AND owner = ?', coreId, owner);
      if (row === undefined) return undefined;
      const spec = change(toCore(row));
      const now = Math.max(unixNow(), row.updated_at);
      this.#db.run(
        `UPDATE cores SET name = ?, class = ?, microarchitecture = ?, correlation_tracking = ?, memory_size = ?,
           precision = ?, updated_at = ? WHERE core_id = ?`,
        spec.Name, spec.Class, spec.Microarchitecture, spec.CorrelationTracking, spec.MemorySize, spec.Precision,
        now, coreId);
      return { ...toCore(row), ...spec, UpdatedAt: now };
    });
  }

  async delete(owner: string, coreId: string): Promise<boolean> {
    return this.#db.run('DELETE FROM cores WHERE core_id = ? AND owner = ?', coreId, owner) === 1;
  }
}

function page(items: Core[], limit: number): Page<Core> {
  if (items.length <= limit) return { items };
  const kept = items.slice(0, limit);
  return { items: kept, next: kept[kept.length - 1]!.CoreID };
}
