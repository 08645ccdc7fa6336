import { describe, expect, it } from 'vitest';
import { LinkSigner } from '../../src/api/links.js';
import { FixedWindowQuota } from '../../src/api/quota.js';

describe('FixedWindowQuota', () => {
  it('allows limit requests per window, then answers the seconds until the window ends', () => {
    const quota = new FixedWindowQuota();
    const t0 = 60_000 * 16_666_666; // a window boundary for 60 s windows
    for (let i = 0; i < 3; i++) expect(quota.take('u', 3, 60, t0 + i)).toBe(0);
    expect(quota.take('u', 3, 60, t0 + 15_000)).toBe(45);
    expect(quota.take('v', 3, 60, t0 + 15_000)).toBe(0);
    expect(quota.take('u', 3, 60, t0 + 60_000)).toBe(0);
  });
});

describe('LinkSigner', () => {
  const signer = new LinkSigner('00'.repeat(32));
  const parse = (q: string) => Object.fromEntries(new URLSearchParams(q)) as Record<string, string>;

  it('a link checks valid before its expiry and expired after', () => {
    const q = parse(signer.query('plots/a.png', 'image/png', 1000));
    expect(signer.check('plots/a.png', q, 999)).toBe('valid');
    expect(signer.check('plots/a.png', q, 1001)).toBe('expired');
  });

  it('changing the ref, type, expiry or signature, or another key, makes it invalid', () => {
    const q = parse(signer.query('plots/a.png', 'image/png', 1000));
    expect(signer.check('plots/b.png', q, 0)).toBe('invalid');
    expect(signer.check('plots/a.png', { ...q, type: 'text/html' }, 0)).toBe('invalid');
    expect(signer.check('plots/a.png', { ...q, expires: '2000' }, 0)).toBe('invalid');
    expect(signer.check('plots/a.png', { ...q, signature: 'abc' }, 0)).toBe('invalid');
    expect(signer.check('plots/a.png', { type: q.type! }, 0)).toBe('invalid');
    expect(new LinkSigner('11'.repeat(32)).check('plots/a.png', q, 0)).toBe('invalid');
  });
});
