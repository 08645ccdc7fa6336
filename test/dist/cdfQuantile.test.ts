import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Distribution } from '../../src/dist/Distribution.js';
import {
  cdf,
  modes,
  probabilityGreaterThan,
  quantile,
  supportMax,
  supportMin,
} from '../../src/dist/index.js';
import { anyFinite, gridWeighted, twoDelta, withSpecials } from './arbitraries.js';

describe('cdf, quantile, support, probabilityGreaterThan, modes', () => {
  it('cdf counts P(X <= x) on the two-delta value', () => {
    expect(cdf(twoDelta, 21)).toBe(0);
    expect(cdf(twoDelta, 21.25)).toBe(0.5);
    expect(cdf(twoDelta, 21.5)).toBe(0.5);
    expect(cdf(twoDelta, 21.75)).toBe(1);
    expect(cdf(twoDelta, Infinity)).toBe(1);
    expect(Number.isNaN(cdf(twoDelta, NaN))).toBe(true);
  });

  it('quantile is the smallest x with cdf(x) >= p (lower quantile)', () => {
    expect(quantile(twoDelta, 0)).toBe(21.25);
    expect(quantile(twoDelta, 0.5)).toBe(21.25);
    expect(quantile(twoDelta, 0.5000001)).toBe(21.75);
    expect(quantile(twoDelta, 1)).toBe(21.75);
  });

  it('cdf(quantile(p)) >= p and nothing below quantile(p) reaches p', () => {
    fc.assert(
      fc.property(anyFinite, fc.double({ min: 0, max: 1, noNaN: true }), (d, p) => {
        const q = quantile(d, p);
        expect(cdf(d, q)).toBeGreaterThanOrEqual(p);
        const i = d.positions.indexOf(q);
        expect(i).toBeGreaterThanOrEqual(0);
        if (i > 0 && p > 0) expect(cdf(d, d.positions[i - 1]!)).toBeLessThan(p);
      }),
    );
  });

  it('with special masses, quantile is NaN exactly when p exceeds 1 - nanMass, else cdf(quantile(p)) >= p', () => {
    fc.assert(
      fc.property(withSpecials, fc.double({ min: 0, max: 1, noNaN: true }), (d, p) => {
        const q = quantile(d, p);
        if (Number.isNaN(q)) expect(p).toBeGreaterThan(1 - d.nanMass - 1e-15);
        else expect(cdf(d, q)).toBeGreaterThanOrEqual(p);
        const c = d.positions[0] ?? 0;
        expect(cdf(d, c) + probabilityGreaterThan(d, c)).toBeCloseTo(1 - d.nanMass, 12);
      }),
    );
  });

  it('cdf and probabilityGreaterThan agree with counting expanded samples', () => {
    fc.assert(
      fc.property(gridWeighted, fc.integer({ min: -9000, max: 9000 }), ({ dist, expanded }, c8) => {
        const c = c8 / 8;
        const below = expanded.filter((x) => x <= c).length / expanded.length;
        expect(cdf(dist, c)).toBeCloseTo(below, 12);
        expect(probabilityGreaterThan(dist, c)).toBeCloseTo(1 - below, 12);
      }),
    );
  });

  it('special masses: -Inf is the low end, +Inf the high end, NaN mass is excluded and reported', () => {
    const d = Distribution.fromParticles([-Infinity, 0, 1, Infinity, NaN], [1, 1, 1, 1, 1]);
    expect(cdf(d, -Infinity)).toBeCloseTo(0.2, 15);
    expect(cdf(d, 0)).toBeCloseTo(0.4, 15);
    expect(cdf(d, 1e300)).toBeCloseTo(0.6, 15);
    expect(cdf(d, Infinity)).toBeCloseTo(0.8, 15);
    expect(d.nanMass).toBeCloseTo(0.2, 15);
    expect(quantile(d, 0.1)).toBe(-Infinity);
    expect(quantile(d, 0.3)).toBe(0);
    expect(quantile(d, 0.7)).toBe(Infinity);
    expect(Number.isNaN(quantile(d, 0.9))).toBe(true);
    expect(probabilityGreaterThan(d, 0)).toBeCloseTo(0.4, 15);
    expect(probabilityGreaterThan(d, -Infinity)).toBeCloseTo(0.6, 15);
    expect(probabilityGreaterThan(d, Infinity)).toBe(0);
    expect(supportMin(d)).toBe(-Infinity);
    expect(supportMax(d)).toBe(Infinity);
  });

  it('quantile rejects p outside [0, 1] with RangeError', () => {
    for (const p of [-0.1, 1.1, NaN]) expect(() => quantile(twoDelta, p)).toThrow(RangeError);
  });

  it('support bounds fall back through the special masses', () => {
    expect(supportMin(twoDelta)).toBe(21.25);
    expect(supportMax(twoDelta)).toBe(21.75);
    const onlyPos = Distribution.fromParticles([Infinity], [1]);
    expect(supportMin(onlyPos)).toBe(Infinity);
    const onlyNan = Distribution.fromParticles([NaN], [1]);
    expect(Number.isNaN(supportMin(onlyNan))).toBe(true);
    expect(Number.isNaN(supportMax(onlyNan))).toBe(true);
  });

  it('modes returns every position of maximal mass, special values included', () => {
    expect(Array.from(modes(Distribution.fromParticles([1, 2, 3], [1, 3, 3])))).toEqual([2, 3]);
    expect(Array.from(modes(twoDelta))).toEqual([21.25, 21.75]);
    const withNan = Distribution.fromParticles([1, NaN, Infinity], [1, 2, 2]);
    const m = Array.from(modes(withNan));
    expect(m[0]).toBe(Infinity);
    expect(Number.isNaN(m[1])).toBe(true);
  });
});
