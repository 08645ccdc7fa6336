import type { Distribution } from './Distribution.js';

/**
 * The highest point carrying mass: +Infinity when there is +Infinity mass, else the last
 * delta, else -Infinity; NaN when all the mass is NaN.
 */
export function supportMax(d: Distribution): number {
  if (d.posInfMass > 0) return Infinity;
  if (d.size > 0) return d.positions[d.size - 1]!;
  return d.negInfMass > 0 ? -Infinity : NaN;
}
