import { formatParticle } from '../ux/formatParticle.js';
import type { UxValue } from '../ux/UxValue.js';
import type { Distribution } from './Distribution.js';
import { fixedPointMasses } from './fixedPointMasses.js';
import { mean } from './mean.js';

export interface ToUxValueOptions {
  /** Representation type byte, an integer in [0, 255] (default 4, a TTR). */
  type?: number;
  /** The particle (default: the distribution's mean). */
  particle?: number;
  /** The particle as printed (default: formatParticle(particle), e.g. `21.5`, `3.0`, `nan`). */
  particleText?: string;
  /** Sample-count header field, a uint64 (default 0n). */
  sampleCount?: bigint;
}

const MASS_SCALE = 2 ** -63;
const UINT64_MAX = (1n << 64n) - 1n;

/**
 * Encodes a distribution as a UxValue ready for formatUx/formatUxBytes: the finite deltas in
 * ascending order, then the special values at positions NaN, -Infinity, +Infinity (only those
 * with mass). Raw masses sum to exactly 2^63 (largest-remainder rounding; a positive mass
 * never rounds to zero). headerMean is mean(d) (NaN or infinite with special-value mass).
 * Bad options throw RangeError.
 */
export function toUxValue(d: Distribution, options: ToUxValueOptions = {}): UxValue {
  const type = options.type ?? 4;
  if (!Number.isInteger(type) || type < 0 || type > 255) {
    throw new RangeError(`type must be an integer byte in [0, 255], got ${type}`);
  }
  const sampleCount = options.sampleCount ?? 0n;
  if (sampleCount < 0n || sampleCount > UINT64_MAX) {
    throw new RangeError(`sampleCount must fit a uint64, got ${sampleCount}`);
  }
  const n = d.size;
  const extra = (d.nanMass > 0 ? 1 : 0) + (d.negInfMass > 0 ? 1 : 0) + (d.posInfMass > 0 ? 1 : 0);
  const positions = new Float64Array(n + extra);
  const m = new Float64Array(n + extra);
  positions.set(d.positions);
  m.set(d.masses);
  let k = n;
  if (d.nanMass > 0) {
    positions[k] = NaN;
    m[k++] = d.nanMass;
  }
  if (d.negInfMass > 0) {
    positions[k] = -Infinity;
    m[k++] = d.negInfMass;
  }
  if (d.posInfMass > 0) {
    positions[k] = Infinity;
    m[k++] = d.posInfMass;
  }
  const rawMasses = fixedPointMasses(m);
  const masses = new Float64Array(k);
  for (let i = 0; i < k; i++) masses[i] = Number(rawMasses[i]!) * MASS_SCALE;
  const headerMean = mean(d);
  const particle = options.particle ?? headerMean;
  return {
    type,
    particle,
    particleText: options.particleText ?? formatParticle(particle),
    sampleCount,
    headerMean,
    positions,
    rawMasses,
    masses,
    positionPrecision: 'double',
  };
}
