/** 2^63, the raw mass of probability 1 in the Ux format. */
export const RAW_ONE = 1n << 63n;

// Scratch views for reading a double's bits (synchronous use only).
const f64 = new Float64Array(1);
const u64 = new BigUint64Array(f64.buffer);
const FRACTION = (1n << 52n) - 1n;

/**
 * Raw fixed-point masses summing to exactly 2^63: exact largest-remainder rounding of
 * m_i / sum(m) * 2^63. Doubles are dyadic rationals, so the masses are rescaled to exact
 * BigInt integers first; the floors then fall short by fewer than n units, which go one
 * each to the largest remainders (ties to the lower index). A positive mass that still
 * rounds to zero gets one unit from the largest entry, so no delta silently vanishes.
 * Masses must be finite, >= 0, with a positive sum.
 */
export function fixedPointMasses(m: Float64Array): BigUint64Array {
  const n = m.length;
  const mant = new Array<bigint>(n);
  const exp = new Int32Array(n);
  let minExp = Infinity;
  for (let i = 0; i < n; i++) {
    f64[0] = m[i]!;
    const bits = u64[0]!;
    const biased = Number(bits >> 52n);
    mant[i] = biased === 0 ? bits & FRACTION : (bits & FRACTION) | (1n << 52n);
    exp[i] = biased === 0 ? -1074 : biased - 1075;
    if (m[i]! > 0 && exp[i]! < minExp) minExp = exp[i]!;
  }
  let total = 0n;
  for (let i = 0; i < n; i++) {
    mant[i] = m[i]! > 0 ? mant[i]! << BigInt(exp[i]! - minExp) : 0n;
    total += mant[i]!;
  }
  const raw = new BigUint64Array(n);
  const rem = new Array<bigint>(n);
  let sum = 0n;
  let largest = 0;
  for (let i = 0; i < n; i++) {
    const scaled = mant[i]! << 63n;
    raw[i] = scaled / total;
    rem[i] = scaled % total;
    sum += raw[i]!;
    if (raw[i]! > raw[largest]!) largest = i;
  }
  const deficit = Number(RAW_ONE - sum);
  if (deficit > 0) {
    const byRem = new Uint32Array(n);
    for (let i = 0; i < n; i++) byRem[i] = i;
    byRem.sort((a, b) => (rem[a]! > rem[b]! ? -1 : rem[a]! < rem[b]! ? 1 : a - b));
    for (let k = 0; k < deficit; k++) raw[byRem[k]!] = raw[byRem[k]!]! + 1n;
  }
  for (let i = 0; i < n; i++) {
    if (raw[i] === 0n && m[i]! > 0 && raw[largest]! > 1n) {
      raw[i] = 1n;
      raw[largest] = raw[largest]! - 1n;
    }
  }
  return raw;
}
