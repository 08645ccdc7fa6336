import { checkProbability } from './checkArguments.js';
import { cumulativeEnd } from './cumulativeEnd.js';
import type { Distribution } from './Distribution.js';
import { supportMin } from './supportMin.js';

/**
 * The lower quantile: the smallest x with cdf(d, x) >= p, so cdf(d, quantile(d, p)) >= p
 * always holds. It is a delta position (or +-Infinity), never an interpolated value.
 * quantile(d, 0) is supportMin(d). Answers inside the -Infinity/+Infinity masses are
 * -Infinity/+Infinity; when p exceeds 1 - d.nanMass no x qualifies (the rest of the mass is
 * NaN) and the answer is NaN. p outside [0, 1] throws RangeError.
 */
export function quantile(d: Distribution, p: number): number {
  checkProbability(p);
  if (p === 0) return supportMin(d);
  let c = d.negInfMass;
  if (c >= p) return -Infinity;
  const end = cumulativeEnd(d);
  const pos = d.positions;
  const m = d.masses;
  const last = pos.length - 1;
  for (let i = 0; i <= last; i++) {
    c += m[i]!;
    if (i === last || c > end) c = end;
    if (c >= p) return pos[i]!;
  }
  return p <= end + d.posInfMass ? Infinity : NaN;
}
