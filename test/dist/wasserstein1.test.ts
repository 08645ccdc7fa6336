import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Distribution } from '../../src/dist/Distribution.js';
import { wasserstein1 } from '../../src/dist/index.js';
import { anyFinite, twoDelta } from './arbitraries.js';

const point = (x: number) => Distribution.fromParticles([x], [1]);
const samplesOf = (n: number) =>
  fc.array(fc.integer({ min: -10_000, max: 10_000 }), { minLength: n, maxLength: n }).map((xs) => xs.map((x) => x / 16));

describe('wasserstein1', () => {
  it('is the distance between two points, and 0.25 from the two-delta value to its mean', () => {
    expect(wasserstein1(point(0), point(1))).toBe(1);
    expect(wasserstein1(twoDelta, point(21.5))).toBe(0.25);
    expect(wasserstein1(twoDelta, twoDelta)).toBe(0);
  });

  it('equals the mean absolute difference of sorted samples for equal-size empirical distributions', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }).chain((n) => fc.tuple(samplesOf(n), samplesOf(n))), ([xs, ys]) => {
        const a = [...xs].sort((p, q) => p - q);
        const b = [...ys].sort((p, q) => p - q);
        const brute = a.reduce((s, x, k) => s + Math.abs(x - b[k]!), 0) / a.length;
        const w = wasserstein1(Distribution.fromSamples(xs), Distribution.fromSamples(ys));
        expect(w).toBeCloseTo(brute, 9);
      }),
    );
  });

  it('is symmetric, zero on itself and equal to |shift| for a translated copy', () => {
    fc.assert(
      fc.property(anyFinite, fc.integer({ min: -100, max: 100 }), (d, shift) => {
        fc.pre(d.positions.every((x) => Math.abs(x) < 1e12));
        const moved = Distribution.fromParticles(d.positions.map((x) => x + shift), d.masses);
        expect(wasserstein1(d, d)).toBe(0);
        expect(wasserstein1(d, moved)).toBeCloseTo(wasserstein1(moved, d), 6);
        expect(wasserstein1(d, moved)).toBeCloseTo(Math.abs(shift), 2);
      }),
    );
  });

  it('is NaN with NaN mass, infinite when infinite masses differ, and matches equal infinite masses', () => {
    expect(Number.isNaN(wasserstein1(Distribution.fromParticles([1, NaN], [1, 1]), point(1)))).toBe(true);
    expect(wasserstein1(Distribution.fromParticles([1, Infinity], [1, 1]), point(1))).toBe(Infinity);
    const a = Distribution.fromParticles([0, Infinity], [1, 1]);
    const b = Distribution.fromParticles([2, Infinity], [1, 1]);
    expect(wasserstein1(a, b)).toBe(1);
  });

  it('does not overflow for deltas spanning the float64 range', () => {
    expect(wasserstein1(point(-1.5e308), point(1.5e308))).toBe(Infinity);
    expect(wasserstein1(point(-1e308), point(1e308))).toBe(Infinity);
    const half = wasserstein1(Distribution.fromParticles([-1e308, 1e308], [1, 1]), point(-1e308));
    expect(half).toBe(1e308);
  });
});
