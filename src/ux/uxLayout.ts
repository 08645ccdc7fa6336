/** Fixed sizes of the Ux layout (reference.md section 1). */
export const HEADER_BYTES = 21;
export const COUNT_OFFSET = 17;
export const PAIR_BYTES_DOUBLE = 16;
export const PAIR_BYTES_SINGLE = 12;
/** 2^63: the fixed-point mass of probability 1. */
export const MASS_ONE = 2 ** 63;
export const MASS_SCALE = 2 ** -63;
/** Typed-array views share the machine's byte order; almost always little-endian. */
export const NATIVE_LE: boolean = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * How many bytes of pairs follow the header for `count` deltas, and in which precision,
 * or the error code when `available` fits neither layout.
 */
export function pairLayout(
  count: number,
  available: number,
): 'double' | 'single' | 'count-too-large' | 'truncated' | 'trailing-bytes' | 'no-deltas' {
  if (count === 0) return available === 0 ? 'no-deltas' : 'trailing-bytes';
  if (available === count * PAIR_BYTES_DOUBLE) return 'double';
  if (available === count * PAIR_BYTES_SINGLE) return 'single';
  if (available < count * PAIR_BYTES_SINGLE) return 'count-too-large';
  if (available < count * PAIR_BYTES_DOUBLE) return 'truncated';
  return 'trailing-bytes';
}

/** A message for a pairLayout failure; `where` names the offset of the pairs. */
export function layoutMessage(code: string, count: number, available: number, where: string): string {
  const need = `the header's ${count} deltas need ${count * PAIR_BYTES_DOUBLE} bytes (float64 positions) or ${count * PAIR_BYTES_SINGLE} (float32)`;
  switch (code) {
    case 'no-deltas':
      return `the header at ${where} says 0 deltas; a Ux value has at least one`;
    case 'count-too-large':
      return `count too large: ${need}, but only ${available} bytes follow at ${where}`;
    case 'truncated':
      return `truncated: ${need}, but ${available} bytes follow at ${where}`;
    default:
      return `trailing bytes: ${need}, but ${available} bytes follow at ${where}`;
  }
}
