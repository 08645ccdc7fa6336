import { describe, expect, it } from 'vitest';
import { Distribution } from '../../src/dist/Distribution.js';
import { createSampler, resumeSampler, TokenError } from '../../src/sampling/index.js';
import { randomDistribution } from './helpers.js';

const dist = randomDistribution(21, 16, true);
const other = randomDistribution(22, 16, true);

function tokenAfter(count: number, secret?: string): string {
  const sampler = createSampler(dist, secret === undefined ? { seed: 'tok', mode: 'particles' } : { seed: 'tok', mode: 'particles', secret });
  sampler.next(count);
  return sampler.token();
}

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(TokenError);
    return (error as TokenError).code;
  }
  throw new Error('expected a TokenError');
}

describe('continuation tokens', () => {
  it('a token is URL-safe base64 and resumes position, seed and mode', () => {
    const token = tokenAfter(123);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    const resumed = resumeSampler(dist, token);
    expect(resumed.position).toBe(123);
    expect(resumed.seed).toBe('tok');
    expect(resumed.mode).toBe('particles');
  });

  it('a token resumes on an equal distribution decoded anew (the digest is of the content)', () => {
    const copy = Distribution.fromParticles(
      [...dist.positions, NaN, -Infinity, Infinity],
      [...dist.masses, dist.nanMass, dist.negInfMass, dist.posInfMass],
    );
    const sampler = createSampler(dist, { seed: 3, mode: 'particles' });
    sampler.next(10);
    const resumed = resumeSampler(copy, sampler.token());
    expect(resumed.next(20)).toEqual(sampler.next(20));
  });

  it('resuming on another distribution gives TokenError wrong-distribution', () => {
    expect(codeOf(() => resumeSampler(other, tokenAfter(5)))).toBe('wrong-distribution');
  });

  it('resuming with an explicit other mode gives TokenError wrong-mode', () => {
    expect(codeOf(() => resumeSampler(dist, tokenAfter(5), { mode: 'density' }))).toBe('wrong-mode');
    expect(resumeSampler(dist, tokenAfter(5), { mode: 'particles' }).position).toBe(5);
  });

  it('every single-byte corruption of an unsigned token is refused with a TokenError', () => {
    const bytes = Buffer.from(tokenAfter(77), 'base64url');
    for (let i = 0; i < bytes.length; i++) {
      const copy = Buffer.from(bytes);
      copy[i] ^= 0x10;
      expect(['malformed', 'version']).toContain(codeOf(() => resumeSampler(dist, copy.toString('base64url'))));
    }
  });

  it('truncated, padded, empty and non-base64url tokens are malformed', () => {
    const token = tokenAfter(3);
    for (const cut of [1, 2, 5, 20, token.length - 1]) {
      expect(codeOf(() => resumeSampler(dist, token.slice(0, cut)))).toMatch(/malformed|version/);
    }
    expect(codeOf(() => resumeSampler(dist, `${token}AA`))).toBe('malformed');
    expect(codeOf(() => resumeSampler(dist, ''))).toBe('malformed');
    expect(codeOf(() => resumeSampler(dist, `${token.slice(0, 10)}+/=`))).toBe('malformed');
    expect(codeOf(() => resumeSampler(dist, 42 as unknown as string))).toBe('malformed');
  });

  it('a token of an unknown format version is refused with TokenError version', () => {
    const bytes = Buffer.from(tokenAfter(3), 'base64url');
    bytes[0] = 3;
    expect(codeOf(() => resumeSampler(dist, bytes.toString('base64url')))).toBe('version');
  });

  it('a version 1 token (3 outputs per density draw, 2 per particles draw) is refused with TokenError version', () => {
    // Taken with TOKEN_VERSION 1 on the snapshot distribution, seed 42, particles, after 3 draws.
    const v1 = 'AQAAAAAAABzZb_3rxvWr5XPFOL_yIgIDAAAAAAAAAAowhcaCeHe_gb-S1Mx1SCcAAAAAAABFQOHGBGH7h5VC';
    const snapshotDist = Distribution.fromParticles([-1, 0.5, 2, 10, NaN], [0.1, 0.2, 0.3, 0.3, 0.1]);
    expect(codeOf(() => resumeSampler(snapshotDist, v1))).toBe('version');
    expect(() => resumeSampler(snapshotDist, v1)).toThrow(/format version 1; this uxkit reads version 2/);
  });

  it('signed tokens resume with the secret and are refused without it, with another, or altered', () => {
    const token = tokenAfter(50, 's3cret');
    const resumed = resumeSampler(dist, token, { secret: 's3cret' });
    expect(resumed.position).toBe(50);
    expect(resumeSampler(dist, resumed.token(), { secret: new TextEncoder().encode('s3cret') }).position).toBe(50);
    expect(codeOf(() => resumeSampler(dist, token))).toBe('bad-signature');
    expect(codeOf(() => resumeSampler(dist, token, { secret: 'other' }))).toBe('bad-signature');
    const bytes = Buffer.from(token, 'base64url');
    for (let i = 1; i < bytes.length; i++) {
      const copy = Buffer.from(bytes);
      copy[i] ^= 0x01;
      expect(['bad-signature', 'malformed']).toContain(codeOf(() => resumeSampler(dist, copy.toString('base64url'), { secret: 's3cret' })));
    }
  });

  it('an unsigned token is refused where a secret is required (a forgery cannot drop the signature)', () => {
    expect(codeOf(() => resumeSampler(dist, tokenAfter(5), { secret: 's3cret' }))).toBe('bad-signature');
  });

  it('resuming costs the same at position 0 and at position 10 million: the token holds the state', () => {
    const sampler = createSampler(dist, { seed: 1, mode: 'particles' });
    const early = sampler.token();
    sampler.nextInto(new Float64Array(10_000_000));
    const late = sampler.token();
    expect(late.length).toBe(early.length);
    const next = sampler.next(5);
    expect(resumeSampler(dist, late).next(5)).toEqual(next);
  });
});
