import type { Distribution } from './Distribution.js';
import { scaledCentralSums } from './scaledCentralSums.js';

/**
 * Excess kurtosis E[(X - mu)^4] / Var[X]^2 - 3 of the mixture (population form; 0 for a
 * Gaussian). NaN with any special-value mass or when there is no spread.
 */
export function excessKurtosis(d: Distribution): number {
  const s = scaledCentralSums(d);
  if (s === null) return NaN;
  const m2 = s[0]!;
  return s[2]! / (m2 * m2) - 3;
}
