/** Pearson's chi-square statistic of observed counts against expected probabilities. */
export function chiSquare(counts: ArrayLike<number>, probabilities: ArrayLike<number>, total: number): number {
  let stat = 0;
  for (let i = 0; i < counts.length; i++) {
    const expected = probabilities[i]! * total;
    stat += (counts[i]! - expected) ** 2 / expected;
  }
  return stat;
}

/**
 * A chi-square bound that a correct sampler exceeds with probability far below 1e-6 (mean df,
 * standard deviation sqrt(2 df); 7 of them), while a wrong one overshoots by orders of magnitude.
 */
export function chiSquareBound(df: number): number {
  return df + 7 * Math.sqrt(2 * df) + 10;
}

/** Kolmogorov-Smirnov distance of sorted finite draws to a CDF. */
export function ksDistance(sorted: Float64Array, cdf: (x: number) => number): number {
  const n = sorted.length;
  let d = 0;
  for (let i = 0; i < n; i++) {
    const f = cdf(sorted[i]!);
    d = Math.max(d, Math.abs(f - i / n), Math.abs((i + 1) / n - f));
  }
  return d;
}

/** The CDF of a piecewise-uniform density (bin masses normalised to 1). */
export function histogramCdf(edges: Float64Array, heights: Float64Array): (x: number) => number {
  const bins = heights.length;
  const cumulative = new Float64Array(bins + 1);
  for (let i = 0; i < bins; i++) cumulative[i + 1] = cumulative[i]! + heights[i]! * (edges[i + 1]! - edges[i]!);
  const total = cumulative[bins]!;
  return (x) => {
    if (x < edges[0]!) return 0;
    if (x >= edges[bins]!) return 1;
    let lo = 0;
    let hi = bins;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (edges[mid]! <= x) lo = mid;
      else hi = mid;
    }
    const width = edges[lo + 1]! - edges[lo]!;
    const within = width > 0 ? ((x - edges[lo]!) / width) * heights[lo]! * width : 0;
    return (cumulative[lo]! + within) / total;
  };
}

// Critical value of sqrt(n) * D at significance 0.001 (Kolmogorov distribution, large n).
export const KS_CRITICAL_001 = 1.95;
