/** Correction passes after the first estimate; each shrinks the error by a factor ~2^-52. */
const MAX_CORRECTIONS = 3;

/**
 * Weighted mean of sorted finite x[lo, hi) (unit weights when w is null), `total` being the
 * sum of those weights. A first estimate from deviations to x[lo], then up to three
 * corrections from the deviations to the current estimate (iterative refinement, each sum
 * Neumaier-compensated), stopping once a correction no longer moves the estimate. The error
 * then scales with the spread around the mean, not with the offset or the farthest value,
 * even when masses and positions span hundreds of orders of magnitude. Terms are weighted
 * by w / total so that no partial sum exceeds the span (no overflow for many samples).
 * Spans at the edge of the float64 range use one pass over halved values instead.
 * The result is kept inside [x[lo], x[hi - 1]].
 */
export function refinedMean(x: Float64Array, w: Float64Array | null, lo: number, hi: number, total: number): number {
  const first = x[lo]!;
  const last = x[hi - 1]!;
  if (first === last) return first;
  let mu = first + averageDeviation(x, w, lo, hi, first, total);
  if (!(mu - mu === 0)) return clamp(2 * halvedAverage(x, w, lo, hi, total), first, last);
  mu = clamp(mu, first, last);
  for (let k = 0; k < MAX_CORRECTIONS; k++) {
    const next = clamp(mu + averageDeviation(x, w, lo, hi, mu, total), first, last);
    if (next === mu || next !== next) break;
    mu = next;
  }
  return mu;
}

/** Compensated sum of (w / total)(x - c) over [lo, hi) (Neumaier 1974). */
function averageDeviation(x: Float64Array, w: Float64Array | null, lo: number, hi: number, c: number, total: number): number {
  let s = 0;
  let sc = 0;
  if (w === null) {
    const inv = 1 / total;
    for (let i = lo; i < hi; i++) {
      const v = (x[i]! - c) * inv;
      const t = s + v;
      sc += Math.abs(s) >= Math.abs(v) ? s - t + v : v - t + s;
      s = t;
    }
  } else {
    for (let i = lo; i < hi; i++) {
      const v = (w[i]! / total) * (x[i]! - c);
      const t = s + v;
      sc += Math.abs(s) >= Math.abs(v) ? s - t + v : v - t + s;
      s = t;
    }
  }
  return s + sc;
}

/** Plain weighted average of x / 2: never overflows, whatever the span. */
function halvedAverage(x: Float64Array, w: Float64Array | null, lo: number, hi: number, total: number): number {
  let s = 0;
  for (let i = lo; i < hi; i++) s += (w === null ? 1 / total : w[i]! / total) * (x[i]! / 2);
  return s;
}

function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}
