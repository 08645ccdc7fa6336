import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { isBlobRef } from '../../src/store/blobs.js';
import { openSqlite } from '../../src/store/Db.js';
import { DEFAULT_BUILD_CORE, DEFAULT_CORES, defaultCore } from '../../src/store/defaultCores.js';
import { isId, newId } from '../../src/store/ids.js';
import { migrate, readMigrations } from '../../src/store/migrate.js';
import { Store } from '../../src/store/Store.js';

const root = mkdtempSync(join(tmpdir(), 'uxkit-store-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('migrations', () => {
  it('the shipped migrations are numbered, named and start at 001', () => {
    const migrations = readMigrations();
    expect(migrations[0]!.version).toBe(1);
    expect(new Set(migrations.map((m) => m.version)).size).toBe(migrations.length);
  });

  it('migrate applies each version once, in order, and a lower number added later still applies', () => {
    const db = openSqlite(join(root, 'm.db'));
    const first = [
      { version: 1, name: 'a', sql: 'CREATE TABLE a (x INTEGER);' },
      { version: 20, name: 'c', sql: 'CREATE TABLE c (x INTEGER);' },
    ];
    expect(migrate(db, first)).toEqual([1, 20]);
    expect(migrate(db, first)).toEqual([]);
    expect(migrate(db, [...first, { version: 10, name: 'b', sql: 'CREATE TABLE b (x INTEGER);' }])).toEqual([10]);
    expect(db.all<{ version: number }>('SELECT version FROM schema_version ORDER BY version').map((r) => r.version)).toEqual([1, 10, 20]);
    db.close();
  });

  it('a failing migration is rolled back and not recorded', () => {
    const db = openSqlite(join(root, 'f.db'));
    expect(() => migrate(db, [{ version: 1, name: 'bad', sql: 'CREATE TABLE t (x INTEGER); INSERT INTO nope VALUES (1);' }])).toThrow();
    expect(db.all('SELECT * FROM schema_version')).toEqual([]);
    expect(db.get("SELECT name FROM sqlite_master WHERE name = 't'")).toBeUndefined();
    db.close();
  });
});

describe('ids and default cores', () => {
  it('newId gives prefix_ + 32 lowercase hex, and isId recognises exactly that', () => {
    for (const prefix of ['usr', 'cor', 'bld', 'tsk'] as const) {
      const id = newId(prefix);
      expect(id).toMatch(new RegExp(`^${prefix}_[0-9a-f]{32}$`));
      expect(isId(prefix, id)).toBe(true);
    }
    expect(isId('cor', `cor_${'A'.repeat(32)}`)).toBe(false);
    expect(isId('cor', `usr_${'a'.repeat(32)}`)).toBe(false);
  });

  it('default cores have distinct stable ids and C0-XS (Athens 32) is the build default', () => {
    expect(new Set(DEFAULT_CORES.map((c) => c.CoreID)).size).toBe(DEFAULT_CORES.length);
    expect(DEFAULT_BUILD_CORE).toMatchObject({ Name: 'C0-XS', Microarchitecture: 'Athens', Precision: 32, Class: 'C0' });
    expect(defaultCore(DEFAULT_BUILD_CORE.CoreID)).toBe(DEFAULT_BUILD_CORE);
    expect(Math.min(...DEFAULT_CORES.filter((c) => c.Microarchitecture === 'Athens' && c.Class === 'C0').map((c) => c.Precision))).toBe(32);
  });
});

describe('blobs', () => {
  it('isBlobRef refuses anything that could leave the blob folder', () => {
    for (const bad of ['', '/etc/passwd', '../x', 'plots/../../x', 'plots/./x', 'a//b', 'a\\b', 'Plots/x', 'a/b/']) {
      expect(isBlobRef(bad), bad).toBe(false);
    }
    fc.assert(fc.property(fc.string(), (s) => {
      if (isBlobRef(s)) expect(s.split('/').every((seg) => seg !== '' && seg !== '.' && seg !== '..')).toBe(true);
    }));
    expect(isBlobRef('builds/bld_0123/stdout')).toBe(true);
  });

  it('putContent stores by content hash, once', async () => {
    const store = new Store(join(root, 'blobs'));
    try {
      const ref = await store.blobs.putContent('plots', Buffer.from('abc'), 'png');
      // SHA-256("abc"), FIPS 180-2 test vector.
      expect(ref).toBe('plots/ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad.png');
      expect((await store.blobs.read(ref)).toString()).toBe('abc');
      expect(await store.blobs.putContent('plots', Buffer.from('abc'), 'png')).toBe(ref);
      expect(() => store.blobs.path('../secrets.json')).toThrow(/invalid blob reference/);
    } finally {
      store.close();
    }
  });
});

describe('secrets', () => {
  it('secrets.json is created owner-only and reused on the next open', () => {
    const dir = join(root, 'sec');
    const a = new Store(dir);
    a.close();
    expect(statSync(join(dir, 'secrets.json')).mode & 0o777).toBe(0o600);
    const b = new Store(dir);
    b.close();
    expect(b.secrets).toEqual(a.secrets);
  });

  it('a damaged secrets.json is a typed error naming the file, never a raw SyntaxError', async () => {
    const { loadSecrets } = await import('../../src/store/secrets.js');
    const { UxkitError } = await import('../../src/errors.js');
    const dir = mkdtempSync(join(root, 'bad-sec-'));
    writeFileSync(join(dir, 'secrets.json'), '{"linkKey": "abc",');
    expect(() => loadSecrets(dir)).toThrow(UxkitError);
    expect(() => loadSecrets(dir)).toThrow(/secrets\.json is not valid JSON/);
    writeFileSync(join(dir, 'secrets.json'), JSON.stringify({ linkKey: 'abc', tokenKey: 'f'.repeat(64) }));
    expect(() => loadSecrets(dir)).toThrow(/linkKey must be 64 hex characters/);
  });

  it('a config file overrides defaults and env and flags override it', async () => {
    const { loadConfig } = await import('../../src/config/loadConfig.js');
    const dir = join(root, 'cfg');
    const file = join(root, 'cfg.json');
    writeFileSync(file, JSON.stringify({ maxSamples: 500, tiers: { Free: { requestsPerWindow: 3 } } }));
    const config = loadConfig({ config: file, data: dir, port: '9000' }, { UXKIT_HOST: '0.0.0.0', UXKIT_PORT: '1' });
    expect(config).toMatchObject({ maxSamples: 500, host: '0.0.0.0', port: 9000, dataDir: dir });
    expect(config.tiers.Free.requestsPerWindow).toBe(3);
    expect(config.tiers.Free.customCores).toBe(1);
    writeFileSync(file, JSON.stringify({ nonsense: 1 }));
    expect(() => loadConfig({ config: file }, {})).toThrow(/unknown setting 'nonsense'/);
    expect(() => loadConfig({ port: 'eighty' }, {})).toThrow(/port must be an integer/);
  });
});
