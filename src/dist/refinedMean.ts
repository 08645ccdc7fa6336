/** Correction passes after the first estimate; each shrinks the error by a factor ~2^-52. */
const MAX_CORRECTIONS = 3;

/**
 * Weighted mean of sorted finite x[lo, hi) (unit weights when w is null), `total` being the
 * sum of those weights. A first estimate from deviations to x[lo], then up to three
 * corrections from the deviations to the current estimate (iterative refinement, each sum
 * Neumaier-compensated), stopping once a correction no longer moves the estimate. The error
 * then scales with the spread around the mean, not with the offset or the farthest value,
 * even when masses and positions span hundreds of orders of magnitude. The result is kept
 * inside [x[lo], x[hi - 1]]. When the span overflows float64 the offset no longer matters:
 * one plain pass.
 */
export function refinedMean(x: Float64Array, w: Float64Array | null, lo: number, hi: number, total: number): number {
  const first = x[lo]!;
  const last = x[hi - 1]!;
  if (first === last) return first;
  if (!(last - first < Infinity)) return clamp(deviation(x, w, lo, hi, 0) / total, first, last);
  let mu = clamp(first + deviation(x, w, lo, hi, first) / total, first, last);
  for (let k = 0; k < MAX_CORRECTIONS; k++) {
    const next = clamp(mu + deviation(x, w, lo, hi, mu) / total, first, last);
    if (next === mu) break;
    mu = next;
  }
  return mu;
}

/** Compensated sum of w (x - c) over [lo, hi) (Neumaier 1974); one loop per weighting. */
function deviation(x: Float64Array, w: Float64Array | null, lo: number, hi: number, c: number): number {
  let s = 0;
  let sc = 0;
  if (w === null) {
    for (let i = lo; i < hi; i++) {
      const v = x[i]! - c;
      const t = s + v;
      sc += Math.abs(s) >= Math.abs(v) ? s - t + v : v - t + s;
      s = t;
    }
  } else {
    for (let i = lo; i < hi; i++) {
      const v = w[i]! * (x[i]! - c);
      const t = s + v;
      sc += Math.abs(s) >= Math.abs(v) ? s - t + v : v - t + s;
      s = t;
    }
  }
  return s + sc;
}

function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}
