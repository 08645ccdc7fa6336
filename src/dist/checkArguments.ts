/** Throws RangeError unless `n` is a non-negative integer (a moment order). */
export function checkMomentOrder(n: number): void {
  if (!Number.isInteger(n) || n < 0) {
    throw new RangeError(`moment order must be a non-negative integer, got ${n}`);
  }
}

/** Throws RangeError unless `p` is a probability in [0, 1]. */
export function checkProbability(p: number): void {
  if (!(p >= 0 && p <= 1)) {
    throw new RangeError(`probability must be in [0, 1], got ${p}`);
  }
}

/** Largest TTR order accepted: 2^30 deltas is far beyond any representation in use. */
export const MAX_TTR_ORDER = 30;

/** Throws RangeError unless `order` is an integer in [0, MAX_TTR_ORDER]. */
export function checkTtrOrder(order: number): void {
  if (!Number.isInteger(order) || order < 0 || order > MAX_TTR_ORDER) {
    throw new RangeError(`TTR order must be an integer in [0, ${MAX_TTR_ORDER}], got ${order}`);
  }
}
