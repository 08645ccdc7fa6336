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

// Reused: encodeInto writes the ASCII hex into a buffer we size (and align) ourselves.
const encoder = new TextEncoder();

/**
 * The mask of text[start, end), which must already be known to be valid hex. Only mixed-case
 * input needs one, so single-case decoding never pays for it. Eight chars per mask byte, as
 * two 32-bit words: in valid hex only a-f have both bit 0x40 and bit 0x20 set (digits lack
 * 0x40, A-F lack 0x20); about 3x a charCodeAt loop over 130k digits.
 */
export function readHexCaseMask(text: string, start: number, end: number): Uint8Array {
  const mask = new Uint8Array(hexCaseMaskLength(end - start));
  // Zero padding up to a whole mask byte reads as digits: no bits.
  const chars = new Uint8Array(8 * mask.length);
  encoder.encodeInto(text.slice(start, end), chars);
  const view = new DataView(chars.buffer);
  for (let b = 0, o = 0; b < mask.length; b++, o += 8) {
    const x = view.getUint32(o, true);
    const y = view.getUint32(o + 4, true);
    // Char j of a word is byte j (little-endian reads): its flag lands on bit 8j + 5.
    const fx = x & (x >>> 1) & 0x20202020;
    const fy = y & (y >>> 1) & 0x20202020;
    mask[b] =
      ((fx >>> 5) & 1) | ((fx >>> 12) & 2) | ((fx >>> 19) & 4) | ((fx >>> 26) & 8) |
      ((fy >>> 1) & 16) | ((fy >>> 8) & 32) | ((fy >>> 15) & 64) | ((fy >>> 22) & 128);
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
