import { parseArgs } from 'node:util';
import { ensureUser } from '../api/bootstrap.js';
import { loadConfig } from '../config/loadConfig.js';
import { Store } from '../store/Store.js';
import { isTier, type Tier, TIERS } from '../store/tiers.js';
import { type CliCommand, CliUsageError } from './io.js';

export const usage = `usage: uxkit keys create --user NAME [--tier TIER] [--name LABEL] [--data DIR] [--config FILE]
       uxkit keys list [--user NAME] [--data DIR] [--config FILE]
       uxkit keys revoke KEY_ID [--data DIR] [--config FILE]
tiers: ${TIERS.join(', ')}`;

function tierOf(text: string | undefined): Tier | undefined {
  if (text === undefined) return undefined;
  if (!isTier(text)) throw new CliUsageError('bad-tier', `unknown tier '${text}'; tiers: ${TIERS.join(', ')}`);
  return text;
}

const iso = (seconds: number): string => new Date(seconds * 1000).toISOString();

/** `uxkit keys`: manage API keys directly in a data folder (the server may be running). */
export const run: CliCommand = async (args, io) => {
  const { values, positionals } = parseArgs({
    args,
    options: {
      user: { type: 'string' },
      tier: { type: 'string' },
      name: { type: 'string' },
      data: { type: 'string' },
      config: { type: 'string' },
    },
    allowPositionals: true,
    strict: true,
  });
  const [action, ...rest] = positionals;
  if (action !== 'create' && action !== 'list' && action !== 'revoke') {
    throw new CliUsageError('bad-action', action === undefined ? usage : `unknown action '${action}'\n${usage}`);
  }
  const tier = tierOf(values.tier);
  const config = loadConfig({ data: values.data, config: values.config });
  const store = new Store(config.dataDir);
  try {
    if (action === 'create') {
      if (values.user === undefined || values.user.trim() === '') throw new CliUsageError('missing-user', `missing --user NAME\n${usage}`);
      const user = await ensureUser(store, values.user, tier);
      const { key, info } = await store.keys.create(user.userId, values.name ?? '');
      io.stderr(`created key ${info.keyId} for ${user.name} (${user.userId}, ${user.tier}); shown once:\n`);
      io.stdout(`${key}\n`);
      return 0;
    }
    if (action === 'list') {
      let userId: string | undefined;
      if (values.user !== undefined) {
        const user = await store.users.byName(values.user);
        if (user === undefined) throw new CliUsageError('unknown-user', `no user named '${values.user}'`);
        userId = user.userId;
      }
      for (const k of await store.keys.list(userId)) {
        const state = k.revokedAt === null ? 'active' : `revoked ${iso(k.revokedAt)}`;
        io.stdout(`${k.keyId}\t${k.userId}\t${k.prefix}...\t${iso(k.createdAt)}\t${state}\t${k.name}\n`);
      }
      return 0;
    }
    const keyId = rest[0];
    if (keyId === undefined) throw new CliUsageError('missing-key', `missing KEY_ID\n${usage}`);
    if (!(await store.keys.revoke(keyId))) throw new CliUsageError('unknown-key', `no active key ${keyId}`);
    io.stdout(`revoked ${keyId}\n`);
    return 0;
  } finally {
    store.close();
  }
};
