/**
 * The TTR recursion of reference.md section 3 over sorted finite values: split each segment
 * at its (weighted) mean, values below going left and values at or above going right, for
 * `order` levels; each leaf becomes its own mean and total weight. Empty sides produce no
 * leaf and all-equal segments stop early, so at most min(2^order, n) leaves are written
 * to outX/outW (callers size them so). `w` null means unit weights. Returns the leaf count.
 * O(n * order): each level reads every value once; no allocation.
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
  // Sum deviations from the first value: the sum then carries the spread, not the offset
  // (unless the spread overflows, when the offset no longer matters).
  const shift = last - first < Infinity ? first : 0;
  let s = 0;
  let total = 0;
  if (w === null) {
    for (let i = lo; i < hi; i++) s += x[i]! - shift;
    total = hi - lo;
  } else {
    for (let i = lo; i < hi; i++) {
      const wi = w[i]!;
      s += wi * (x[i]! - shift);
      total += wi;
    }
  }
  let mu = shift + s / total;
  mu = mu < first ? first : mu > last ? last : mu;
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
