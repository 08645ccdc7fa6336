import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Db } from './Db.js';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

const FILE = /^(\d{3})_([a-z0-9_]+)\.sql$/;

/**
 * The migrations folder: beside this module when run from source, or the shipped
 * src/store/migrations when bundled into dist/.
 */
function migrationsDir(): string {
  const candidates = ['./migrations/', '../src/store/migrations/', '../../src/store/migrations/'];
  for (const candidate of candidates) {
    const dir = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(dir)) return dir;
  }
  throw new Error('uxkit: store migrations folder not found');
}

/** Reads NNN_name.sql files, sorted by number. */
export function readMigrations(dir: string = migrationsDir()): Migration[] {
  const migrations: Migration[] = [];
  for (const file of readdirSync(dir)) {
    const match = FILE.exec(file);
    if (match === null) continue;
    migrations.push({ version: Number(match[1]), name: match[2]!, sql: readFileSync(`${dir}/${file}`, 'utf8') });
  }
  return migrations.sort((a, b) => a.version - b.version);
}

/**
 * Applies every migration not yet recorded in schema_version, in order, each in its own
 * transaction. Numbers are reserved in ranges per resource group, so a lower number that
 * lands later is still applied (a set of applied versions, not a high-water mark).
 * Returns the versions applied now.
 */
export function migrate(db: Db, migrations: Migration[] = readMigrations()): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_version (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)`);
  const applied = new Set(db.all<{ version: number }>('SELECT version FROM schema_version').map((r) => r.version));
  const now: number[] = [];
  for (const m of migrations) {
    if (applied.has(m.version)) continue;
    db.transaction(() => {
      db.exec(m.sql);
      db.run('INSERT INTO schema_version (version, name, applied_at) VALUES (?, ?, ?)',
        m.version, m.name, Math.floor(Date.now() / 1000));
    });
    now.push(m.version);
  }
  return now;
}
