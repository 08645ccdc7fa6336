/**
 * For n = 2^k sorted deltas, writes to out[i] (i < n - 1) the TTR split point between delta
 * i and delta i + 1: the mass-weighted mean of the smallest aligned group of 2^l deltas that
 * holds both, found by merging neighbours level by level (masses add, positions average).
 * Returns true when every split point lies strictly between its two neighbours, which is
 * exactly when the deltas are a TTR (everything left of a split is below it, the rest above).
 * n must be a power of two; O(n).
 */
export function ttrSplitPoints(x: Float64Array, m: Float64Array, out: Float64Array): boolean {
  const n = x.length;
  // Scratch copies of the current level, merged in place (slot j is written after 2j, 2j+1 are read).
  const px = x.slice();
  const pm = m.slice();
  let len = n;
  let span = 2;
  while (len > 1) {
    const half = len >> 1;
    for (let j = 0; j < half; j++) {
      const xa = px[2 * j]!;
      const xb = px[2 * j + 1]!;
      const ma = pm[2 * j]!;
      const mb = pm[2 * j + 1]!;
      const mass = ma + mb;
      const gap = xb - xa;
      let mid = gap < Infinity ? xa + gap * (mb / mass) : xa * (ma / mass) + xb * (mb / mass);
      mid = mid < xa ? xa : mid > xb ? xb : mid;
      out[j * span + (span >> 1) - 1] = mid;
      px[j] = mid;
      pm[j] = mass;
    }
    len = half;
    span *= 2;
  }
  for (let i = 0; i < n - 1; i++) {
    const b = out[i]!;
    if (!(x[i]! < b && b < x[i + 1]!)) return false;
  }
  return true;
}
