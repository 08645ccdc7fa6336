// Regenerates the example pictures of docs/guide/plots.md into docs/images/:
//   npx tsx scripts/make-doc-plots.ts
// Every input is seeded, so running it again gives the same bytes.
import { mkdirSync, writeFileSync } from 'node:fs';
import { Distribution } from '../src/dist/Distribution.js';
import { ttrFromSamples } from '../src/dist/ttrFromSamples.js';
import { densitySpec } from '../src/plot/densitySpec.js';
import type { PlotOptions } from '../src/plot/PlotOptions.js';
import { renderDensity } from '../src/plot/renderDensity.js';
import { parseUx } from '../src/ux/parseUx.js';

const out = new URL('../docs/images/', import.meta.url);
mkdirSync(out, { recursive: true });

/** Standard normal draws from a fixed LCG through Box-Muller: no dependency on a sampler. */
function normals(n: number, seed: number): Float64Array {
  let s = seed;
  const next = () => ((s = (s * 48271) % 2147483647) / 2147483647);
  const z = new Float64Array(n);
  for (let i = 0; i < n; i++) z[i] = Math.sqrt(-2 * Math.log(next())) * Math.cos(2 * Math.PI * next());
  return z;
}

function save(name: string, dist: Distribution, opts: PlotOptions = {}): void {
  writeFileSync(new URL(name, out), renderDensity(dist, opts).bytes);
  process.stdout.write(`wrote docs/images/${name}\n`);
}

// A Gaussian-like TTR: what a 32-delta Athens core prints for UxHwDoubleGaussDist(20, 0.5).
const gauss = normals(100_000, 7).map((z) => 20 + 0.5 * z);
const gaussTtr = ttrFromSamples(gauss, 5);
save('gaussian-ttr.png', gaussTtr, { xAxisLabel: 'Temperature (°C)' });
save('gaussian-ttr.svg', gaussTtr, { format: 'svg', xAxisLabel: 'Temperature (°C)' });
writeFileSync(new URL('gaussian-ttr.vg.json', out), `${JSON.stringify(densitySpec(gaussTtr, { xAxisLabel: 'Temperature (°C)' }), null, 2)}\n`);
process.stdout.write('wrote docs/images/gaussian-ttr.vg.json\n');

// A bimodal mixture (UxHwDoubleMixture of two Gaussians, p = 0.3), as a 64-delta TTR.
const mix = normals(100_000, 11).map((z, i) => (i % 10 < 3 ? -2 + 0.6 * z : 3 + z));
save('bimodal-ttr.png', ttrFromSamples(mix, 6));

// The same mixture at full resolution: one bin pair for each of 256 deltas.
save('bimodal-full-resolution.png', ttrFromSamples(mix, 8), { fullResolution: true });

// A value where some runs produced NaN or overflowed: the side panel shows those masses.
const special = normals(10_000, 3).map((z, i) => (i % 20 === 0 ? NaN : i % 50 === 1 ? Infinity : 1 + z));
save('special-values.png', ttrFromSamples(special, 5));

// A single delta (a point value, pi/4): drawn as an arrow. The Ux string is from reference.md.
const point = parseUx('0.785398Ux0400000000000000003FE921FB54442D18000000013FE921FB54442D188000000000000000');
save('single-delta.png', Distribution.fromUx(point));

// Clipped to a window with explicit limits.
save('gaussian-ttr-zoomed.png', gaussTtr, { xLimMin: 19.5, xLimMax: 21, yLimMax: 1.2, xAxisLabel: 'Temperature (°C)' });
