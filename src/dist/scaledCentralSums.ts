import type { Distribution } from './Distribution.js';
import { finiteMean } from './finiteMean.js';

// Reused result buffer: callers read it synchronously and copy what they need.
const sums = new Float64Array(3);

/**
 * Central moments 2, 3 and 4 of the deltas after dividing the deviations by the largest
 * |x - mu|, so that shape statistics neither overflow nor underflow for extreme ranges.
 * Returns null when the shape is undefined (special-value mass, no deltas, no spread).
 */
export function scaledCentralSums(d: Distribution): Float64Array | null {
  if (d.specialMass > 0 || d.size < 2) return null;
  const x = d.positions;
  const m = d.masses;
  const n = x.length;
  const mu = finiteMean(d);
  // Spans near the float64 maximum overflow x - mu: then work on halved values (exact
  // for normal numbers, and those spans are never subnormal).
  const h = Math.abs(x[0]! - mu) === Infinity || Math.abs(x[n - 1]! - mu) === Infinity ? 0.5 : 1;
  const c = mu * h;
  const scale = Math.max(Math.abs(x[0]! * h - c), Math.abs(x[n - 1]! * h - c));
  if (!(scale > 0)) return null;
  let s2 = 0;
  let s3 = 0;
  let s4 = 0;
  let w = 0;
  for (let i = 0; i < n; i++) {
    const mi = m[i]!;
    const y = (x[i]! * h - c) / scale;
    const y2 = y * y;
    s2 += mi * y2;
    s3 += mi * y2 * y;
    s4 += mi * y2 * y2;
    w += mi;
  }
  if (!(s2 > 0)) return null;
  sums[0] = s2 / w;
  sums[1] = s3 / w;
  sums[2] = s4 / w;
  return sums;
}
