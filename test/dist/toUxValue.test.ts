import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Distribution } from '../../src/dist/Distribution.js';
import { mean, toUxValue } from '../../src/dist/index.js';
import { formatUx } from '../../src/ux/formatUx.js';
import { parseUx } from '../../src/ux/parseUx.js';
import { anyFinite, twoDelta } from './arbitraries.js';

const ONE = 1n << 63n;

function rawSum(raw: BigUint64Array): bigint {
  let s = 0n;
  for (const r of raw) s += r;
  return s;
}

describe('toUxValue', () => {
  it('encodes the published pi/4 single-delta example byte for byte', () => {
    // reference.md section 1, from the public decoder's tests.
    const d = Distribution.fromParticles([Math.PI / 4], [1]);
    const text = formatUx(toUxValue(d, { particleText: '0.785398' }));
    expect(text).toBe('0.785398Ux0400000000000000003FE921FB54442D18000000013FE921FB54442D188000000000000000');
  });

  it('encodes the two-delta value with type 4, particle = mean, raw masses 2^62 each', () => {
    const v = toUxValue(twoDelta, { sampleCount: 1024n });
    expect(v.type).toBe(4);
    expect(v.particle).toBe(21.5);
    expect(v.particleText).toBe('21.5');
    expect(v.headerMean).toBe(21.5);
    expect(v.sampleCount).toBe(1024n);
    expect(Array.from(v.positions)).toEqual([21.25, 21.75]);
    expect(Array.from(v.rawMasses)).toEqual([1n << 62n, 1n << 62n]);
    const back = Distribution.fromUx(parseUx(formatUx(v)));
    expect(Array.from(back.positions)).toEqual([21.25, 21.75]);
    expect(mean(back)).toBe(21.5);
  });

  it('raw masses sum to exactly 2^63 and a positive mass never rounds to zero', () => {
    fc.assert(
      fc.property(anyFinite, fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 3, maxLength: 3 }), (d0, sp) => {
        const xs = [...d0.positions, NaN, -Infinity, Infinity];
        const ms = [...d0.masses, ...sp];
        const d = Distribution.fromParticles(xs, ms);
        const v = toUxValue(d);
        expect(rawSum(v.rawMasses)).toBe(ONE);
        expect(v.positions.length).toBe(v.rawMasses.length);
        for (let i = 0; i < v.rawMasses.length; i++) expect(v.rawMasses[i]! > 0n).toBe(true);
        expect(v.masses.length).toBe(v.rawMasses.length);
      }),
    );
  });

  it('uses largest remainders: thirds become 2^63/3 rounded with the odd unit on the largest remainder', () => {
    const v = toUxValue(Distribution.fromParticles([1, 2, 3], [1, 1, 1]));
    expect(rawSum(v.rawMasses)).toBe(ONE);
    const lo = ONE / 3n;
    for (const r of v.rawMasses) expect(r === lo || r === lo + 1n).toBe(true);
  });

  it('keeps a mass far below 2^-63 as one raw unit', () => {
    const v = toUxValue(Distribution.fromParticles([0, 1], [1, 1e-30]));
    expect(Array.from(v.rawMasses)).toEqual([ONE - 1n, 1n]);
  });

  it('puts special values last as NaN, -Infinity, +Infinity, and the mean header follows the special conventions', () => {
    const v = toUxValue(Distribution.fromParticles([Infinity, 2, NaN, -Infinity], [1, 1, 1, 1]));
    expect(v.positions[0]).toBe(2);
    expect(Number.isNaN(v.positions[1])).toBe(true);
    expect(v.positions[2]).toBe(-Infinity);
    expect(v.positions[3]).toBe(Infinity);
    expect(Array.from(v.rawMasses)).toEqual([ONE / 4n, ONE / 4n, ONE / 4n, ONE / 4n]);
    expect(Number.isNaN(v.headerMean)).toBe(true);
    expect(v.particleText).toBe('nan');
    const text = formatUx(v);
    expect(text.startsWith('nanUx04')).toBe(true);
  });

  it('takes particle, particle text and type from the options; bad options throw RangeError', () => {
    const v = toUxValue(twoDelta, { type: 0, particle: 21.5, particleText: '21.500000' });
    expect(v.type).toBe(0);
    expect(formatUx(v).startsWith('21.500000Ux00')).toBe(true);
    expect(toUxValue(twoDelta, { particle: 3 }).particleText).toBe('3.0');
    expect(() => toUxValue(twoDelta, { type: 256 })).toThrow(RangeError);
    expect(() => toUxValue(twoDelta, { type: 1.5 })).toThrow(RangeError);
    expect(() => toUxValue(twoDelta, { sampleCount: -1n })).toThrow(RangeError);
    expect(() => toUxValue(twoDelta, { sampleCount: 1n << 64n })).toThrow(RangeError);
  });
});
