import { describe, expect, it } from 'vitest';
import { Distribution } from '../../src/dist/Distribution.js';
import { binTable, particleTable } from '../../src/sampling/DrawTable.js';
import { drawIntervals, drawPoints } from '../../src/sampling/drawKernels.js';
import { unitAliasTable } from '../../src/sampling/unitAliasTable.js';
import { xoshiro128ss } from '../../src/sampling/xoshiro128ss.js';
import { randomDistribution, testRandom } from './helpers.js';
import { chiSquare, chiSquareBound, histogramCdf, ksDistance, KS_CRITICAL_001 } from './stats.js';

describe('draw kernels', () => {
  it('drawPoints equals the plain integer alias method driven by the reference xoshiro128ss, draw by draw', () => {
    const dist = randomDistribution(5, 37, true);
    const table = particleTable(dist);
    const values = [...dist.positions, NaN, -Infinity, Infinity];
    const { columns, shift, lastKept, alias } = unitAliasTable([...dist.masses, dist.nanMass, dist.negInfMass, dist.posInfMass]);
    expect(columns).toBe(64);
    const state = Int32Array.of(11, 22, 33, 44);
    const out = new Float64Array(4000);
    drawPoints(table, Int32Array.from(state), out, 0, out.length);
    for (let j = 0; j < out.length; j++) {
      const u = xoshiro128ss(state);
      const column = u % columns;
      const coin = Math.floor(u / 2 ** shift);
      const pick = coin <= lastKept[column]! ? column : alias[column]!;
      expect(Object.is(out[j], values[pick]) || out[j] === values[pick]).toBe(true);
    }
  });

  it('drawIntervals picks bins like the plain integer alias method and places draws by a second output', () => {
    const edges = Float64Array.of(0, 1, 3, 3.5, 10, 10.25);
    const masses = Float64Array.of(0.1, 0.4, 0.2, 0.25, 0.05);
    const heights = masses.map((m, i) => m / (edges[i + 1]! - edges[i]!));
    const dist = Distribution.fromParticles([1, 2], [1, 1]);
    const bins = { edges, heights, masses, finiteMass: 1, nanMass: 0, negInfMass: 0, posInfMass: 0 };
    const { columns, shift, lastKept, alias } = unitAliasTable(masses);
    expect(columns).toBe(8);
    const state = Int32Array.of(5, 6, 7, 8);
    const out = new Float64Array(4000);
    drawIntervals(binTable(dist, bins), Int32Array.from(state), out, 0, out.length);
    for (let j = 0; j < out.length; j++) {
      const u = xoshiro128ss(state);
      const column = u % columns;
      const bin = Math.floor(u / 2 ** shift) <= lastKept[column]! ? column : alias[column]!;
      const v = xoshiro128ss(state) / 2 ** 32;
      expect(out[j]).toBe(edges[bin]! + (edges[bin + 1]! - edges[bin]!) * v);
    }
  });

  it('particles draws pass a chi-square test against the masses, for random distributions', () => {
    const total = 200_000;
    const out = new Float64Array(total);
    for (const [seed, n] of [[1, 3], [2, 17], [3, 120], [4, 600]] as const) {
      const dist = randomDistribution(seed, n, seed % 2 === 0);
      const table = particleTable(dist);
      drawPoints(table, Int32Array.of(seed, 2, 3, 4), out, 0, total);
      const index = new Map<number, number>();
      dist.positions.forEach((x, i) => index.set(x, i));
      const counts = new Float64Array(n + 3);
      for (let j = 0; j < total; j++) {
        const v = out[j]!;
        if (Number.isNaN(v)) counts[n]++;
        else if (v === -Infinity) counts[n + 1]++;
        else if (v === Infinity) counts[n + 2]++;
        else counts[index.get(v)!]++;
      }
      const probabilities = [...dist.masses, dist.nanMass, dist.negInfMass, dist.posInfMass];
      const used = probabilities.map((p, i) => [counts[i]!, p] as const).filter(([, p]) => p > 0);
      const stat = chiSquare(used.map(([c]) => c), used.map(([, p]) => p), total);
      expect(stat).toBeLessThan(chiSquareBound(used.length - 1));
    }
  });

  it('drawIntervals passes a Kolmogorov-Smirnov test against the histogram it was built from', () => {
    const total = 100_000;
    for (const seed of [1, 2, 3]) {
      const rand = testRandom(seed);
      const binCount = 5 + seed * 20;
      const edges = new Float64Array(binCount + 1);
      const heights = new Float64Array(binCount);
      for (let i = 1; i <= binCount; i++) edges[i] = edges[i - 1]! + rand() * 3 + 0.01;
      for (let i = 0; i < binCount; i++) heights[i] = rand() ** 2;
      const masses = heights.map((h, i) => h * (edges[i + 1]! - edges[i]!));
      const dist = Distribution.fromParticles([0], [1]);
      const bins = { edges, heights, masses, finiteMass: 1, nanMass: 0, negInfMass: 0, posInfMass: 0 };
      const out = new Float64Array(total);
      drawIntervals(binTable(dist, bins), Int32Array.of(seed, 7, 7, 7), out, 0, total);
      out.sort();
      const d = ksDistance(out, histogramCdf(edges, heights));
      expect(d * Math.sqrt(total)).toBeLessThan(KS_CRITICAL_001);
    }
  });
});
