import type { Distribution } from './Distribution.js';

/**
 * P(X > c) over the whole mass, summed directly (no 1 - cdf cancellation). +Infinity mass
 * counts for every c < +Infinity, -Infinity mass never, NaN mass never (reported as
 * d.nanMass), so probabilityGreaterThan(d, c) + cdf(d, c) = 1 - d.nanMass. c = NaN gives NaN.
 */
export function probabilityGreaterThan(d: Distribution, c: number): number {
  if (c !== c) return NaN;
  if (c === Infinity) return 0;
  const pos = d.positions;
  const m = d.masses;
  let s = 0;
  for (let i = pos.length - 1; i >= 0 && pos[i]! > c; i--) s += m[i]!;
  return s + d.posInfMass;
}
