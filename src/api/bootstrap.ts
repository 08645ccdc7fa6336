import type { Store } from '../store/Store.js';
import type { Tier } from '../store/tiers.js';
import type { User } from '../store/users.js';

export interface FirstAccount {
  user: User;
  /** The new API key: print it once, it is not stored. */
  key: string;
}

/**
 * First start: when the store has no account yet, creates `name` (Enterprise tier: the
 * install's owner) with one API key. Undefined when accounts already exist.
 */
export async function createFirstAccount(store: Store, name = 'admin', tier: Tier = 'Enterprise'): Promise<FirstAccount | undefined> {
  if ((await store.users.count()) > 0) return undefined;
  const user = await store.users.create(name, tier);
  const { key } = await store.keys.create(user.userId, 'first key');
  return { user, key };
}

/** A user by name, created when missing; `tier`, when given, is applied to an existing user too. */
export async function ensureUser(store: Store, name: string, tier: Tier | undefined): Promise<User> {
  const existing = await store.users.byName(name);
  if (existing === undefined) return store.users.create(name, tier ?? 'Developer+API');
  if (tier !== undefined && tier !== existing.tier) {
    await store.users.setTier(existing.userId, tier);
    return { ...existing, tier };
  }
  return existing;
}
