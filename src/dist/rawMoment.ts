import { checkMomentOrder } from './checkArguments.js';
import type { Distribution } from './Distribution.js';
import { powerSums } from './powerSums.js';

/**
 * E[X^n] for a non-negative integer n (RangeError otherwise). n = 0 gives 1.
 * Special values follow IEEE arithmetic: NaN mass gives NaN, +Infinity mass contributes
 * +Infinity, -Infinity mass contributes (-Infinity)^n, and opposite infinities give NaN.
 * The finite part is a Neumaier-compensated sum normalised by the compensated mass total.
 */
export function rawMoment(d: Distribution, n: number): number {
  checkMomentOrder(n);
  if (n === 0) return 1;
  if (d.nanMass > 0) return NaN;
  const sums = powerSums(d.positions, d.masses, 0, n);
  let result = d.specialMass > 0 ? sums[0]! : sums[0]! / sums[1]!;
  if (d.posInfMass > 0) result += Infinity;
  if (d.negInfMass > 0) result += (-Infinity) ** n;
  return result;
}
