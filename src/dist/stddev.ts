import type { Distribution } from './Distribution.js';
import { variance } from './variance.js';

/** Standard deviation: the square root of {@link variance} (NaN with special-value mass). */
export function stddev(d: Distribution): number {
  return Math.sqrt(variance(d));
}
