import { checkMomentOrder } from './checkArguments.js';
import type { Distribution } from './Distribution.js';
import { finiteMean } from './finiteMean.js';

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
  const x = d.positions;
  const m = d.masses;
  const mu = finiteMean(d);
  let s = 0;
  let sc = 0;
  let w = 0;
  let wc = 0;
  for (let i = 0; i < x.length; i++) {
    const mi = m[i]!;
    const v = mi * (x[i]! - mu) ** n;
    const t = s + v;
    sc += Math.abs(s) >= Math.abs(v) ? s - t + v : v - t + s;
    s = t;
    const u = w + mi;
    wc += w >= mi ? w - u + mi : mi - u + w;
    w = u;
  }
  return (s + sc) / (w + wc);
}
