import type { Db } from './Db.js';
import type { Status } from './jobStatus.js';

/** A position in a newest-first list: creation time (ms) and the id breaking ties. */
export interface ListKey {
  ms: number;
  id: string;
}

/** `<ISO 8601 UTC with milliseconds and Z>#<id>`: the ContinuationKey / startKey form. */
export function formatListKey(key: ListKey): string {
  return `${new Date(key.ms).toISOString()}#${key.id}`;
}

const KEY = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)#([a-z]{3}_[0-9a-f]+)$/;

/**
 * Parses a startKey whose id has `prefix` (`tsk`, `bld`); undefined for anything else,
 * including impossible dates (2025-02-30) that Date would silently roll over.
 */
export function parseListKey(text: string, prefix: string): ListKey | undefined {
  const match = KEY.exec(text);
  if (match === null || !match[2]!.startsWith(`${prefix}_`)) return undefined;
  const ms = Date.parse(match[1]!);
  if (!Number.isFinite(ms) || new Date(ms).toISOString() !== match[1]) return undefined;
  return { ms, id: match[2]! };
}

/** Filters and page position of a newest-first listing of one owner's rows. */
export interface ListQuery {
  owner: string;
  /** Only these statuses (empty or undefined: all). */
  statuses?: readonly Status[] | undefined;
  /** Inclusive bounds on creation time, Unix ms. */
  fromMs?: number | undefined;
  toMs?: number | undefined;
  /** Continue strictly after this entry. */
  after?: ListKey | undefined;
  limit: number;
}

export interface KeyedPage<T> {
  items: T[];
  /** Key of the last item when more items follow; absent on the last page. */
  next?: ListKey;
}

/** A further condition on the listed rows: SQL text from code, values as parameters. */
export interface ListFilter {
  sql: string;
  params: unknown[];
}

/**
 * One page of `table` ordered by (created_ms, id) descending. Reads limit + 1 rows to know
 * whether another page follows; the key of the last returned row continues the listing,
 * so rows created between pages (newer, hence before the key) never shift it.
 */
export function listPage<R extends { created_ms: number }>(
  db: Db, table: 'builds' | 'tasks', idColumn: string, q: ListQuery, filter?: ListFilter, columns = '*',
): KeyedPage<R> {
  const where = ['owner = ?'];
  const params: unknown[] = [q.owner];
  if (filter !== undefined) {
    where.push(filter.sql);
    params.push(...filter.params);
  }
  if (q.statuses !== undefined && q.statuses.length > 0) {
    where.push(`status IN (${q.statuses.map(() => '?').join(', ')})`);
    params.push(...q.statuses);
  }
  if (q.fromMs !== undefined) {
    where.push('created_ms >= ?');
    params.push(q.fromMs);
  }
  if (q.toMs !== undefined) {
    where.push('created_ms <= ?');
    params.push(q.toMs);
  }
  if (q.after !== undefined) {
    where.push(`(created_ms < ? OR (created_ms = ? AND ${idColumn} < ?))`);
    params.push(q.after.ms, q.after.ms, q.after.id);
  }
  const sql = `SELECT ${columns} FROM ${table} WHERE ${where.join(' AND ')} ORDER BY created_ms DESC, ${idColumn} DESC LIMIT ?`;
  const rows = db.all<R>(sql, ...params, q.limit + 1);
  if (rows.length <= q.limit) return { items: rows };
  const items = rows.slice(0, q.limit);
  const last = items[items.length - 1]! as R & Record<string, unknown>;
  return { items, next: { ms: last.created_ms, id: String(last[idColumn]) } };
}
