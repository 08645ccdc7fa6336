import { fitsBetween, MAX_BIN_POSITION, mergedPosition, midpoint } from './binGeometry.js';

/** Sorted deltas ready for binning. */
export interface Deltas {
  x: Float64Array;
  m: Float64Array;
}

/**
 * Makes sorted deltas binnable: positions are clamped to +-MAX_BIN_POSITION (room for an
 * outer edge), and neighbours too close for a boundary between them with MIN_BIN_WIDTH on
 * each side (adjacent floats, subnormal gaps) are merged at their mass-weighted mean, which
 * keeps the mean. Ordinary inputs pass one O(n) check and come back unchanged, uncopied.
 */
export function separateDeltas(x: Float64Array, m: Float64Array): Deltas {
  const n = x.length;
  let ok = n === 0 || (x[0]! >= -MAX_BIN_POSITION && x[n - 1]! <= MAX_BIN_POSITION);
  for (let i = 1; ok && i < n; i++) ok = fitsBetween(x[i - 1]!, midpoint(x[i - 1]!, x[i]!), x[i]!);
  if (ok) return { x, m };

  const outX = new Float64Array(n);
  const outM = new Float64Array(n);
  let top = -1;
  for (let i = 0; i < n; i++) {
    let cx = x[i]!;
    cx = cx < -MAX_BIN_POSITION ? -MAX_BIN_POSITION : cx > MAX_BIN_POSITION ? MAX_BIN_POSITION : cx;
    let cm = m[i]!;
    // A merge moves the delta left, so it may now be too close to the one before: repeat.
    while (top >= 0 && !fitsBetween(outX[top]!, midpoint(outX[top]!, cx), cx)) {
      cx = mergedPosition(outX[top]!, outM[top]!, cx, cm);
      cm += outM[top]!;
      top--;
    }
    top++;
    outX[top] = cx;
    outM[top] = cm;
  }
  return { x: outX.slice(0, top + 1), m: outM.slice(0, top + 1) };
}
