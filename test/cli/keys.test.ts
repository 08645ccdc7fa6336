import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Store } from '../../src/store/Store.js';
import { runInMemory } from './runInMemory.js';

const data = mkdtempSync(join(tmpdir(), 'uxkit-keys-'));
afterAll(() => rmSync(data, { recursive: true, force: true }));

async function cli(...args: string[]): Promise<{ status: number; out: string; err: string }> {
  const r = await runInMemory(args);
  return { status: r.status, out: r.stdout.toString(), err: r.stderr };
}

describe('uxkit keys', () => {
  it('create prints the new key alone on its last line and the key authenticates', async () => {
    const res = await cli('keys', 'create', '--user', 'alice', '--tier', 'Free', '--data', data);
    expect(res.status).toBe(0);
    const key = res.out.trim().split('\n').pop()!;
    expect(key).toMatch(/^uxk_[0-9a-f]{40}$/);
    const store = new Store(data);
    try {
      const principal = await store.keys.authenticate(key);
      expect(principal?.tier).toBe('Free');
    } finally {
      store.close();
    }
  });

  it('list shows keys without the secret, and revoke disables one', async () => {
    const created = await cli('keys', 'create', '--user', 'bob', '--data', data);
    const key = created.out.trim().split('\n').pop()!;
    const list = await cli('keys', 'list', '--user', 'bob', '--data', data);
    expect(list.status).toBe(0);
    expect(list.out).not.toContain(key);
    const keyId = list.out.split('\t')[0]!;
    expect(keyId).toMatch(/^key_[0-9a-f]{32}$/);
    expect(list.out).toContain('active');
    expect((await cli('keys', 'revoke', keyId, '--data', data)).status).toBe(0);
    expect((await cli('keys', 'list', '--user', 'bob', '--data', data)).out).toContain('revoked');
    const store = new Store(data);
    try {
      expect(await store.keys.authenticate(key)).toBeUndefined();
    } finally {
      store.close();
    }
  });

  it('bad usage exits 2 with a message: unknown tier, missing user, unknown key', async () => {
    const tier = await cli('keys', 'create', '--user', 'x', '--tier', 'Gold', '--data', data);
    expect(tier.status).toBe(2);
    expect(tier.err).toMatch(/unknown tier 'Gold'/);
    expect((await cli('keys', 'create', '--data', data)).err).toMatch(/missing --user/);
    expect((await cli('keys', 'revoke', 'key_nope', '--data', data)).status).toBe(2);
    expect((await cli('keys', 'frobnicate', '--data', data)).status).toBe(2);
  });
});
