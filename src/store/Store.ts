import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { BlobStore } from './blobs.js';
import { CoreStore } from './cores.js';
import { type Db, openSqlite } from './Db.js';
import { KeyStore } from './keys.js';
import { migrate } from './migrate.js';
import { loadSecrets, type Secrets } from './secrets.js';
import { UserStore } from './users.js';

/** A store module: built once per Store from the database and the blob folder. */
export type StoreModule<T> = new (db: Db, blobs: BlobStore) => T;

/**
 * Everything persistent under one data folder: <data>/uxkit.db (SQLite), <data>/blobs/,
 * <data>/secrets.json. Route handlers reach it as `app.store` and never write SQL.
 */
export class Store {
  readonly dataDir: string;
  readonly db: Db;
  readonly blobs: BlobStore;
  readonly secrets: Secrets;
  readonly users: UserStore;
  readonly keys: KeyStore;
  readonly cores: CoreStore;
  readonly #modules = new Map<StoreModule<unknown>, unknown>();

  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    this.dataDir = dataDir;
    this.db = openSqlite(join(dataDir, 'uxkit.db'));
    try {
      migrate(this.db);
    } catch (error) {
      this.db.close();
      throw error;
    }
    this.blobs = new BlobStore(join(dataDir, 'blobs'));
    this.secrets = loadSecrets(dataDir);
    this.users = new UserStore(this.db);
    this.keys = new KeyStore(this.db);
    this.cores = new CoreStore(this.db);
  }

  /**
   * The single instance of a later resource group's store module (builds, tasks,
   * repositories...), created on first use, so new groups need no edit here.
   */
  module<T>(Module: StoreModule<T>): T {
    let instance = this.#modules.get(Module) as T | undefined;
    if (instance === undefined) {
      instance = new Module(this.db, this.blobs);
      this.#modules.set(Module, instance);
    }
    return instance;
  }

  close(): void {
    this.db.close();
  }
}

export function openStore(dataDir: string): Store {
  return new Store(dataDir);
}
