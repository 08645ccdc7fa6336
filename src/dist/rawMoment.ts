import { checkMomentOrder } from './checkArguments.js';
import type { Distribution } from './Distribution.js';

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
  const x = d.positions;
  const m = d.masses;
  let s = 0;
  let sc = 0;
  let w = 0;
  let wc = 0;
  for (let i = 0; i < x.length; i++) {
    const mi = m[i]!;
    const v = mi * x[i]! ** n;
    const t = s + v;
    sc += Math.abs(s) >= Math.abs(v) ? s - t + v : v - t + s;
    s = t;
    const u = w + mi;
    wc += w >= mi ? w - u + mi : mi - u + w;
    w = u;
  }
  let result = d.specialMass > 0 ? s + sc : (s + sc) / (w + wc);
  if (d.posInfMass > 0) result += Infinity;
  if (d.negInfMass > 0) result += (-Infinity) ** n;
  return result;
}
