import type { Distribution } from './Distribution.js';
import { ttrSplitPoints } from './ttrSplitPoints.js';

/**
 * True when the finite deltas form a TTR of some order n: there are 2^n of them (one delta is
 * order 0) and merging neighbours level by level gives split points that each lie strictly
 * between the deltas they separate, i.e. the boundaries and the deltas interleave strictly
 * increasing. Special-value masses are ignored (a TTR of samples may carry them).
 */
export function isValidTtr(d: Distribution): boolean {
  const n = d.size;
  if (n === 0 || (n & (n - 1)) !== 0) return false;
  if (n === 1) return true;
  return ttrSplitPoints(d.positions, d.masses, new Float64Array(n - 1));
}
