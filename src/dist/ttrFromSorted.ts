import { Distribution } from './Distribution.js';
import { ttrLeaves } from './ttrLeaves.js';

/**
 * Builds the TTR distribution from sorted finite values (weights null = unit weights) and the
 * weight that sits at NaN, -Infinity and +Infinity. Shared by the two public builders.
 */
export function ttrFromSorted(
  x: Float64Array,
  w: Float64Array | null,
  order: number,
  nan: number,
  negInf: number,
  posInf: number,
): Distribution {
  const cap = Math.min(x.length, 2 ** order);
  const pos = new Float64Array(cap + 3);
  const mass = new Float64Array(cap + 3);
  const k = ttrLeaves(x, w, order, pos, mass);
  pos[k] = NaN;
  mass[k] = nan;
  pos[k + 1] = -Infinity;
  mass[k + 1] = negInf;
  pos[k + 2] = Infinity;
  mass[k + 2] = posInf;
  return Distribution.fromParticles(pos.subarray(0, k + 3), mass.subarray(0, k + 3));
}
