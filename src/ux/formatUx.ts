import { formatParticle } from './formatParticle.js';
import type { UxValue } from './UxValue.js';
import { type UxFieldsInput, uxFieldsLength, writeUxFields } from './writeUxFields.js';

/** What formatUx needs: a decoded UxValue, or one built by hand without particleText. */
export type UxValueInput = UxFieldsInput &
  Pick<UxValue, 'particle'> &
  Partial<Pick<UxValue, 'particleText' | 'hexCase'>>;

/**
 * Encodes a value as `<particle>Ux<hex>`: the exact inverse of parseUx for every string it
 * accepts with single-case hex. The particle text is re-emitted as read; a value without one
 * prints its particle as the shortest decimal that reads back the same (`formatParticle`).
 */
export function formatUx(value: UxValueInput): string {
  const bytes = new Uint8Array(uxFieldsLength(value));
  writeUxFields(new DataView(bytes.buffer), 0, value, false);
  const hex = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
  const particle = value.particleText ?? formatParticle(value.particle);
  return `${particle}Ux${value.hexCase === 'lower' ? hex : hex.toUpperCase()}`;
}
