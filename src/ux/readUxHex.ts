import { HEX_INVALID, HEX_LOWER, HEX_TABLE, HEX_UPPER, firstBadHex } from './hexTable.js';
import { UxFormatError } from './UxFormatError.js';
import type { UxValue } from './UxValue.js';
import { HEADER_BYTES, MASS_SCALE, NATIVE_LE, layoutMessage, pairLayout } from './uxLayout.js';

/** The fields of a Ux value that its hex (or bytes) carry: all but the particle. */
export type UxFields = Omit<UxValue, 'particle' | 'particleText' | 'marker'>;

// Shared scratch, safe because decoding is synchronous: OR of every table entry read since the
// last reset (validity and case in one go), and views that turn words into floats.
let seen = 0;
const f64 = new Float64Array(1);
const f64Words = new Uint32Array(f64.buffer);
const f32 = new Float32Array(1);
const f32Word = new Uint32Array(f32.buffer);
const LO = NATIVE_LE ? 0 : 1;
const HI = 1 - LO;

/** The big-endian uint32 spelled by the 8 hex chars at `i`. */
function word(text: string, i: number): number {
  const t = HEX_TABLE;
  const a = t[text.charCodeAt(i)]!;
  const b = t[text.charCodeAt(i + 1)]!;
  const c = t[text.charCodeAt(i + 2)]!;
  const d = t[text.charCodeAt(i + 3)]!;
  const e = t[text.charCodeAt(i + 4)]!;
  const f = t[text.charCodeAt(i + 5)]!;
  const g = t[text.charCodeAt(i + 6)]!;
  const h = t[text.charCodeAt(i + 7)]!;
  seen |= a | b | c | d | e | f | g | h;
  return (
    (((a & 15) << 28) |
      ((b & 15) << 24) |
      ((c & 15) << 20) |
      ((d & 15) << 16) |
      ((e & 15) << 12) |
      ((f & 15) << 8) |
      ((g & 15) << 4) |
      (h & 15)) >>>
    0
  );
}

function badHex(text: string, start: number, end: number): UxFormatError {
  const at = firstBadHex(text, start, end);
  return new UxFormatError('bad-hex', at, `bad hex digit ${JSON.stringify(text[at])} at char ${at}`);
}

/**
 * Decodes the hex of a Ux string, text[start, end) (big-endian layout), straight from char codes
 * into the typed arrays: no intermediate byte buffer, no per-delta allocation.
 * Errors name char offsets in `text`.
 */
export function readUxHex(text: string, start: number, end: number): UxFields {
  const length = end - start;
  if (length % 2 !== 0) {
    throw new UxFormatError('odd-hex', end - 1, `odd number of hex digits (${length}) in the Ux hex at char ${start}`);
  }
  if (length < 2 * HEADER_BYTES) {
    throw new UxFormatError(
      'truncated',
      end,
      `truncated: a Ux value needs at least ${2 * HEADER_BYTES} hex digits (21 bytes), got ${length} at char ${start}`,
    );
  }
  seen = 0;
  const type = ((HEX_TABLE[text.charCodeAt(start)]! & 15) << 4) | (HEX_TABLE[text.charCodeAt(start + 1)]! & 15);
  seen |= HEX_TABLE[text.charCodeAt(start)]! | HEX_TABLE[text.charCodeAt(start + 1)]!;
  const countHi = word(text, start + 2);
  const countLo = word(text, start + 10);
  f64Words[HI] = word(text, start + 18);
  f64Words[LO] = word(text, start + 26);
  const headerMean = f64[0]!;
  const count = word(text, start + 34);
  if (seen & HEX_INVALID) throw badHex(text, start, start + 2 * HEADER_BYTES);

  const pairsStart = start + 2 * HEADER_BYTES;
  const available = (end - pairsStart) / 2;
  const layout = pairLayout(count, available);
  if (layout !== 'double' && layout !== 'single') {
    throw new UxFormatError(layout, pairsStart, layoutMessage(layout, count, available, `char ${pairsStart}`));
  }
  const positions = new Float64Array(count);
  const rawMasses = new BigUint64Array(count);
  const masses = new Float64Array(count);
  const posWords = new Uint32Array(positions.buffer);
  const massWords = new Uint32Array(rawMasses.buffer);
  let i = pairsStart;
  for (let k = 0; k < count; k++) {
    if (layout === 'double') {
      posWords[2 * k + HI] = word(text, i);
      posWords[2 * k + LO] = word(text, i + 8);
      i += 16;
    } else {
      f32Word[0] = word(text, i);
      positions[k] = f32[0]!;
      i += 8;
    }
    const hi = word(text, i);
    const lo = word(text, i + 8);
    i += 16;
    massWords[2 * k + HI] = hi;
    massWords[2 * k + LO] = lo;
    // hi * 2^32 is exact, so one rounding: the same double as Number(raw).
    masses[k] = (hi * 4294967296 + lo) * MASS_SCALE;
  }
  if (seen & HEX_INVALID) throw badHex(text, pairsStart, end);
  return {
    type,
    sampleCount: (BigInt(countHi) << 32n) | BigInt(countLo),
    headerMean,
    positions,
    rawMasses,
    masses,
    positionPrecision: layout,
    hexCase: seen & HEX_LOWER ? (seen & HEX_UPPER ? 'mixed' : 'lower') : 'upper',
  };
}
