import type { UxValue } from './UxValue.js';
import { HEADER_BYTES, NATIVE_LE, PAIR_BYTES_DOUBLE, PAIR_BYTES_SINGLE } from './uxLayout.js';

const LO = NATIVE_LE ? 0 : 1;
const HI = 1 - LO;

/** The fields formatUx and formatUxBytes need; decoded values carry more. */
export type UxFieldsInput = Pick<UxValue, 'type' | 'sampleCount' | 'headerMean' | 'positions' | 'rawMasses'> &
  Partial<Pick<UxValue, 'positionPrecision'>>;


/**
 * Writes header and pairs into `view` at `offset` in the given byte order; returns the end.
 * Float32 positions are written when positionPrecision is 'single'.
 */
export function writeUxFields(view: DataView, offset: number, value: UxFieldsInput, littleEndian: boolean): number {
  const n = value.positions.length;
  view.setUint8(offset, value.type);
  view.setBigUint64(offset + 1, value.sampleCount, littleEndian);
  view.setFloat64(offset + 9, value.headerMean, littleEndian);
  view.setUint32(offset + 17, n, littleEndian);
  const single = value.positionPrecision === 'single';
  // Copy as 32-bit words: NaN payloads (C's -nan) survive bit for bit, and no BigInt is
  // allocated per mass.
  const posWords = single ? undefined : new Uint32Array(value.positions.buffer, value.positions.byteOffset, 2 * n);
  const massWords = new Uint32Array(value.rawMasses.buffer, value.rawMasses.byteOffset, 2 * n);
  let o = offset + HEADER_BYTES;
  for (let k = 0; k < n; k++) {
    if (single) {
      view.setFloat32(o, value.positions[k]!, littleEndian);
      o += 4;
    } else {
      o = writeWords(view, o, posWords![2 * k + HI]!, posWords![2 * k + LO]!, littleEndian);
    }
    o = writeWords(view, o, massWords[2 * k + HI]!, massWords[2 * k + LO]!, littleEndian);
  }
  return o;
}

/** Writes a 64-bit field given as its high and low words; returns the next offset. */
function writeWords(view: DataView, o: number, hi: number, lo: number, littleEndian: boolean): number {
  view.setUint32(o, littleEndian ? lo : hi, littleEndian);
  view.setUint32(o + 4, littleEndian ? hi : lo, littleEndian);
  return o + 8;
}

/**
 * Byte length of header and pairs, after checking the fields that the layout cannot hold
 * (RangeError rather than a silently wrapped number).
 */
export function uxFieldsLength(value: UxFieldsInput): number {
  if (!Number.isInteger(value.type) || value.type < 0 || value.type > 255) {
    throw new RangeError(`type must be an integer byte 0..255, got ${value.type}`);
  }
  if (typeof value.sampleCount !== 'bigint' || value.sampleCount < 0n || value.sampleCount >= 1n << 64n) {
    throw new RangeError(`sampleCount must be a bigint in 0..2^64-1, got ${String(value.sampleCount)}`);
  }
  const n = value.positions.length;
  if (n === 0 || n > 0xffffffff || value.rawMasses.length !== n) {
    throw new RangeError(`a value needs 1..2^32-1 positions and as many rawMasses; got ${n} and ${value.rawMasses.length}`);
  }
  const pair = value.positionPrecision === 'single' ? PAIR_BYTES_SINGLE : PAIR_BYTES_DOUBLE;
  return HEADER_BYTES + value.positions.length * pair;
}
