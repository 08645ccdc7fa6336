import { refinedMean } from './refinedMean.js';

/**
 * The TTR recursion of reference.md section 3 over sorted finite values: split each segment
 * at its (weighted) mean, values below going left and values at or above going right, for
 * `order` levels; each leaf becomes its own mean and total weight. Empty sides produce no
 * leaf and all-equal segments stop early, so at most min(2^order, n) leaves are written
 * to outX/outW (callers size them so). `w` null means unit weights. Returns the leaf count.
 * O(n * order): each level reads every value a few times (refinedMean); no allocation.
 */
export function ttrLeaves(
  x: Float64Array,
  w: Float64Array | null,
  order: number,
  outX: Float64Array,
  outW: Float64Array,
): number {
  if (x.length === 0) return 0;
  return split(x, w, 0, x.length, order, outX, outW, 0);
}

function split(
  x: Float64Array,
  w: Float64Array | null,
  lo: number,
  hi: number,
  level: number,
  outX: Float64Array,
  outW: Float64Array,
  k: number,
): number {
  const first = x[lo]!;
  const last = x[hi - 1]!;
  const total = w === null ? hi - lo : weightSum(w, lo, hi);
  const mu = refinedMean(x, w, lo, hi, total);
  if (level === 0 || first === last) {
    outX[k] = mu;
    outW[k] = total;
    return k + 1;
  }
  // First index whose value is >= mu (binary search; the segment is sorted).
  let a = lo;
  let b = hi;
  while (a < b) {
    const c = (a + b) >>> 1;
    if (x[c]! < mu) a = c + 1;
    else b = c;
  }
  if (a > lo) k = split(x, w, lo, a, level - 1, outX, outW, k);
  if (a < hi) k = split(x, w, a, hi, level - 1, outX, outW, k);
  return k;
}

function weightSum(w: Float64Array, lo: number, hi: number): number {
  let total = 0;
  for (let i = lo; i < hi; i++) total += w[i]!;
  return total;
}

