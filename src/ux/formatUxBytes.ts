import type { UxValueInput } from './formatUx.js';
import { uxFieldsLength, writeUxFields } from './writeUxFields.js';

/** Options of formatUxBytes. */
export interface FormatUxBytesOptions {
  /** Write the `F0 00 00` marker after the particle. Default: the value's own `marker`, else true. */
  marker?: boolean;
}

/**
 * Encodes the binary form: little-endian float64 particle, the optional marker, then the Ux
 * layout in little-endian. The inverse of parseUxBytes.
 */
export function formatUxBytes(
  value: UxValueInput & { marker?: boolean },
  options: FormatUxBytesOptions = {},
): Uint8Array {
  const marker = options.marker ?? value.marker ?? true;
  const start = marker ? 11 : 8;
  const bytes = new Uint8Array(start + uxFieldsLength(value));
  const view = new DataView(bytes.buffer);
  view.setFloat64(0, value.particle, true);
  if (marker) bytes[8] = 0xf0;
  writeUxFields(view, start, value, true);
  return bytes;
}
