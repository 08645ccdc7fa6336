/** Units of probability in the draw tables: every outcome's probability is a multiple of 2^-32. */
export const UNITS = 2 ** 32;

/**
 * Rounds non-negative weights with a positive finite sum to integer units summing to exactly
 * 2^32 (largest remainder: floors first, then one more unit to the largest fractions), so that
 * each outcome's probability is within one unit (2^-32) of weight / sum. A weight below about
 * 2^-33 of the sum can round to 0 units, and is then never drawn.
 */
export function quantizeMasses(weights: ArrayLike<number>): Float64Array {
  const n = weights.length;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += weights[i]!;
  const units = new Float64Array(n);
  const fraction = new Float64Array(n);
  let given = 0;
  for (let i = 0; i < n; i++) {
    const exact = (weights[i]! / sum) * UNITS;
    const whole = Math.floor(exact);
    units[i] = whole;
    fraction[i] = exact - whole;
    given += whole;
  }
  // Rounding in weights / sum can leave the floors a unit over or (by up to n) under 2^32.
  const missing = UNITS - given;
  if (missing === 0) return units;
  // Up: the largest fractions, never a zero weight. Down (only past about 2^21 outcomes): the
  // smallest fractions among entries that have a unit to give. Ranks exclude by -Infinity.
  const rank = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    if (missing > 0) rank[i] = weights[i]! > 0 ? fraction[i]! : -Infinity;
    else rank[i] = units[i]! > 0 ? -fraction[i]! : -Infinity;
  }
  addToLargest(units, rank, Math.abs(missing), Math.sign(missing));
  return units;
}

/**
 * Adds `delta` units to each of the `count` entries of largest `key` (ties in index order). The
 * cut is found by a native numeric sort of a copy of the keys: table builds sit on the resume
 * path, and this avoids a JS comparator call per comparison.
 */
function addToLargest(units: Float64Array, key: Float64Array, count: number, delta: number): void {
  const n = units.length;
  const cut = Float64Array.from(key).sort()[n - count]!;
  let left = count;
  for (let i = 0; i < n; i++) {
    if (key[i]! > cut) {
      units[i] = units[i]! + delta;
      left--;
    }
  }
  for (let i = 0; i < n && left > 0; i++) {
    if (key[i] === cut) {
      units[i] = units[i]! + delta;
      left--;
    }
  }
}
