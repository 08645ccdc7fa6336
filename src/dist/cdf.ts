import { cumulativeEnd } from './cumulativeEnd.js';
import type { Distribution } from './Distribution.js';

/**
 * P(X <= x) over the whole mass. -Infinity mass counts for every x (it is the lowest end),
 * +Infinity mass only for x = +Infinity, and NaN mass never (NaN <= x is false), so
 * cdf(d, Infinity) = 1 - d.nanMass: the NaN mass is excluded here and reported as d.nanMass.
 * x = NaN gives NaN. O(size).
 */
export function cdf(d: Distribution, x: number): number {
  if (x !== x) return NaN;
  const end = cumulativeEnd(d);
  if (x === Infinity) return end + d.posInfMass;
  const pos = d.positions;
  const m = d.masses;
  const last = pos.length - 1;
  let c = d.negInfMass;
  for (let i = 0; i <= last && pos[i]! <= x; i++) {
    c += m[i]!;
    if (i === last || c > end) c = end;
  }
  return c;
}
