import type { Distribution } from './Distribution.js';
import { finiteMean } from './finiteMean.js';

/**
 * Var[X] (population variance of the mixture: the deltas are the whole distribution).
 * Corrected two-pass algorithm (Chan, Golub & LeVeque 1983): sum m(x - mu)^2 minus the
 * squared sum of m(x - mu), which cancels the rounding error left in mu.
 * Any special-value mass gives NaN; a single delta gives 0. May overflow to +Infinity when
 * the spread exceeds sqrt(Number.MAX_VALUE).
 */
export function variance(d: Distribution): number {
  if (d.specialMass > 0 || d.size === 0) return NaN;
  const x = d.positions;
  const m = d.masses;
  const mu = finiteMean(d);
  let sq = 0;
  let lin = 0;
  let w = 0;
  for (let i = 0; i < x.length; i++) {
    const mi = m[i]!;
    const dx = x[i]! - mu;
    sq += mi * dx * dx;
    lin += mi * dx;
    w += mi;
  }
  if (sq === Infinity) return Infinity;
  const v = (sq - (lin * lin) / w) / w;
  return v < 0 ? 0 : v;
}
