// src/dist costs on the engine's and plots' hot paths: TTR of 100,000 samples (once per
// varying output number), binning and encoding a 512-delta value, and the moments.
// The TTR is compared with a baseline that sorts index objects, as a first try would.
import { type BenchResult, msPerCall, throughput } from './lib.js';
import {
  Distribution,
  binDensity,
  mean,
  quantile,
  toUxValue,
  ttrFromSamples,
  ttrFromWeighted,
  variance,
} from '../src/dist/index.js';

function samples(n: number): Float64Array {
  let s = 12345;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    out[i] = Math.sqrt(-2 * Math.log((s + 1) / 4294967297)) * Math.cos(i);
  }
  return out;
}

/** Baseline: sort plain numbers with a comparator, then split with array slices and reduce. */
function naiveTtr(xs: ArrayLike<number>, order: number): number[] {
  const sorted = Array.from(xs).sort((a, b) => a - b);
  const out: number[] = [];
  const rec = (part: number[], level: number): void => {
    if (part.length === 0) return;
    const mu = part.reduce((a, b) => a + b, 0) / part.length;
    if (level === 0) {
      out.push(mu);
      return;
    }
    rec(part.filter((x) => x < mu), level - 1);
    rec(part.filter((x) => x >= mu), level - 1);
  };
  rec(sorted, order);
  return out;
}

export async function run(): Promise<BenchResult[]> {
  const xs = samples(100_000);
  const ws = new Float64Array(xs.length).map((_, i) => 1 + (i % 7));
  const ttr9 = ttrFromSamples(xs, 9);
  const wide = Distribution.fromSamples(xs.subarray(0, 4096));
  const ttrMs = await msPerCall(() => ttrFromSamples(xs, 8), 15);
  const naiveMs = await msPerCall(() => naiveTtr(xs, 8), 5);
  return [
    { suite: 'dist', name: 'ttrFromSamples 100k order 8', value: ttrMs, unit: 'ms', goal: { value: 30, better: 'lower' }, note: `naive baseline ${naiveMs.toFixed(1)} ms (x${(naiveMs / ttrMs).toFixed(1)})` },
    { suite: 'dist', name: 'ttrFromWeighted 100k order 8', value: await msPerCall(() => ttrFromWeighted(xs, ws, 8), 15), unit: 'ms', goal: { value: 60, better: 'lower' } },
    { suite: 'dist', name: 'binDensity 512 deltas', value: throughput(() => binDensity(ttr9, { fullResolution: true }), 1), unit: 'calls/s', goal: { value: 2000, better: 'higher' } },
    { suite: 'dist', name: 'binDensity 4096 -> 256', value: throughput(() => binDensity(wide), 1), unit: 'calls/s', note: 'reduction by TTR of the deltas' },
    { suite: 'dist', name: 'toUxValue 512 deltas', value: throughput(() => toUxValue(ttr9), 1), unit: 'calls/s', goal: { value: 1000, better: 'higher' } },
    { suite: 'dist', name: 'mean+variance 512 deltas', value: throughput(() => mean(ttr9) + variance(ttr9), 1), unit: 'calls/s' },
    { suite: 'dist', name: 'quantile 512 deltas', value: throughput(() => quantile(ttr9, 0.9), 1), unit: 'calls/s' },
  ];
}
