// Reused result buffer: callers read it synchronously and keep numbers, not the array.
const sums = new Float64Array(2);

/**
 * Neumaier-compensated (1974) sums of m (x - c)^n and of m over the deltas, in a shared
 * buffer [power sum, mass total]: the one loop behind rawMoment (c = 0) and centralMoment.
 */
export function powerSums(x: Float64Array, m: Float64Array, c: number, n: number): Float64Array {
  let s = 0;
  let sc = 0;
  let w = 0;
  let wc = 0;
  for (let i = 0; i < x.length; i++) {
    const mi = m[i]!;
    const v = mi * (x[i]! - c) ** n;
    const t = s + v;
    sc += Math.abs(s) >= Math.abs(v) ? s - t + v : v - t + s;
    s = t;
    const u = w + mi;
    wc += w >= mi ? w - u + mi : mi - u + w;
    w = u;
  }
  sums[0] = s + sc;
  sums[1] = w + wc;
  return sums;
}
