// Plot rendering: milliseconds per picture for values of 32, 512 and 4096 deltas.
import { Distribution } from '../src/dist/Distribution.js';
import { renderDensity } from '../src/plot/renderDensity.js';
import type { PlotOptions } from '../src/plot/PlotOptions.js';
import type { BenchResult } from './lib.js';

/** A bimodal value of n equal-mass deltas from a fixed generator (Box-Muller over an LCG). */
function bimodal(n: number): Distribution {
  const x = new Float64Array(n);
  let s = 42;
  const next = () => ((s = (s * 48271) % 2147483647) / 2147483647);
  for (let i = 0; i < n; i++) {
    const z = Math.sqrt(-2 * Math.log(next())) * Math.cos(2 * Math.PI * next());
    x[i] = i % 3 === 0 ? 4 + 0.5 * z : z;
  }
  return Distribution.fromSamples(x);
}

/** Median and best of `samples` timed calls after a warm-up: the best shows the cost on a quiet machine. */
function timings(fn: () => unknown, samples: number): { median: number; best: number } {
  for (let i = 0; i < 3; i++) fn();
  const times = new Float64Array(samples);
  for (let i = 0; i < samples; i++) {
    const start = performance.now();
    fn();
    times[i] = performance.now() - start;
  }
  times.sort();
  return { median: times[samples >> 1]!, best: times[0]! };
}

export async function run(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const cases: Array<[string, PlotOptions, boolean]> = [
    ['png 800x500 @2x', {}, true],
    ['png 800x500 @1x', { pixelRatio: 1 }, false],
    ['svg', { format: 'svg' }, false],
    ['png @2x fullResolution', { fullResolution: true }, false],
  ];
  for (const n of [32, 512, 4096]) {
    const dist = bimodal(n);
    for (const [name, opts, goal] of cases) {
      if (opts.fullResolution === true && n === 32) continue;
      const { median, best } = timings(() => renderDensity(dist, opts), 20);
      const bytes = renderDensity(dist, opts).bytes.length;
      results.push({
        suite: 'plot',
        name: `${name}, ${n} deltas`,
        value: median,
        unit: 'ms',
        ...(goal && n === 512 ? { goal: { value: 20, better: 'lower' as const } } : {}),
        note: `best ${best.toFixed(1)} ms; ${(bytes / 1024).toFixed(0)} KiB`,
      });
    }
  }
  return results;
}
