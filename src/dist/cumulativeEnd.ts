import type { Distribution } from './Distribution.js';

/**
 * P(X < +Infinity) counted over the whole mass: everything but the NaN and +Infinity mass.
 * cdf and quantile both clamp their running sums to it, so that they agree exactly and the
 * running sum reaches the total despite rounding in the stored masses.
 */
export function cumulativeEnd(d: Distribution): number {
  return 1 - d.nanMass - d.posInfMass;
}
