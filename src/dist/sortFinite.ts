// Word order of a float64 seen through a Uint32Array view (1 on big-endian machines).
const LO = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 0 : 1;
const HI = 1 - LO;
/** Below this size a comparator sort wins over the fixed cost of radix passes. */
const RADIX_MIN = 2048;

/**
 * Sorts finite doubles ascending in place and permutes `payload` alongside (the weights'
 * indices). LSD radix sort on the IEEE bits mapped to unsigned order (negatives: all bits
 * flipped; others: sign bit set), 16-bit digits, skipping digits all keys share: about twice
 * as fast as an index sort with a comparator at 100,000 samples (the built-in sort of plain
 * values is as fast, but cannot carry the weights).
 */
export function sortFinite(values: Float64Array, payload: Uint32Array): void {
  const n = values.length;
  if (n < RADIX_MIN) {
    sortSmall(values, payload);
    return;
  }
  const words = new Uint32Array(values.buffer, values.byteOffset, 2 * n);
  let hi = new Uint32Array(n);
  let lo = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    const h = words[2 * i + HI]!;
    const l = words[2 * i + LO]!;
    const neg = h >>> 31 === 1;
    hi[i] = neg ? ~h >>> 0 : (h | 0x80000000) >>> 0;
    lo[i] = neg ? ~l >>> 0 : l;
  }
  let hi2 = new Uint32Array(n);
  let lo2 = new Uint32Array(n);
  let pay: Uint32Array = payload;
  let pay2: Uint32Array = new Uint32Array(n);
  const count = new Uint32Array(65536);
  for (let pass = 0; pass < 4; pass++) {
    const src = pass < 2 ? lo : hi;
    const shift = (pass & 1) * 16;
    count.fill(0);
    for (let i = 0; i < n; i++) count[(src[i]! >>> shift) & 0xffff]!++;
    if (count[(src[0]! >>> shift) & 0xffff] === n) continue;
    let sum = 0;
    for (let b = 0; b < 65536; b++) {
      const c = count[b]!;
      count[b] = sum;
      sum += c;
    }
    for (let i = 0; i < n; i++) {
      const to = count[(src[i]! >>> shift) & 0xffff]!++;
      hi2[to] = hi[i]!;
      lo2[to] = lo[i]!;
      pay2[to] = pay[i]!;
    }
    [hi, hi2] = [hi2, hi];
    [lo, lo2] = [lo2, lo];
    [pay, pay2] = [pay2, pay];
  }
  for (let i = 0; i < n; i++) {
    const h = hi[i]!;
    const neg = h >>> 31 === 0;
    words[2 * i + HI] = neg ? ~h >>> 0 : h & 0x7fffffff;
    words[2 * i + LO] = neg ? ~lo[i]! >>> 0 : lo[i]!;
  }
  if (pay !== payload) payload.set(pay);
}

function sortSmall(values: Float64Array, payload: Uint32Array): void {
  const n = values.length;
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  order.sort((a, b) => values[a]! - values[b]!);
  const v = values.slice();
  const p = payload.slice();
  for (let i = 0; i < n; i++) {
    values[i] = v[order[i]!]!;
    payload[i] = p[order[i]!]!;
  }
}
