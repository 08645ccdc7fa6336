import type { Db } from './Db.js';
import { newId, unixNow } from './ids.js';
import type { Tier } from './tiers.js';

export interface User {
  userId: string;
  name: string;
  tier: Tier;
  createdAt: number;
}

interface UserRow {
  user_id: string;
  name: string;
  tier: Tier;
  created_at: number;
}

const toUser = (r: UserRow): User => ({ userId: r.user_id, name: r.name, tier: r.tier, createdAt: r.created_at });

/** Accounts. Methods are async so that a networked dialect can implement the same shape. */
export class UserStore {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  async create(name: string, tier: Tier): Promise<User> {
    const user: User = { userId: newId('usr'), name, tier, createdAt: unixNow() };
    this.#db.run('INSERT INTO users (user_id, name, tier, created_at) VALUES (?, ?, ?, ?)',
      user.userId, name, tier, user.createdAt);
    return user;
  }

  async byId(userId: string): Promise<User | undefined> {
    const row = this.#db.get<UserRow>('SELECT * FROM users WHERE user_id = ?', userId);
    return row && toUser(row);
  }

  async byName(name: string): Promise<User | undefined> {
    const row = this.#db.get<UserRow>('SELECT * FROM users WHERE name = ?', name);
    return row && toUser(row);
  }

  async setTier(userId: string, tier: Tier): Promise<void> {
    this.#db.run('UPDATE users SET tier = ? WHERE user_id = ?', tier, userId);
  }

  async count(): Promise<number> {
    return this.#db.get<{ n: number }>('SELECT count(*) AS n FROM users')!.n;
  }
}
