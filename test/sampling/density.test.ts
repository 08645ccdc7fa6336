import { describe, expect, it } from 'vitest';
import { binDensity } from '../../src/dist/binDensity.js';
import { Distribution } from '../../src/dist/Distribution.js';
import { createSampler, resumeSampler, sample } from '../../src/sampling/index.js';
import { randomDistribution } from './helpers.js';
import { chiSquare, chiSquareBound, histogramCdf, ksDistance, KS_CRITICAL_001 } from './stats.js';

function finiteSorted(draws: Float64Array): Float64Array {
  return draws.filter((v) => Number.isFinite(v)).sort();
}

describe('density mode', () => {
  it('density is the default mode', () => {
    const dist = randomDistribution(1, 10);
    expect(createSampler(dist, { seed: 1 }).mode).toBe('density');
  });

  it('density draws pass a Kolmogorov-Smirnov test against the CDF of binDensity, for random distributions', () => {
    const total = 100_000;
    for (const [seed, n, options] of [
      [1, 2, {}],
      [2, 7, {}],
      [3, 64, {}],
      [4, 1000, {}],
      [5, 1000, { fullResolution: true }],
      [6, 300, { resolution: 16 }],
    ] as const) {
      const dist = randomDistribution(seed, n);
      const bins = binDensity(dist, options);
      const draws = finiteSorted(sample(dist, total, { seed, mode: 'density', ...options }));
      expect(draws.length).toBe(total);
      expect(draws[0]).toBeGreaterThanOrEqual(bins.edges[0]!);
      expect(draws[total - 1]).toBeLessThanOrEqual(bins.edges[bins.edges.length - 1]!);
      const d = ksDistance(draws, histogramCdf(bins.edges, bins.heights));
      expect(d * Math.sqrt(total), `seed ${seed}`).toBeLessThan(KS_CRITICAL_001);
    }
  });

  it('density draws leave the special values to NaN, -Infinity and +Infinity in proportion', () => {
    const dist = randomDistribution(8, 20, true);
    const total = 100_000;
    const draws = sample(dist, total, { seed: 8, mode: 'density' });
    const counts = [0, 0, 0, 0];
    for (const v of draws) counts[Number.isNaN(v) ? 1 : v === -Infinity ? 2 : v === Infinity ? 3 : 0]++;
    const p = [dist.finiteMass, dist.nanMass, dist.negInfMass, dist.posInfMass];
    expect(chiSquare(counts, p, total)).toBeLessThan(chiSquareBound(3));
    const finite = finiteSorted(draws);
    const bins = binDensity(dist);
    expect(ksDistance(finite, histogramCdf(bins.edges, bins.heights)) * Math.sqrt(finite.length)).toBeLessThan(KS_CRITICAL_001);
  });

  it('a single finite delta is drawn at its position, beside its special values', () => {
    const dist = Distribution.fromParticles([3.5, NaN], [0.75, 0.25]);
    const draws = sample(dist, 1000, { seed: 2, mode: 'density' });
    for (const v of draws) expect(v === 3.5 || Number.isNaN(v)).toBe(true);
    expect(draws.filter((v) => v === 3.5).length).toBeGreaterThan(650);
  });

  it('a distribution with only special-value mass draws only special values', () => {
    const dist = Distribution.fromParticles([NaN, Infinity], [1, 1]);
    for (const v of sample(dist, 100, { seed: 2, mode: 'density' })) expect(Number.isFinite(v)).toBe(false);
  });

  it('deltas near the float64 limits give finite draws inside the outer edges', () => {
    const dist = Distribution.fromParticles([-1.7e308, 0, 1.7e308], [1, 1, 1]);
    const draws = sample(dist, 10_000, { seed: 4, mode: 'density' });
    for (const v of draws) {
      expect(Number.isFinite(v)).toBe(true);
    }
    // The middle delta's cell is about 3.4e308 wide: both halves of it are drawn.
    expect(draws.some((v) => v > 0 && v < 1e308)).toBe(true);
    expect(draws.some((v) => v < 0 && v > -1e308)).toBe(true);
  });

  it('density streams resume through tokens, with their binning options', () => {
    const dist = randomDistribution(9, 700);
    const whole = sample(dist, 500, { seed: 'd', mode: 'density', resolution: 32 });
    const first = createSampler(dist, { seed: 'd', mode: 'density', resolution: 32 });
    const head = first.next(200);
    const tail = resumeSampler(dist, first.token()).next(300);
    expect([...head, ...tail]).toEqual([...whole]);
    expect(sample(dist, 500, { seed: 'd', mode: 'density' })).not.toEqual(whole);
  });

  it('a resolution below 2 is rejected with SamplingError bad-resolution', () => {
    const dist = randomDistribution(9, 10);
    expect(() => createSampler(dist, { resolution: 1 })).toThrow(expect.objectContaining({ code: 'bad-resolution' }));
    expect(() => createSampler(dist, { resolution: 2.5 })).toThrow(expect.objectContaining({ code: 'bad-resolution' }));
  });
});
