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
  let missing = UNITS - given;
  if (missing === 0) return units;
  const order = Array.from({ length: n }, (_, i) => i);
  order.sort((a, b) => fraction[b]! - fraction[a]! || a - b);
  for (let j = 0; missing > 0; j = (j + 1) % n) {
    const k = order[j]!;
    if (weights[k]! > 0) {
      units[k] = units[k]! + 1;
      missing--;
    }
  }
  for (let j = n - 1; missing < 0; j = (j + n - 1) % n) {
    const k = order[j]!;
    if (units[k]! > 0) {
      units[k] = units[k]! - 1;
      missing++;
    }
  }
  return units;
}
