import { checkTtrOrder } from './checkArguments.js';
import type { Distribution } from './Distribution.js';
import { sortFinite } from './sortFinite.js';
import { splitMasses } from './splitMasses.js';
import { ttrFromSorted } from './ttrFromSorted.js';

const WEIGHT_NAMES = { positions: 'samples', masses: 'weights', mass: 'weight' };

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
  const { values: xs, index, ascending, nan, negInf, posInf } = splitMasses(samples, weights, WEIGHT_NAMES);
  if (!ascending) sortFinite(xs, index);
  const ws = new Float64Array(xs.length);
  for (let j = 0; j < xs.length; j++) ws[j] = weights[index[j]!]!;
  return ttrFromSorted(xs, ws, order, nan, negInf, posInf);
}
