import { readHexCaseMask } from './hexCaseMask.js';
import { HEX_LOWER, HEX_UPPER, firstBadHex } from './hexTable.js';
import { UxFormatError } from './UxFormatError.js';
import type { UxValue } from './UxValue.js';
import { readUxPairs } from './readUxPairs.js';
import { HEADER_BYTES, layoutMessage, pairLayout } from './uxLayout.js';

const NOT_UPPER_HEX = /[^0-9A-F]/;
const NOT_LOWER_HEX = /[^0-9a-f]/;
const NOT_HEX = /[^0-9a-fA-F]/;

// Case letters seen by the last decodeHex call (HEX_LOWER | HEX_UPPER bits); decoding is synchronous.
let letters = 0;

function badHex(text: string, start: number, end: number): UxFormatError {
  const at = firstBadHex(text, start, end);
  return new UxFormatError('bad-hex', at, `bad hex digit ${JSON.stringify(text[at])} at char ${at}`);
}

/**
 * Bytes of the hex text[start, end), setting `letters`: regex passes for validity and case
 * (one in the usual single-case run), then Node's native decoder, about twice as fast as a
 * char-code table loop (bench/decode.ts). The check must come first: Buffer.from reads only
 * the low byte of each char.
 */
function decodeHex(text: string, start: number, end: number): Uint8Array {
  const hex = text.slice(start, end);
  if (!NOT_UPPER_HEX.test(hex)) letters = HEX_UPPER;
  else if (!NOT_LOWER_HEX.test(hex)) letters = HEX_LOWER;
  else if (NOT_HEX.test(hex)) throw badHex(text, start, end);
  else letters = HEX_LOWER | HEX_UPPER;
  return Buffer.from(hex, 'hex');
}

/**
 * Decodes the hex of a Ux string, text[start, end) (big-endian layout), into a UxValue with the
 * given particle, built in one literal (spreading a fields object cost more than decoding a
 * small value). Errors name char offsets in `text`.
 */
export function readUxHex(text: string, start: number, end: number, particle: number, particleText: string): UxValue {
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
  // One pass over all the hex; the bytes it allocates are bounded by the input, and the count
  // is checked against the length before anything sized by the count is allocated.
  const bytes = decodeHex(text, start, end);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = view.getUint32(17, false);
  const pairsStart = start + 2 * HEADER_BYTES;
  const available = bytes.length - HEADER_BYTES;
  const layout = pairLayout(count, available);
  if (layout !== 'double' && layout !== 'single') {
    throw new UxFormatError(layout, pairsStart, layoutMessage(layout, count, available, `char ${pairsStart}`));
  }
  const { positions, rawMasses, masses } = readUxPairs(view, HEADER_BYTES, count, layout === 'single', false);
  const value: UxValue = {
    type: bytes[0]!,
    particle,
    particleText,
    sampleCount: view.getBigUint64(1, false),
    headerMean: view.getFloat64(9, false),
    positions,
    rawMasses,
    masses,
    positionPrecision: layout,
    hexCase: letters === HEX_LOWER ? 'lower' : letters === (HEX_LOWER | HEX_UPPER) ? 'mixed' : 'upper',
  };
  // Only mixed case pays for the mask (a second pass over the hex); single case stays one pass.
  if (value.hexCase === 'mixed') value.hexCaseMask = readHexCaseMask(text, start, end);
  return value;
}
