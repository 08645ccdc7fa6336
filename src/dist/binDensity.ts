import { fitsBetween, midpoint } from './binGeometry.js';
import type { Distribution } from './Distribution.js';
import { separateDeltas } from './separateDeltas.js';
import { ttrLeaves } from './ttrLeaves.js';
import { ttrSplitPoints } from './ttrSplitPoints.js';

export interface BinDensityOptions {
  /** Most deltas kept when not at full resolution (an integer >= 2; default 256). */
  resolution?: number;
  /** Keep one bin pair per delta, however many (default false). */
  fullResolution?: boolean;
}

/** A variable-width density histogram of a distribution's finite part. */
export interface DensityBins {
  /** Bin edges, strictly increasing: bins + 1 of them; [x] for a point mass; [] when no finite mass. */
  edges: Float64Array;
  /** Density of each bin (mass / width), finite and >= 0. */
  heights: Float64Array;
  /** Mass of each bin; they sum to finiteMass. Exact weights for drawing a bin. */
  masses: Float64Array;
  /** Total finite mass (the histogram's area); 0 when there are no finite deltas. */
  finiteMass: number;
  /** Set when the finite part is a single delta (no bins): its mass. */
  pointMass?: number;
  /** Set with pointMass: the position of that delta. */
  pointPosition?: number;
  nanMass: number;
  negInfMass: number;
  posInfMass: number;
}

const EMPTY = new Float64Array(0);

/**
 * The TTR-binned density of reference.md section 7. Each delta owns a cell [L, R] around it;
 * the cell is split at the delta into two bins whose masses m(R - x)/(R - L) and
 * m(x - L)/(R - L) put their combined mean exactly at the delta, so the histogram has the
 * distribution's mean and finite mass. Cell boundaries are the TTR split points when the
 * deltas form a valid TTR, else midpoints between neighbours; the outer cells mirror their
 * inner half-cell. Without fullResolution, more than `resolution` deltas are first reduced by
 * a TTR of the deltas (mean-preserving). O(n) after that reduction.
 */
export function binDensity(d: Distribution, options: BinDensityOptions = {}): DensityBins {
  const resolution = options.resolution ?? 256;
  if (!Number.isInteger(resolution) || resolution < 2) {
    throw new RangeError(`resolution must be an integer >= 2, got ${resolution}`);
  }
  const specials = { nanMass: d.nanMass, negInfMass: d.negInfMass, posInfMass: d.posInfMass };
  if (d.size === 0) return { edges: EMPTY, heights: EMPTY, masses: EMPTY, finiteMass: 0, ...specials };

  let x = d.positions;
  let m = d.masses;
  if (options.fullResolution !== true && x.length > resolution) {
    const order = Math.floor(Math.log2(resolution));
    const rx = new Float64Array(2 ** order);
    const rm = new Float64Array(2 ** order);
    const k = ttrLeaves(x, m, order, rx, rm);
    x = rx.subarray(0, k);
    m = rm.subarray(0, k);
  }
  ({ x, m } = separateDeltas(x, m));
  const n = x.length;
  const finiteMass = d.finiteMass;
  if (n === 1) {
    return { edges: x.slice(0, 1), heights: EMPTY, masses: EMPTY, finiteMass, pointMass: finiteMass, pointPosition: x[0]!, ...specials };
  }

  const b = new Float64Array(n - 1);
  const ttr = (n & (n - 1)) === 0 && ttrSplitPoints(x, m, b);
  for (let i = 0; i < n - 1; i++) {
    if (!ttr || !fitsBetween(x[i]!, b[i]!, x[i + 1]!)) b[i] = midpoint(x[i]!, x[i + 1]!);
  }
  const edges = new Float64Array(2 * n + 1);
  edges[0] = Math.max(x[0]! - (b[0]! - x[0]!), -Number.MAX_VALUE);
  for (let i = 0; i < n; i++) {
    edges[2 * i + 1] = x[i]!;
    if (i < n - 1) edges[2 * i + 2] = b[i]!;
  }
  edges[2 * n] = Math.min(x[n - 1]! + (x[n - 1]! - b[n - 2]!), Number.MAX_VALUE);

  const heights = new Float64Array(2 * n);
  const masses = new Float64Array(2 * n);
  for (let i = 0; i < n; i++) {
    const lo = edges[2 * i]!;
    const xi = x[i]!;
    const hi = edges[2 * i + 2]!;
    let left = xi - lo;
    let right = hi - xi;
    // Cells wider than the float64 maximum: the same ratios and densities from halved values.
    let scale = 1;
    if (!(left + right < Infinity)) {
      left = xi / 2 - lo / 2;
      right = hi / 2 - xi / 2;
      scale = 2;
    }
    const mi = m[i]!;
    const ml = mi * (right / (left + right));
    const mr = mi - ml;
    masses[2 * i] = ml;
    masses[2 * i + 1] = mr;
    heights[2 * i] = ml / scale / left;
    heights[2 * i + 1] = mr / scale / right;
  }
  return { edges, heights, masses, finiteMass, ...specials };
}
