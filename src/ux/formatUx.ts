import { formatParticle } from './formatParticle.js';
import { applyHexCaseMask, hexCaseMaskLength } from './hexCaseMask.js';
import type { UxValue } from './UxValue.js';
import { type UxFieldsInput, uxFieldsLength, writeUxFields } from './writeUxFields.js';

/** What formatUx needs: a decoded UxValue, or one built by hand without particleText. */
export type UxValueInput = UxFieldsInput &
  Pick<UxValue, 'particle'> &
  Partial<Pick<UxValue, 'particleText' | 'hexCase' | 'hexCaseMask'>>;

/**
 * Encodes a value as `<particle>Ux<hex>`: the exact inverse of parseUx for every string it
 * accepts, in the hex case it was read with (mixed case through `hexCaseMask`, while the hex
 * length still fits the mask; else upper case). The particle text is re-emitted as read; a
 * value without one prints its particle as the shortest decimal that reads back the same
 * (`formatParticle`).
 */
export function formatUx(value: UxValueInput): string {
  const bytes = new Uint8Array(uxFieldsLength(value));
  writeUxFields(new DataView(bytes.buffer), 0, value, false);
  const hex = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
  const particle = value.particleText ?? formatParticle(value.particle);
  return `${particle}Ux${casedHex(hex, value)}`;
}

/** `hex` (lower case) in the value's case. */
function casedHex(hex: string, value: UxValueInput): string {
  if (value.hexCase === 'lower') return hex;
  const mask = value.hexCaseMask;
  if (value.hexCase === 'mixed' && mask !== undefined && mask.length === hexCaseMaskLength(hex.length)) {
    return applyHexCaseMask(hex, mask);
  }
  return hex.toUpperCase();
}
