import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Distribution } from '../../src/dist/Distribution.js';
import {
  centralMoment,
  excessKurtosis,
  mean,
  rawMoment,
  skewness,
  stddev,
  variance,
} from '../../src/dist/index.js';
import { gridWeighted, twoDelta } from './arbitraries.js';

function bruteCentral(xs: number[], n: number): number {
  const mu = xs.reduce((a, b) => a + b, 0) / xs.length;
  return xs.reduce((a, x) => a + (x - mu) ** n, 0) / xs.length;
}

function close(actual: number, expected: number, scale: number, rel = 1e-9): void {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(rel * Math.max(scale, Number.MIN_VALUE));
}

describe('moments', () => {
  it('the two-delta value 21.25/21.75 has mean 21.5, variance 0.0625, skewness 0, excess kurtosis -2', () => {
    expect(mean(twoDelta)).toBe(21.5);
    expect(variance(twoDelta)).toBe(0.0625);
    expect(stddev(twoDelta)).toBe(0.25);
    expect(skewness(twoDelta)).toBe(0);
    expect(excessKurtosis(twoDelta)).toBeCloseTo(-2, 14);
    expect(centralMoment(twoDelta, 2)).toBe(0.0625);
    expect(rawMoment(twoDelta, 2)).toBeCloseTo(21.5 ** 2 + 0.0625, 12);
  });

  it('an exponential-like three-point value has the textbook skewness and kurtosis', () => {
    // X in {0, 1, 2} with masses 1/2, 1/4, 1/4: mu = 3/4, var = 11/16, mu3 = 9/32, mu4 = 197/256.
    const d = Distribution.fromParticles([0, 1, 2], [2, 1, 1]);
    expect(mean(d)).toBe(0.75);
    expect(variance(d)).toBeCloseTo(11 / 16, 15);
    expect(skewness(d)).toBeCloseTo(9 / 32 / (11 / 16) ** 1.5, 13);
    expect(excessKurtosis(d)).toBeCloseTo(197 / 256 / (11 / 16) ** 2 - 3, 13);
  });

  it('statistics agree with brute-force definitions over the expanded samples', () => {
    fc.assert(
      fc.property(gridWeighted, ({ dist, expanded }) => {
        const n = expanded.length;
        const mu = expanded.reduce((a, b) => a + b, 0) / n;
        const span = Math.max(...expanded.map(Math.abs), 1);
        close(mean(dist), mu, span);
        const v = bruteCentral(expanded, 2);
        close(variance(dist), v, span * span);
        close(centralMoment(dist, 3), bruteCentral(expanded, 3), span ** 3);
        close(centralMoment(dist, 4), bruteCentral(expanded, 4), span ** 4);
        for (const k of [1, 2, 3, 5]) {
          close(rawMoment(dist, k), expanded.reduce((a, x) => a + x ** k, 0) / n, span ** k);
        }
        if (v > 1e-6) {
          close(skewness(dist), bruteCentral(expanded, 3) / v ** 1.5, 1, 1e-7);
          close(excessKurtosis(dist), bruteCentral(expanded, 4) / (v * v) - 3, 1, 1e-7);
        }
      }),
    );
  });

  it('the mean stays exact for large offsets with tiny spread (compensated, shifted sums)', () => {
    const d = Distribution.fromParticles([1e15 + 0.25, 1e15 + 0.5, 1e15 + 0.75], [1, 1, 2]);
    expect(mean(d)).toBe(1e15 + 0.5625);
    expect(variance(d)).toBeCloseTo(0.04296875, 12);
  });

  it('the mean is accurate to the spread, not to the farthest position (iterative refinement)', () => {
    // True mean: 1e-300 * -1e-10 + 1 * 3e-307 = 3e-307 - 1e-310 (far delta weighs almost nothing).
    const d = Distribution.fromParticles([-1e-10, 3e-307], [1e-300, 1]);
    expect(Math.abs(mean(d) - (3e-307 - 1e-310))).toBeLessThanOrEqual(1e-322);
  });

  it('a single delta has zero variance and NaN skewness and kurtosis', () => {
    const d = Distribution.fromParticles([3], [1]);
    expect(mean(d)).toBe(3);
    expect(variance(d)).toBe(0);
    expect(Number.isNaN(skewness(d))).toBe(true);
    expect(Number.isNaN(excessKurtosis(d))).toBe(true);
  });

  it('shape statistics survive spans near the float64 maximum', () => {
    const d = Distribution.fromParticles([-1.5e308, 1.5e308], [1, 1]);
    expect(mean(d)).toBe(0);
    expect(variance(d)).toBe(Infinity);
    expect(skewness(d)).toBe(0);
    expect(excessKurtosis(d)).toBeCloseTo(-2, 12);
    const tiny = Distribution.fromParticles([1e-320, 3e-320], [1, 1]);
    expect(skewness(tiny)).toBe(0);
  });

  it('NaN mass makes every moment NaN; never a number over the finite part alone', () => {
    const d = Distribution.fromParticles([1, 2, NaN], [1, 1, 1]);
    for (const v of [mean(d), variance(d), stddev(d), skewness(d), excessKurtosis(d), rawMoment(d, 1), centralMoment(d, 2)]) {
      expect(Number.isNaN(v)).toBe(true);
    }
  });

  it('infinite mass gives an infinite mean (NaN for both signs) and NaN central moments', () => {
    const pos = Distribution.fromParticles([1, Infinity], [1, 1]);
    const neg = Distribution.fromParticles([1, -Infinity], [1, 1]);
    const both = Distribution.fromParticles([1, -Infinity, Infinity], [1, 1, 1]);
    expect(mean(pos)).toBe(Infinity);
    expect(mean(neg)).toBe(-Infinity);
    expect(Number.isNaN(mean(both))).toBe(true);
    expect(rawMoment(neg, 2)).toBe(Infinity);
    expect(rawMoment(neg, 3)).toBe(-Infinity);
    expect(Number.isNaN(variance(pos))).toBe(true);
    expect(Number.isNaN(centralMoment(neg, 3))).toBe(true);
  });

  it('moment orders that are not non-negative integers throw RangeError; order 0 is 1', () => {
    for (const n of [-1, 1.5, NaN, Infinity]) {
      expect(() => rawMoment(twoDelta, n)).toThrow(RangeError);
      expect(() => centralMoment(twoDelta, n)).toThrow(RangeError);
    }
    expect(rawMoment(twoDelta, 0)).toBe(1);
    expect(centralMoment(twoDelta, 0)).toBe(1);
    expect(centralMoment(twoDelta, 1)).toBe(0);
  });
});
