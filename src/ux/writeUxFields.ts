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
  view.setUint8(offset, value.type & 0xff);
  view.setBigUint64(offset + 1, BigInt.asUintN(64, value.sampleCount), littleEndian);
  view.setFloat64(offset + 9, value.headerMean, littleEndian);
  view.setUint32(offset + 17, n, littleEndian);
  const single = value.positionPrecision === 'single';
  // Copy float64 positions as words, so NaN payloads (C's -nan) survive bit for bit.
  const words = single ? undefined : new Uint32Array(value.positions.buffer, value.positions.byteOffset, 2 * n);
  let o = offset + HEADER_BYTES;
  for (let k = 0; k < n; k++) {
    if (single) {
      view.setFloat32(o, value.positions[k]!, littleEndian);
      o += 4;
    } else {
      const hi = words![2 * k + HI]!;
      const lo = words![2 * k + LO]!;
      view.setUint32(o, littleEndian ? lo : hi, littleEndian);
      view.setUint32(o + 4, littleEndian ? hi : lo, littleEndian);
      o += 8;
    }
    view.setBigUint64(o, value.rawMasses[k]!, littleEndian);
    o += 8;
  }
  return o;
}

/** Byte length of header and pairs. */
export function uxFieldsLength(value: UxFieldsInput): number {
  const pair = value.positionPrecision === 'single' ? PAIR_BYTES_SINGLE : PAIR_BYTES_DOUBLE;
  return HEADER_BYTES + value.positions.length * pair;
}
