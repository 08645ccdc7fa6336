import { checkTtrOrder } from './checkArguments.js';
import { Distribution } from './Distribution.js';
import { ttrFromSorted } from './ttrFromSorted.js';

/**
 * The TTR of order `order` (up to 2^order deltas) of equally weighted samples, as in
 * reference.md section 3: sort once, split at the mean recursively, each leaf a delta at its
 * mean with mass (leaf size) / N. Preserves the mean to rounding; ties and fewer than 2^order
 * samples give fewer deltas, never NaN positions. NaN and +-Infinity samples become the
 * special-value masses. Empty input throws DistributionError ('no-mass'); an order outside
 * [0, 30] throws RangeError. O(N log N + N * order).
 */
export function ttrFromSamples(samples: ArrayLike<number>, order: number): Distribution {
  checkTtrOrder(order);
  const n = samples.length;
  const finite = new Float64Array(n);
  let k = 0;
  let nan = 0;
  let negInf = 0;
  let posInf = 0;
  for (let i = 0; i < n; i++) {
    const v = samples[i]!;
    if (v - v === 0) finite[k++] = v;
    else if (v !== v) nan++;
    else if (v > 0) posInf++;
    else negInf++;
  }
  const sorted = finite.subarray(0, k).sort();
  return ttrFromSorted(sorted, null, order, nan, negInf, posInf);
}
