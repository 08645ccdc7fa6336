import { createHash, randomBytes } from 'node:crypto';
import type { Db } from './Db.js';
import { newId, unixNow } from './ids.js';
import type { Tier } from './tiers.js';

/** What may be shown about a key after creation: never the key itself. */
export interface ApiKeyInfo {
  keyId: string;
  userId: string;
  name: string;
  /** The first characters of the key, to tell keys apart. */
  prefix: string;
  createdAt: number;
  revokedAt: number | null;
}

/** The signed-in principal a valid key resolves to. */
export interface KeyPrincipal {
  userId: string;
  tier: Tier;
  keyId: string;
}

interface KeyRow {
  key_id: string;
  user_id: string;
  name: string;
  prefix: string;
  created_at: number;
  revoked_at: number | null;
}

const toInfo = (r: KeyRow): ApiKeyInfo => ({
  keyId: r.key_id, userId: r.user_id, name: r.name, prefix: r.prefix, createdAt: r.created_at, revokedAt: r.revoked_at,
});

/** `uxk_` + 40 lowercase hex characters (160 random bits). */
const KEY_SHAPE = /^uxk_[0-9a-f]{40}$/;

export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/**
 * API keys, stored as SHA-256 hashes. Lookups always read the database, so a revoke
 * takes effect on the next request (nothing cached).
 */
export class KeyStore {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /** Creates a key; the returned `key` is the only time the secret exists outside the caller. */
  async create(userId: string, name = ''): Promise<{ key: string; info: ApiKeyInfo }> {
    const key = `uxk_${randomBytes(20).toString('hex')}`;
    const info: ApiKeyInfo = {
      keyId: newId('key'), userId, name, prefix: key.slice(0, 12), createdAt: unixNow(), revokedAt: null,
    };
    this.#db.run('INSERT INTO api_keys (key_id, user_id, key_hash, prefix, name, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      info.keyId, userId, hashKey(key), info.prefix, name, info.createdAt);
    return { key, info };
  }

  /** Keys of one user (or of everyone), oldest first, revoked ones included. */
  async list(userId?: string): Promise<ApiKeyInfo[]> {
    const rows = userId === undefined
      ? this.#db.all<KeyRow>('SELECT * FROM api_keys ORDER BY created_at, key_id')
      : this.#db.all<KeyRow>('SELECT * FROM api_keys WHERE user_id = ? ORDER BY created_at, key_id', userId);
    return rows.map(toInfo);
  }

  /** Revokes a live key; with `userId`, only that user's. False when there is no such live key. */
  async revoke(keyId: string, userId?: string): Promise<boolean> {
    const now = unixNow();
    const changes = userId === undefined
      ? this.#db.run('UPDATE api_keys SET revoked_at = ? WHERE key_id = ? AND revoked_at IS NULL', now, keyId)
      : this.#db.run('UPDATE api_keys SET revoked_at = ? WHERE key_id = ? AND user_id = ? AND revoked_at IS NULL',
        now, keyId, userId);
    return changes === 1;
  }

  /** The principal of a live key, or undefined for a malformed, unknown or revoked key. */
  async authenticate(key: string): Promise<KeyPrincipal | undefined> {
    if (!KEY_SHAPE.test(key)) return undefined;
    const row = this.#db.get<{ user_id: string; tier: Tier; key_id: string }>(
      `SELECT k.user_id, u.tier, k.key_id FROM api_keys k JOIN users u ON u.user_id = k.user_id
       WHERE k.key_hash = ? AND k.revoked_at IS NULL`, hashKey(key));
    return row && { userId: row.user_id, tier: row.tier, keyId: row.key_id };
  }
}
