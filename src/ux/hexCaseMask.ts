/**
 * The case of mixed-case hex, kept so that formatUx re-emits it byte for byte: bit i
 * (byte i >> 3, bit i & 7) is set when hex digit i was a lower-case letter. Digits 0-9 and
 * upper-case letters leave their bit clear, so a mask applied to other bytes of the same
 * length falls back towards upper case, the default.
 */

/** Bytes of a mask over `digits` hex digits. */
export function hexCaseMaskLength(digits: number): number {
  return (digits + 7) >>> 3;
}

/**
 * The mask of text[start, end), which must already be known to be valid hex. Only mixed-case
 * input needs one, so single-case decoding never pays for this loop.
 */
export function readHexCaseMask(text: string, start: number, end: number): Uint8Array {
  const mask = new Uint8Array(hexCaseMaskLength(end - start));
  for (let i = 0, c = start; c < end; i++, c++) {
    // Valid hex: only a-f are >= 'a' (0x61).
    if (text.charCodeAt(c) >= 0x61) mask[i >>> 3]! |= 1 << (i & 7);
  }
  return mask;
}

/**
 * Lower-case `hex` (as Buffer's 'hex' encoding writes it) with every letter whose mask bit is
 * clear turned to upper case. The caller checks that the mask length fits the hex.
 */
export function applyHexCaseMask(hex: string, mask: Uint8Array): string {
  const chars = Buffer.from(hex, 'latin1');
  for (let i = 0; i < chars.length; i++) {
    if (chars[i]! >= 0x61 && (mask[i >>> 3]! & (1 << (i & 7))) === 0) chars[i]! -= 0x20;
  }
  return chars.toString('latin1');
}
