import type { Distribution } from './Distribution.js';
import { finiteMean } from './finiteMean.js';

/**
 * E[X] over the whole distribution, special values included:
 * any NaN mass gives NaN; +Infinity mass alone gives +Infinity, -Infinity mass alone gives
 * -Infinity, both give NaN (IEEE: Inf - Inf). Otherwise the compensated mean of the deltas.
 */
export function mean(d: Distribution): number {
  if (d.nanMass > 0) return NaN;
  const pos = d.posInfMass > 0;
  const neg = d.negInfMass > 0;
  if (pos || neg) return pos && neg ? NaN : pos ? Infinity : -Infinity;
  return finiteMean(d);
}
