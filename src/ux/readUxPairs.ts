import { MASS_SCALE, NATIVE_LE } from './uxLayout.js';

// Index of a float64's low and high 32-bit word in a Uint32Array view of it.
const LO = NATIVE_LE ? 0 : 1;
const HI = 1 - LO;

/** The (position, mass) pairs of a Ux value, as its UxValue fields. */
export interface UxPairs {
  positions: Float64Array;
  rawMasses: BigUint64Array;
  masses: Float64Array;
}

/**
 * Reads `count` pairs from `view` at byte `at`, in the byte order of the form being decoded
 * (binary: little-endian, hex: big-endian), into typed arrays with no per-delta allocation.
 * Float64 positions are copied as two 32-bit words, not through getFloat64, so that NaN
 * payloads (C's -nan) survive bit for bit. Masses are kept raw and as doubles: hi * 2^32 is
 * exact, so one rounding gives the same double as Number(raw) / 2^63.
 */
export function readUxPairs(view: DataView, at: number, count: number, single: boolean, littleEndian: boolean): UxPairs {
  const positions = new Float64Array(count);
  const rawMasses = new BigUint64Array(count);
  const masses = new Float64Array(count);
  const posWords = new Uint32Array(positions.buffer);
  const massWords = new Uint32Array(rawMasses.buffer);
  // The word at the lower address is the low one in little-endian data, the high one otherwise.
  const first = littleEndian ? LO : HI;
  const second = 1 - first;
  let o = at;
  for (let k = 0; k < count; k++) {
    if (single) {
      positions[k] = view.getFloat32(o, littleEndian);
      o += 4;
    } else {
      posWords[2 * k + first] = view.getUint32(o, littleEndian);
      posWords[2 * k + second] = view.getUint32(o + 4, littleEndian);
      o += 8;
    }
    massWords[2 * k + first] = view.getUint32(o, littleEndian);
    massWords[2 * k + second] = view.getUint32(o + 4, littleEndian);
    masses[k] = (massWords[2 * k + HI]! * 4294967296 + massWords[2 * k + LO]!) * MASS_SCALE;
    o += 8;
  }
  return { positions, rawMasses, masses };
}
