import type { Distribution } from './Distribution.js';

/**
 * The lowest point carrying mass: -Infinity when there is -Infinity mass, else the first
 * delta, else +Infinity; NaN when all the mass is NaN.
 */
export function supportMin(d: Distribution): number {
  if (d.negInfMass > 0) return -Infinity;
  if (d.size > 0) return d.positions[0]!;
  return d.posInfMass > 0 ? Infinity : NaN;
}
