import type { Distribution } from './Distribution.js';

/**
 * Mass-weighted mean of the finite deltas alone, normalised by their own (compensated) total
 * so that rounding in the stored masses does not shift it. NaN when there are no finite deltas.
 * Neumaier's improved Kahan summation (Neumaier 1974) keeps both sums exact to ~1 ulp.
 * Internal: the public statistics decide what special-value masses do to the answer.
 */
export function finiteMean(d: Distribution): number {
  const x = d.positions;
  const m = d.masses;
  const n = x.length;
  if (n === 0) return NaN;
  // Shift by the first position: the sums then carry only the spread, not the offset
  // (unless the spread itself overflows; then the offset is negligible anyway).
  const shift = x[n - 1]! - x[0]! < Infinity ? x[0]! : 0;
  let s = 0;
  let sc = 0;
  let w = 0;
  let wc = 0;
  for (let i = 0; i < n; i++) {
    const mi = m[i]!;
    const v = mi * (x[i]! - shift);
    const t = s + v;
    sc += Math.abs(s) >= Math.abs(v) ? s - t + v : v - t + s;
    s = t;
    const u = w + mi;
    wc += w >= mi ? w - u + mi : mi - u + w;
    w = u;
  }
  const mu = shift + (s + sc) / (w + wc);
  // Rounding must never put the mean outside the support.
  const lo = x[0]!;
  const hi = x[n - 1]!;
  return mu < lo ? lo : mu > hi ? hi : mu;
}
