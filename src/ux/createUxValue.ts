import { formatParticle } from './formatParticle.js';
import type { UxValue } from './UxValue.js';
import { MASS_ONE, MASS_SCALE } from './uxLayout.js';

/** What createUxValue needs: positions and float masses (any positive scale); the rest defaults. */
export interface UxValueInit {
  positions: ArrayLike<number>;
  /** Relative masses, normalised so that the raw masses sum to exactly 2^63. */
  masses: ArrayLike<number>;
  /** Default: 0x04, or 0x00 for a single delta. */
  type?: number;
  /** Default: 0. */
  sampleCount?: bigint;
  /** Default: the mass-weighted mean of the positions. */
  headerMean?: number;
  /** Default: headerMean. */
  particle?: number;
  /** Default: formatParticle(particle). */
  particleText?: string;
  positionPrecision?: 'double' | 'single';
  hexCase?: 'upper' | 'lower';
}

/**
 * Builds a UxValue ready for formatUx: raw masses are the float masses scaled to 2^63 with the
 * rounding residue put on the largest mass, so that they sum to exactly 2^63.
 */
export function createUxValue(init: UxValueInit): UxValue {
  const n = init.positions.length;
  if (init.masses.length !== n || n === 0) {
    throw new RangeError(`createUxValue needs as many masses as positions (at least one); got ${n} and ${init.masses.length}`);
  }
  let total = 0;
  let largest = 0;
  for (let k = 0; k < n; k++) {
    const m = init.masses[k]!;
    if (!(m >= 0) || m === Infinity) throw new RangeError(`mass at index ${k} is ${m}; masses must be finite and >= 0`);
    total += m;
    if (m > init.masses[largest]!) largest = k;
  }
  if (!(total > 0) || total === Infinity) throw new RangeError(`masses must have a positive finite sum, got ${total}`);
  const single = init.positionPrecision === 'single';
  const positions = single ? Float64Array.from(new Float32Array(Array.from(init.positions))) : Float64Array.from(init.positions);
  const rawMasses = new BigUint64Array(n);
  let sum = 0n;
  for (let k = 0; k < n; k++) {
    rawMasses[k] = BigInt(Math.round((init.masses[k]! / total) * MASS_ONE));
    sum += rawMasses[k]!;
  }
  rawMasses[largest] = rawMasses[largest]! + (BigInt(MASS_ONE) - sum);
  const masses = new Float64Array(n);
  let mean = 0;
  for (let k = 0; k < n; k++) {
    masses[k] = Number(rawMasses[k]!) * MASS_SCALE;
    if (masses[k]! > 0) mean += masses[k]! * positions[k]!;
  }
  const headerMean = init.headerMean ?? mean;
  const particle = init.particle ?? headerMean;
  return {
    type: init.type ?? (n === 1 ? 0 : 4),
    particle,
    particleText: init.particleText ?? formatParticle(particle),
    sampleCount: init.sampleCount ?? 0n,
    headerMean,
    positions,
    rawMasses,
    masses,
    positionPrecision: single ? 'single' : 'double',
    hexCase: init.hexCase ?? 'upper',
  };
}
