import { checkTtrOrder } from './checkArguments.js';
import { DistributionError } from './Distribution.js';
import type { Distribution } from './Distribution.js';
import { sortFinite } from './sortFinite.js';
import { ttrFromSorted } from './ttrFromSorted.js';

/**
 * The TTR of order `order` of weighted samples: as ttrFromSamples, splitting at weighted
 * means, each leaf's mass its weight over the total. Zero weights are ignored; weights must
 * be finite and >= 0 (DistributionError 'bad-mass'), as many as the samples
 * ('length-mismatch'), not all zero ('no-mass') and with a finite sum ('mass-overflow').
 * Sorted input skips the sort.
 */
export function ttrFromWeighted(
  samples: ArrayLike<number>,
  weights: ArrayLike<number>,
  order: number,
): Distribution {
  checkTtrOrder(order);
  const n = samples.length;
  if (weights.length !== n) {
    throw new DistributionError('length-mismatch', `samples has ${n} entries but weights has ${weights.length}`);
  }
  const x = new Float64Array(n);
  const idx = new Uint32Array(n);
  let k = 0;
  let nan = 0;
  let negInf = 0;
  let posInf = 0;
  let total = 0;
  let sorted = true;
  let last = -Infinity;
  for (let i = 0; i < n; i++) {
    const w = weights[i]!;
    if (!(w >= 0) || w === Infinity) {
      throw new DistributionError('bad-mass', `weight at index ${i} is ${w}; weights must be finite and >= 0`);
    }
    if (w === 0) continue;
    total += w;
    const v = samples[i]!;
    if (v - v === 0) {
      x[k] = v;
      idx[k++] = i;
      if (v < last) sorted = false;
      last = v;
    } else if (v !== v) nan += w;
    else if (v > 0) posInf += w;
    else negInf += w;
  }
  if (total === Infinity) {
    throw new DistributionError('mass-overflow', 'the weights sum beyond the float64 range; scale them down');
  }
  const xs = x.subarray(0, k);
  const perm = idx.subarray(0, k);
  if (!sorted) sortFinite(xs, perm);
  const ws = new Float64Array(k);
  for (let j = 0; j < k; j++) ws[j] = weights[perm[j]!]!;
  return ttrFromSorted(xs, ws, order, nan, negInf, posInf);
}
