import type { Distribution } from './Distribution.js';
import { refinedMean } from './refinedMean.js';

/**
 * Mass-weighted mean of the finite deltas alone, normalised by their own (compensated) total
 * so that rounding in the stored masses does not shift it; see refinedMean for the passes.
 * NaN when there are no finite deltas. Internal: the public statistics decide what
 * special-value masses do to the answer.
 */
export function finiteMean(d: Distribution): number {
  const m = d.masses;
  const n = m.length;
  if (n === 0) return NaN;
  // Neumaier-compensated total of the masses.
  let w = 0;
  let wc = 0;
  for (let i = 0; i < n; i++) {
    const mi = m[i]!;
    const u = w + mi;
    wc += w >= mi ? w - u + mi : mi - u + w;
    w = u;
  }
  return refinedMean(d.positions, m, 0, n, w + wc);
}
