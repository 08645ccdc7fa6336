import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Distribution } from '../../src/dist/Distribution.js';
import { binDensity, type DensityBins } from '../../src/dist/index.js';
import { finiteMean } from '../../src/dist/finiteMean.js';
import { ttrSplitPoints } from '../../src/dist/ttrSplitPoints.js';
import { anyFinite, twoDelta, withSpecials } from './arbitraries.js';

/** Mass of a bin from its height, without overflow (cells may be wider than Number.MAX_VALUE). */
function area(e: Float64Array, heights: Float64Array, k: number): number {
  const w = e[k + 1]! - e[k]!;
  return w < Infinity ? heights[k]! * w : heights[k]! * (e[k + 1]! / 2 - e[k]! / 2) * 2;
}

/** Checks the binning contract: shape, positivity, area and mean. */
function checkBins(d: Distribution, h: DensityBins): void {
  const { edges: e, heights, masses } = h;
  expect(heights.length).toBe(e.length - 1);
  expect(masses.length).toBe(heights.length);
  let total = 0;
  let first = 0;
  let scale = 0;
  for (let k = 0; k < heights.length; k++) {
    expect(e[k + 1]!).toBeGreaterThan(e[k]!);
    expect(Number.isFinite(heights[k]!)).toBe(true);
    expect(heights[k]!).toBeGreaterThanOrEqual(0);
    total += area(e, heights, k);
    first += masses[k]! * (e[k]! / 2 + e[k + 1]! / 2);
    scale = Math.max(scale, Math.abs(e[k]!), Math.abs(e[k + 1]!));
  }
  expect(Number.isFinite(e[0]!) && Number.isFinite(e[e.length - 1]!)).toBe(true);
  expect(Math.abs(total - h.finiteMass)).toBeLessThanOrEqual(1e-9 * h.finiteMass);
  const mu = finiteMean(d);
  expect(Math.abs(first / h.finiteMass - mu)).toBeLessThanOrEqual(1e-9 * Math.max(scale, Math.abs(mu)));
}

describe('binDensity', () => {
  it('bins the two-delta value 21.25/21.75 into four unit-height bins on [21, 22]', () => {
    const h = binDensity(twoDelta);
    expect(Array.from(h.edges)).toEqual([21, 21.25, 21.5, 21.75, 22]);
    expect(Array.from(h.heights)).toEqual([1, 1, 1, 1]);
    expect(h.finiteMass).toBe(1);
    expect(h.pointMass).toBeUndefined();
  });

  it('has area = finite mass, mean = distribution mean, increasing edges, finite heights >= 0', () => {
    fc.assert(
      fc.property(anyFinite, fc.boolean(), (d, full) => {
        const h = binDensity(d, { fullResolution: full, resolution: 16 });
        if (h.pointMass === undefined) checkBins(d, h);
        else expect(h.edges.length).toBe(1);
      }),
      { numRuns: 300 },
    );
  });

  it('bins the finite part of values with special masses and reports those masses', () => {
    fc.assert(
      fc.property(withSpecials, (d) => {
        const h = binDensity(d, { resolution: 8 });
        expect([h.nanMass, h.negInfMass, h.posInfMass]).toEqual([d.nanMass, d.negInfMass, d.posInfMass]);
        if (h.pointMass === undefined) checkBins(d, h);
        else expect(h.pointMass).toBe(d.finiteMass);
      }),
      { numRuns: 200 },
    );
  });

  it('uses the TTR split points as cell boundaries when the deltas are a valid TTR', () => {
    // Merges: (0.5, 2.5) -> 1.5 with mass 0.8, (9, 10) -> 9.5 with 0.2, all -> 3.1.
    const x = Float64Array.of(0.5, 2.5, 9, 10);
    const m = Float64Array.of(0.4, 0.4, 0.1, 0.1);
    const split = new Float64Array(3);
    expect(ttrSplitPoints(x, m, split)).toBe(true);
    expect(split[0]).toBe(1.5);
    expect(split[1]).toBeCloseTo(3.1, 14);
    expect(split[2]).toBe(9.5);
    const d = Distribution.fromParticles(x, m);
    const h = binDensity(d);
    expect(Array.from(h.edges)).toEqual([-0.5, 0.5, 1.5, 2.5, split[1], 9, 9.5, 10, 10.5]);
    checkBins(d, h);
  });

  it('falls back to midpoints when the deltas are not a TTR', () => {
    const h = binDensity(Distribution.fromParticles([0, 1, 4], [1, 1, 1]));
    expect(Array.from(h.edges)).toEqual([-0.5, 0, 0.5, 1, 2.5, 4, 5.5]);
  });

  it('gives a point mass with no bins for a single delta (equal positions merge into one)', () => {
    const h = binDensity(Distribution.fromParticles([7, 7, NaN], [1, 1, 2]));
    expect(h.pointMass).toBeCloseTo(0.5, 15);
    expect(h.pointPosition).toBe(7);
    expect(Array.from(h.edges)).toEqual([7]);
    expect(h.heights.length).toBe(0);
    expect(h.nanMass).toBeCloseTo(0.5, 15);
  });

  it('gives no bins, zero finite mass and the special masses for a special-value-only distribution', () => {
    const h = binDensity(Distribution.fromParticles([NaN, Infinity, -Infinity], [1, 2, 1]));
    expect(h.edges.length).toBe(0);
    expect(h.heights.length).toBe(0);
    expect(h.finiteMass).toBe(0);
    expect(h.pointMass).toBeUndefined();
    expect([h.nanMass, h.posInfMass, h.negInfMass]).toEqual([0.25, 0.5, 0.25]);
  });

  it('handles enormous, tiny and float64-max-spanning ranges', () => {
    const cases: number[][] = [
      [1e-300, 2e-300, 5e-300],
      [1e300, 1.0000001e300],
      [-1.7e308, 1.7e308],
      [-Number.MAX_VALUE, 0, Number.MAX_VALUE],
      [1e-320, 2e-320, 1],
      [1, 1 + 2 ** -52, 1 + 2 ** -51],
      [5e-324, 1e-323],
    ];
    for (const xs of cases) {
      const d = Distribution.fromParticles(xs, xs.map((_, i) => i + 1));
      const h = binDensity(d, { fullResolution: true });
      if (h.pointMass === undefined) checkBins(d, h);
      else expect(Math.abs(h.pointPosition! - finiteMean(d))).toBeLessThanOrEqual(1e-15 * Math.abs(finiteMean(d)));
    }
  });

  it('keeps the mean when masses and positions span hundreds of orders of magnitude (found by fast-check)', () => {
    const cases: [number[], number[]][] = [
      [[-3.206669376014357e-291, -1.7800590868057611e-307, 0], [1.6653345369377346e-16, 0.9999999999999998, 1.6653345369377346e-16]],
      [[-4.573344411883455e-143, -6.327571787334161e-157, 2.5938128396578586e-151], [2.2277542078233376e-111, 1, 9.953787607376862e-17]],
      [[-5.248340709036789e-141, -5e-324, 0, 2.4083149903213128e-170], [1.684996666696915e-234, 5.551115123125783e-17, 0.9999999999999999, 7.391305099040507e-138]],
    ];
    for (const [xs, ms] of cases) {
      const d = Distribution.fromParticles(xs, ms);
      for (const resolution of [2, 4]) {
        const h = binDensity(d, { resolution });
        if (h.pointMass === undefined) checkBins(d, h);
      }
    }
  });

  it('bins float32 positions like any others', () => {
    const xs = Array.from({ length: 64 }, (_, i) => Math.fround(Math.sin(i) * 1e5));
    const d = Distribution.fromParticles(xs, xs.map(() => 1));
    checkBins(d, binDensity(d, { fullResolution: true }));
  });

  it('keeps one bin pair per delta at full resolution and at most 2 x resolution bins otherwise', () => {
    const xs = Array.from({ length: 3000 }, (_, i) => Math.cos(i * 0.7) * 10 + i * 1e-3);
    const d = Distribution.fromParticles(xs, xs.map((_, i) => 1 + (i % 5)));
    expect(binDensity(d, { fullResolution: true }).heights.length).toBe(6000);
    const reduced = binDensity(d);
    expect(reduced.heights.length).toBeLessThanOrEqual(512);
    expect(reduced.heights.length).toBeGreaterThan(256);
    checkBins(d, reduced);
    expect(binDensity(d, { resolution: 100 }).heights.length).toBeLessThanOrEqual(128);
  });

  it('rejects a resolution that is not an integer >= 2 with RangeError', () => {
    for (const resolution of [1, 0, 2.5, NaN]) {
      expect(() => binDensity(twoDelta, { resolution })).toThrow(RangeError);
    }
  });
});
