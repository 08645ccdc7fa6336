import type { UxValue } from './UxValue.js';
import { NATIVE_LE } from './uxLayout.js';

const LO = NATIVE_LE ? 0 : 1;
const HI = 1 - LO;
const WORD = 4294967296;
// Past this the high-word sum could lose integers in a double: move it into `top`.
const HI_LIMIT = 2 ** 52;

/**
 * How far the raw masses' sum is from 2^63 (probability 1), exactly: sum(rawMasses) - 2^63,
 * negative when mass is missing. 0n for a valid value. parseUx keeps masses as read, since
 * rejecting slightly-off values would refuse real producers' output; this says by how much
 * they are off. Sums 32-bit words in doubles (no BigInt per delta), carrying as it goes.
 */
export function massSumError(value: Pick<UxValue, 'rawMasses'>): bigint {
  const raw = value.rawMasses;
  const words = new Uint32Array(raw.buffer, raw.byteOffset, 2 * raw.length);
  let lo = 0;
  let hi = 0;
  let top = 0;
  for (let k = 0; k < raw.length; k++) {
    lo += words[2 * k + LO]!;
    hi += words[2 * k + HI]!;
    if (lo >= WORD) {
      lo -= WORD;
      hi += 1;
    }
    if (hi >= HI_LIMIT) {
      top += Math.floor(hi / WORD);
      hi %= WORD;
    }
  }
  return (BigInt(top) << 64n) + (BigInt(hi) << 32n) + BigInt(lo) - (1n << 63n);
}
