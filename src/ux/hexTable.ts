/**
 * Char code -> nibble, with flag bits: 0x10 for a-f, 0x20 for A-F, 0xff for any non-hex code.
 * Covers every UTF-16 code unit so that lookups never go out of range.
 * OR-ing entries over a run tells at once whether it was valid (bit 0x80) and its case.
 */
export const HEX_INVALID = 0x80;
export const HEX_LOWER = 0x10;
export const HEX_UPPER = 0x20;
export const HEX_TABLE: Uint8Array = buildTable();

function buildTable(): Uint8Array {
  const table = new Uint8Array(65536).fill(0xff);
  for (let d = 0; d < 10; d++) table[0x30 + d] = d;
  for (let d = 0; d < 6; d++) {
    table[0x61 + d] = (10 + d) | HEX_LOWER;
    table[0x41 + d] = (10 + d) | HEX_UPPER;
  }
  return table;
}

/** Index of the first non-hex char in text[start, end), or -1. */
export function firstBadHex(text: string, start: number, end: number): number {
  for (let i = start; i < end; i++) {
    if (HEX_TABLE[text.charCodeAt(i)]! & HEX_INVALID) return i;
  }
  return -1;
}
