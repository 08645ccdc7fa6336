import { parseParticle } from './parseParticle.js';
import { readUxHex } from './readUxHex.js';
import { UxFormatError } from './UxFormatError.js';
import type { UxValue } from './UxValue.js';

/**
 * Decodes one Ux string, `<particle>Ux<hex>`, exactly as a program printed it (no surrounding
 * whitespace), or the spec's bare `Ux<hex>`, whose particleText is '' and particle the header
 * mean. Throws UxFormatError naming the char offset of the problem; never allocates more than
 * the input's size, whatever the header claims.
 */
export function parseUx(text: string): UxValue {
  if (typeof text !== 'string') {
    throw new UxFormatError('not-ux', 0, `a Ux value must be a string (char 0), got ${text === null ? 'null' : typeof text}`);
  }
  const ux = text.indexOf('Ux');
  if (ux < 0) {
    throw new UxFormatError('not-ux', 0, `not a Ux value: no "Ux" in ${JSON.stringify(text.slice(0, 40))} (from char 0)`);
  }
  if (ux === 0) {
    const value = readUxHex(text, 2, text.length, NaN, '');
    value.particle = value.headerMean;
    return value;
  }
  const particleText = text.slice(0, ux);
  return readUxHex(text, ux + 2, text.length, parseParticle(particleText, 0), particleText);
}
