import type { Distribution } from './Distribution.js';
import { scaledCentralSums } from './scaledCentralSums.js';

/**
 * Skewness E[(X - mu)^3] / Var[X]^1.5 of the mixture (population form). NaN with any
 * special-value mass or when there is no spread (a single delta).
 */
export function skewness(d: Distribution): number {
  const s = scaledCentralSums(d);
  if (s === null) return NaN;
  const m2 = s[0]!;
  return s[1]! / (m2 * Math.sqrt(m2));
}
