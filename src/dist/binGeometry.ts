/**
 * Narrowest bin binDensity emits: with at most mass 1 in a bin, the density stays below
 * 1 / MIN_BIN_WIDTH (about 1.1e307), so heights are always finite.
 */
export const MIN_BIN_WIDTH = 2 ** -1020;

/** Largest position binDensity keeps (one float64 step below the maximum), leaving room for an outer edge. */
export const MAX_BIN_POSITION = Number.MAX_VALUE - 2 ** 971;

/** Midpoint of p < q without overflow for spans beyond the float64 maximum. */
export function midpoint(p: number, q: number): number {
  const g = q - p;
  return g < Infinity ? p + g / 2 : p / 2 + q / 2;
}

/** Whether boundary b leaves at least MIN_BIN_WIDTH on both sides between p and q. */
export function fitsBetween(p: number, b: number, q: number): boolean {
  return b - p >= MIN_BIN_WIDTH && q - b >= MIN_BIN_WIDTH;
}

/** Mass-weighted mean of two ordered positions, kept inside [p, q]. */
export function mergedPosition(p: number, mp: number, q: number, mq: number): number {
  const mass = mp + mq;
  const g = q - p;
  const x = g < Infinity ? p + g * (mq / mass) : p * (mp / mass) + q * (mq / mass);
  return x < p ? p : x > q ? q : x;
}
