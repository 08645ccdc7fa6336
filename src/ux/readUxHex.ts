import { firstBadHex } from './hexTable.js';
import { UxFormatError } from './UxFormatError.js';
import type { UxValue } from './UxValue.js';
import { HEADER_BYTES, MASS_SCALE, NATIVE_LE, layoutMessage, pairLayout } from './uxLayout.js';

/** The fields of a Ux value that its hex (or bytes) carry: all but the particle. */
export type UxFields = Omit<UxValue, 'particle' | 'particleText' | 'marker'>;

const LO = NATIVE_LE ? 0 : 1;
const HI = 1 - LO;
const NOT_UPPER_HEX = /[^0-9A-F]/;
const NOT_LOWER_HEX = /[^0-9a-f]/;
const NOT_HEX = /[^0-9a-fA-F]/;

/**
 * Case of a hex run, or undefined when it holds a non-hex char. One native regex pass in the
 * usual single-case run.
 */
function hexCaseOf(hex: string): UxFields['hexCase'] | undefined {
  if (!NOT_UPPER_HEX.test(hex)) return 'upper';
  if (!NOT_LOWER_HEX.test(hex)) return 'lower';
  return NOT_HEX.test(hex) ? undefined : 'mixed';
}

function badHex(text: string, start: number, end: number): UxFormatError {
  const at = firstBadHex(text, start, end);
  return new UxFormatError('bad-hex', at, `bad hex digit ${JSON.stringify(text[at])} at char ${at}`);
}

/**
 * Decodes the hex of a Ux string, text[start, end) (big-endian layout): the header first, so a
 * count that the length cannot hold fails before anything is allocated; then the pairs, read as
 * 32-bit words into the typed arrays with no per-delta allocation. Errors name char offsets.
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
  const pairsStart = start + 2 * HEADER_BYTES;
  if (NOT_HEX.test(text.slice(start, pairsStart))) throw badHex(text, start, pairsStart);
  const header = Buffer.from(text.slice(start, pairsStart), 'hex');
  const headerView = new DataView(header.buffer, header.byteOffset, HEADER_BYTES);
  const count = headerView.getUint32(17, false);
  const available = (end - pairsStart) / 2;
  const layout = pairLayout(count, available);
  if (layout !== 'double' && layout !== 'single') {
    throw new UxFormatError(layout, pairsStart, layoutMessage(layout, count, available, `char ${pairsStart}`));
  }
  const hexCase = hexCaseOf(text.slice(start, end));
  if (hexCase === undefined) throw badHex(text, pairsStart, end);
  // Node's native hex decoder beats a char-code table loop (bench/decode.ts); it is safe here
  // only because the regex pass above checked every char (it reads just a char's low byte).
  const pairs = Buffer.from(text.slice(pairsStart, end), 'hex');
  const view = new DataView(pairs.buffer, pairs.byteOffset, pairs.byteLength);
  const positions = new Float64Array(count);
  const rawMasses = new BigUint64Array(count);
  const masses = new Float64Array(count);
  const posWords = new Uint32Array(positions.buffer);
  const massWords = new Uint32Array(rawMasses.buffer);
  const single = layout === 'single';
  let o = 0;
  for (let k = 0; k < count; k++) {
    if (single) {
      positions[k] = view.getFloat32(o, false);
      o += 4;
    } else {
      // Words, not getFloat64, so NaN payloads (C's -nan) survive bit for bit.
      posWords[2 * k + HI] = view.getUint32(o, false);
      posWords[2 * k + LO] = view.getUint32(o + 4, false);
      o += 8;
    }
    const hi = view.getUint32(o, false);
    const lo = view.getUint32(o + 4, false);
    o += 8;
    massWords[2 * k + HI] = hi;
    massWords[2 * k + LO] = lo;
    // hi * 2^32 is exact, so one rounding: the same double as Number(raw) / 2^63.
    masses[k] = (hi * 4294967296 + lo) * MASS_SCALE;
  }
  return {
    type: header[0]!,
    sampleCount: headerView.getBigUint64(1, false),
    headerMean: headerView.getFloat64(9, false),
    positions,
    rawMasses,
    masses,
    positionPrecision: layout,
    hexCase,
  };
}

