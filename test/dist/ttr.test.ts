import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Distribution, DistributionError } from '../../src/dist/Distribution.js';
import {
  binDensity,
  isValidTtr,
  mean,
  ttrFromSamples,
  ttrFromWeighted,
  variance,
} from '../../src/dist/index.js';
import { ttrSplitPoints } from '../../src/dist/ttrSplitPoints.js';
import { gaussianSamples, mulberry32 } from './seeded.js';

const moderate = fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 200 });

function total(d: Distribution): number {
  return d.masses.reduce((a, b) => a + b, 0) + d.specialMass;
}

describe('TTR construction', () => {
  it('order 0 is one delta at the mean carrying all the mass', () => {
    const d = ttrFromSamples([1, 2, 3, 10], 0);
    expect(Array.from(d.positions)).toEqual([4]);
    expect(Array.from(d.masses)).toEqual([1]);
  });

  it('splits at the mean level by level: a known order-2 answer', () => {
    // mean 3.2: {0,1,2,3} | {10}; {0,1,2,3} splits at 1.5 into {0,1} and {2,3}; {10} stays one leaf.
    const d = ttrFromSamples([3, 10, 0, 2, 1], 2);
    expect(Array.from(d.positions)).toEqual([0.5, 2.5, 10]);
    expect(Array.from(d.masses)).toEqual([0.4, 0.4, 0.2]);
  });

  it('preserves the mean and the total mass', () => {
    fc.assert(
      fc.property(moderate, fc.integer({ min: 0, max: 8 }), (xs, order) => {
        const d = ttrFromSamples(xs, order);
        const mu = xs.reduce((a, b) => a + b, 0) / xs.length;
        const scale = Math.max(...xs.map(Math.abs), 1e-300);
        expect(Math.abs(mean(d) - mu)).toBeLessThanOrEqual(1e-12 * scale);
        expect(total(d)).toBeCloseTo(1, 12);
        expect(d.size).toBeLessThanOrEqual(Math.min(xs.length, 2 ** order));
      }),
    );
  });

  it('is a valid TTR of exactly 2^order deltas for continuous inputs', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 0, max: 8 }), (seed, order) => {
        const d = ttrFromSamples(gaussianSamples(seed, 4000), order);
        expect(d.size).toBe(2 ** order);
        expect(isValidTtr(d)).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  it('a TTR of many uniform samples has the uniform moments', () => {
    const next = mulberry32(7);
    const xs = Float64Array.from({ length: 100_000 }, () => next());
    const d = ttrFromSamples(xs, 8);
    expect(mean(d)).toBeCloseTo(0.5, 2);
    expect(variance(d)).toBeCloseTo(1 / 12, 3);
    expect(d.positions[0]!).toBeCloseTo(1 / 512, 3);
    expect(d.positions[255]!).toBeCloseTo(1 - 1 / 512, 3);
  });

  it('keeps the mean of samples whose sums would overflow float64', () => {
    const xs = [1.8960482940579838e293, 1.797693134862314e308, 0];
    expect(mean(ttrFromSamples(xs, 0)) / mean(Distribution.fromSamples(xs))).toBeCloseTo(1, 14);
    const big = Array.from({ length: 1000 }, (_, i) => 1e306 * (1 + (i % 10)));
    expect(mean(ttrFromSamples(big, 3)) / 5.5e306).toBeCloseTo(1, 12);
  });

  it('handles ties and few samples with fewer deltas and never a NaN position', () => {
    expect(Array.from(ttrFromSamples([5, 5, 5, 5], 6).positions)).toEqual([5]);
    const tied = ttrFromSamples([1, 1, 1, 2], 3);
    expect(Array.from(tied.positions)).toEqual([1, 2]);
    expect(Array.from(tied.masses)).toEqual([0.75, 0.25]);
    expect(Array.from(ttrFromSamples([3, 1, 2], 4).positions)).toEqual([1, 2, 3]);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 50 }), fc.integer({ min: 0, max: 6 }), (xs, order) => {
        const d = ttrFromSamples(xs, order);
        for (const p of d.positions) expect(Number.isFinite(p)).toBe(true);
        expect(d.nanMass).toBe(0);
      }),
    );
  });

  it('turns NaN and infinite samples into special-value masses', () => {
    const d = ttrFromSamples([1, 3, NaN, Infinity, -Infinity, NaN, 2, 2], 1);
    expect(d.nanMass).toBe(0.25);
    expect(d.posInfMass).toBe(0.125);
    expect(d.negInfMass).toBe(0.125);
    expect(Array.from(d.positions)).toEqual([1, 7 / 3]);
    expect(d.masses[0]! + d.masses[1]!).toBe(0.5);
  });

  it('weighted TTR with integer weights equals the TTR of the repeated samples', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: 1, max: 4 })), { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 0, max: 5 }),
        (pairs, order) => {
          const xs = pairs.map((p) => p[0] / 4);
          const ws = pairs.map((p) => p[1]);
          const expanded = pairs.flatMap(([x, w]) => Array<number>(w).fill(x / 4));
          const a = ttrFromWeighted(xs, ws, order);
          const b = ttrFromSamples(expanded, order);
          expect(a.size).toBe(b.size);
          for (let i = 0; i < a.size; i++) {
            expect(a.positions[i]!).toBeCloseTo(b.positions[i]!, 9);
            expect(a.masses[i]!).toBeCloseTo(b.masses[i]!, 12);
          }
        },
      ),
    );
  });

  it('weighted TTR ignores zero weights and rejects bad weights with typed errors', () => {
    expect(Array.from(ttrFromWeighted([1, 2, 100], [1, 1, 0], 2).positions)).toEqual([1, 2]);
    expect(() => ttrFromWeighted([1, 2], [1, -1], 1)).toThrow(DistributionError);
    expect(() => ttrFromWeighted([1, 2], [1, NaN], 1)).toThrow(DistributionError);
    expect(() => ttrFromWeighted([1, 2], [1], 1)).toThrow(DistributionError);
    expect(() => ttrFromWeighted([1, 2], [0, 0], 1)).toThrow(DistributionError);
    expect(() => ttrFromWeighted([1, 2], [1e308, 1e308], 1)).toThrow(DistributionError);
  });

  it('rejects empty input with DistributionError and bad orders with RangeError', () => {
    expect(() => ttrFromSamples([], 3)).toThrow(DistributionError);
    for (const order of [-1, 31, 1.5, NaN]) expect(() => ttrFromSamples([1, 2], order)).toThrow(RangeError);
  });

  it('isValidTtr accepts TTRs and rejects other shapes', () => {
    expect(isValidTtr(Distribution.fromParticles([21.25, 21.75], [1, 1]))).toBe(true);
    expect(isValidTtr(Distribution.fromParticles([4], [1]))).toBe(true);
    expect(isValidTtr(Distribution.fromParticles([0, 1, 4], [1, 1, 1]))).toBe(false);
    // Level merges increase (5, 11.5) but the top split 8.25 is left of the delta at 10.
    expect(isValidTtr(Distribution.fromParticles([0, 10, 11, 12], [1, 1, 1, 1]))).toBe(false);
    expect(isValidTtr(Distribution.fromParticles([NaN], [1]))).toBe(false);
  });

  it('binDensity of a TTR uses its split points as cell boundaries', () => {
    const d = ttrFromSamples(gaussianSamples(3, 5000), 5);
    const split = new Float64Array(31);
    expect(ttrSplitPoints(d.positions, d.masses, split)).toBe(true);
    const h = binDensity(d);
    for (let i = 0; i < 31; i++) expect(h.edges[2 * i + 2]).toBe(split[i]);
  });
});
