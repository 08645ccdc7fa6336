import { checkMomentOrder } from './checkArguments.js';
import type { Distribution } from './Distribution.js';
import { finiteMean } from './finiteMean.js';
import { powerSums } from './powerSums.js';

/**
 * E[(X - E[X])^n] for a non-negative integer n (RangeError otherwise). n = 0 gives 1 and
 * n = 1 gives 0. Any special-value mass makes it NaN (the mean is not finite). Two passes:
 * the compensated mean first, then a compensated sum of the powered deviations.
 */
export function centralMoment(d: Distribution, n: number): number {
  checkMomentOrder(n);
  if (n === 0) return 1;
  if (d.specialMass > 0 || d.size === 0) return NaN;
  if (n === 1) return 0;
  const sums = powerSums(d.positions, d.masses, finiteMean(d), n);
  return sums[0]! / sums[1]!;
}
