import Database from 'better-sqlite3';

/**
 * The narrow database boundary every store module uses. SQLite implements it here; a
 * PostgreSQL dialect would implement the same shape (see docs/guide/server.md).
 * Statements are prepared once per SQL text and cached.
 */
export interface Db {
  /** Runs a write; returns the number of rows changed. */
  run(sql: string, ...params: unknown[]): number;
  get<T>(sql: string, ...params: unknown[]): T | undefined;
  all<T>(sql: string, ...params: unknown[]): T[];
  /** Runs SQL text with several statements (migrations). */
  exec(sql: string): void;
  /** Runs `fn` in one write transaction (BEGIN IMMEDIATE); rolls back when it throws. */
  transaction<T>(fn: () => T): T;
  close(): void;
}

export function openSqlite(file: string): Db {
  const db = new Database(file);
  // WAL lets readers continue while a write commits; busy_timeout waits for other processes.
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  const cache = new Map<string, Database.Statement>();
  const prepare = (sql: string): Database.Statement => {
    let statement = cache.get(sql);
    if (statement === undefined) {
      statement = db.prepare(sql);
      cache.set(sql, statement);
    }
    return statement;
  };
  return {
    run: (sql, ...params) => prepare(sql).run(...params).changes,
    get: <T>(sql: string, ...params: unknown[]) => prepare(sql).get(...params) as T | undefined,
    all: <T>(sql: string, ...params: unknown[]) => prepare(sql).all(...params) as T[],
    exec: (sql) => {
      db.exec(sql);
    },
    transaction: <T>(fn: () => T) => db.transaction(fn).immediate(),
    close: () => {
      cache.clear();
      if (db.open) db.close();
    },
  };
}
