import { DistributionError } from './DistributionError.js';

/** Positions with positive mass split into finite ones (in input order) and special values. */
export interface SplitMasses {
  /** The finite positions with mass > 0, in input order. */
  values: Float64Array;
  /** index[j]: where values[j] came from in the input. */
  index: Uint32Array;
  /** Whether `values` is already in ascending order (ties allowed). */
  ascending: boolean;
  nan: number;
  negInf: number;
  posInf: number;
  /** The sum of every positive mass. */
  total: number;
}

/** How the caller names its arrays and one of its masses in error messages. */
export interface MassNames {
  positions: string;
  masses: string;
  mass: string;
}

/**
 * One pass over particles or weighted samples: checks every mass (finite, >= 0; bad-mass,
 * naming its index), drops zero masses, sums the rest (mass-overflow past float64, no-mass
 * when nothing is left), and separates finite positions from NaN and +-Infinity ones.
 */
export function splitMasses(positions: ArrayLike<number>, masses: ArrayLike<number>, names: MassNames): SplitMasses {
  const n = positions.length;
  if (masses.length !== n) {
    throw new DistributionError('length-mismatch', `${names.positions} has ${n} entries but ${names.masses} has ${masses.length}`);
  }
  const values = new Float64Array(n);
  const index = new Uint32Array(n);
  let k = 0;
  let nan = 0;
  let negInf = 0;
  let posInf = 0;
  let total = 0;
  let ascending = true;
  let last = -Infinity;
  for (let i = 0; i < n; i++) {
    const m = masses[i]!;
    if (!(m >= 0) || m === Infinity) {
      throw new DistributionError('bad-mass', `${names.mass} at index ${i} is ${m}; ${names.masses} must be finite and >= 0`);
    }
    if (m === 0) continue;
    total += m;
    const x = positions[i]!;
    if (x - x === 0) {
      values[k] = x;
      index[k++] = i;
      if (x < last) ascending = false;
      last = x;
    } else if (x !== x) nan += m;
    else if (x > 0) posInf += m;
    else negInf += m;
  }
  if (!(total > 0)) throw new DistributionError('no-mass', 'a distribution needs a positive total mass');
  if (total === Infinity) {
    throw new DistributionError('mass-overflow', `the ${names.masses} sum beyond the float64 range; scale them down`);
  }
  return { values: values.subarray(0, k), index: index.subarray(0, k), ascending, nan, negInf, posInf, total };
}
