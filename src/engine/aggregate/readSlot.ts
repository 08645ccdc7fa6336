import type { StreamRanges } from './RunOutputRanges.js';
import type { NumberSpans } from './scanNumbers.js';
import type { SlotFormat } from './slotFormat.js';

/** 10^0 .. 10^22: every one exactly a double. */
const POW10 = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22];

/**
 * Reads number slot `slot` of each of `runs` (scanNumbers' ranges) into samples[k], in one
 * pass over the bytes: each value is numberValue of the text, and the slot's format is that
 * of slotFormat on the texts (exponential when most runs printed an exponent; the most
 * decimals any run printed, at least 1, at most 17; upper case when any exponent was `E`).
 * A decimal of at most 15 significant digits whose power of ten (after moving the point) is
 * within +-22 is m * 10^p or m / 10^p of exact doubles: one correctly rounded operation,
 * hence exactly Number(text); other texts go through Number.
 */
export function readSlot(
  r: StreamRanges, spans: NumberSpans, first: Int32Array, runs: readonly number[], slot: number, samples: Float64Array,
): { sum: number; format: SlotFormat } {
  let sum = 0;
  let exponents = 0;
  let mostDecimals = 1;
  let upper = false;
  for (let k = 0; k < runs.length; k++) {
    const run = runs[k]!;
    const b = r.buffers[run]!;
    const start = spans.starts[first[run]! + slot]!;
    const end = spans.ends[first[run]! + slot]!;
    let i = start;
    const negative = b[i] === 0x2d;
    if (negative || b[i] === 0x2b) i++;
    const lead = b[i]! | 0x20;
    let value: number;
    if (lead === 0x6e) value = NaN;
    else if (lead === 0x69) value = negative ? -Infinity : Infinity;
    else {
      let m = 0;
      let digits = 0;
      let decimals = 0;
      let point = false;
      for (; i < end; i++) {
        const c = b[i]!;
        if (c === 0x2e) point = true;
        else if (c >= 0x30 && c <= 0x39) {
          if (m !== 0 || c !== 0x30) digits++;
          m = m * 10 + (c - 0x30);
          if (point) decimals++;
        } else break;
      }
      if (point && decimals > mostDecimals) mostDecimals = decimals;
      let exponent = 0;
      let exact = digits <= 15;
      if (i < end) {
        // scanNumbers keeps an `e`/`E` only when an optionally signed integer follows.
        exponents++;
        if (b[i] === 0x45) upper = true;
        i++;
        const sign = b[i] === 0x2d ? -1 : 1;
        if (b[i] === 0x2d || b[i] === 0x2b) i++;
        for (; i < end && exponent < 1000; i++) exponent = exponent * 10 + (b[i]! - 0x30);
        exact &&= i === end;
        exponent *= sign;
      }
      const p = exponent - decimals;
      if (exact && p <= 22 && p >= -22) {
        const magnitude = m === 0 ? 0 : p < 0 ? m / POW10[-p]! : m * POW10[p]!;
        value = negative ? -magnitude : magnitude;
      } else {
        value = Number(b.toString('latin1', start, end));
      }
    }
    samples[k] = value;
    sum += value;
  }
  return { sum, format: { exponential: exponents * 2 > runs.length, decimals: Math.min(mostDecimals, 17), upper } };
}
