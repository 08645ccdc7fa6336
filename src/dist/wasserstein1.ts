import type { Distribution } from './Distribution.js';

/** Infinite masses closer than this (absolute) count as matched, not as mass sent to infinity. */
const MATCH = 1e-12;

/**
 * The 1-Wasserstein (earth mover's) distance: the integral of |F_a(x) - F_b(x)| over x,
 * swept exactly over the merged delta positions with a Neumaier-compensated sum.
 * NaN when either side has NaN mass; +Infinity when their -Infinity or +Infinity masses
 * differ (mass would travel infinitely far); equal infinite masses are matched at no cost.
 */
export function wasserstein1(a: Distribution, b: Distribution): number {
  if (a.nanMass > 0 || b.nanMass > 0) return NaN;
  if (Math.abs(a.negInfMass - b.negInfMass) > MATCH || Math.abs(a.posInfMass - b.posInfMass) > MATCH) {
    return Infinity;
  }
  const xa = a.positions;
  const ma = a.masses;
  const xb = b.positions;
  const mb = b.masses;
  let i = 0;
  let j = 0;
  let diff = a.negInfMass - b.negInfMass;
  let prev = NaN;
  let s = 0;
  let c = 0;
  while (i < xa.length || j < xb.length) {
    const x = j >= xb.length || (i < xa.length && xa[i]! <= xb[j]!) ? xa[i]! : xb[j]!;
    if (prev === prev) {
      const w = x - prev;
      const v = w < Infinity ? Math.abs(diff) * w : Math.abs(diff) * (x / 2 - prev / 2) * 2;
      if (v === Infinity) return Infinity;
      const t = s + v;
      c += Math.abs(s) >= Math.abs(v) ? s - t + v : v - t + s;
      s = t;
    }
    while (i < xa.length && xa[i] === x) diff += ma[i++]!;
    while (j < xb.length && xb[j] === x) diff -= mb[j++]!;
    prev = x;
  }
  return s + c;
}
