import type { UxValue } from '../ux/UxValue.js';
import { DistributionError } from './DistributionError.js';
import { sortFinite } from './sortFinite.js';
import { splitMasses } from './splitMasses.js';

export { DistributionError };

const PARTICLE_NAMES = { positions: 'positions', masses: 'masses', mass: 'mass' };

/**
 * A finite mixture of weighted Dirac deltas.
 *
 * Finite positions are strictly increasing with strictly positive masses; the mass that sits
 * at NaN, -Infinity and +Infinity is kept apart. All masses together sum to 1.
 * Instances are immutable by convention: the typed arrays are shared, never copied on read.
 */
export class Distribution {
  readonly positions: Float64Array;
  readonly masses: Float64Array;
  readonly nanMass: number;
  readonly negInfMass: number;
  readonly posInfMass: number;

  private constructor(
    positions: Float64Array,
    masses: Float64Array,
    nanMass: number,
    negInfMass: number,
    posInfMass: number,
  ) {
    this.positions = positions;
    this.masses = masses;
    this.nanMass = nanMass;
    this.negInfMass = negInfMass;
    this.posInfMass = posInfMass;
  }

  /** Number of finite deltas. */
  get size(): number {
    return this.positions.length;
  }

  /** Total mass at finite positions (1 minus the special-value masses). */
  get finiteMass(): number {
    return 1 - this.nanMass - this.negInfMass - this.posInfMass;
  }

  /** Mass at NaN, -Infinity and +Infinity together. */
  get specialMass(): number {
    return this.nanMass + this.negInfMass + this.posInfMass;
  }

  /**
   * Builds from (position, mass) pairs in any order. Equal positions are merged, zero masses
   * dropped, NaN/Infinite positions routed to the special masses, and the total normalised to 1.
   */
  static fromParticles(positions: ArrayLike<number>, masses: ArrayLike<number>): Distribution {
    const { values, index, ascending, nan, negInf, posInf, total } = splitMasses(positions, masses, PARTICLE_NAMES);
    if (!ascending) sortFinite(values, index);
    const finiteCount = values.length;

    // Merge runs of equal positions while copying in sorted order, normalising as we go.
    // Divide rather than multiply by 1/total (which overflows for subnormal totals), and drop
    // masses that underflow to zero so that every kept mass stays positive.
    const outX = new Float64Array(finiteCount);
    const outM = new Float64Array(finiteCount);
    let size = 0;
    for (let k = 0; k < finiteCount; ) {
      const x = values[k]!;
      let m = 0;
      while (k < finiteCount && values[k] === x) m += masses[index[k++]!]!;
      m /= total;
      if (m > 0) {
        outX[size] = x;
        outM[size] = m;
        size++;
      }
    }
    return new Distribution(
      size === finiteCount ? outX : outX.slice(0, size),
      size === finiteCount ? outM : outM.slice(0, size),
      nan / total,
      negInf / total,
      posInf / total,
    );
  }

  /** Equal-weight samples; NaN and infinite samples become special-value mass. */
  static fromSamples(samples: ArrayLike<number>): Distribution {
    const weights = new Float64Array(samples.length).fill(1);
    return Distribution.fromParticles(samples, weights);
  }

  /** Samples with non-negative weights. */
  static fromWeightedSamples(samples: ArrayLike<number>, weights: ArrayLike<number>): Distribution {
    return Distribution.fromParticles(samples, weights);
  }

  /** The deltas of a decoded Ux value (its header fields are not needed for the math). */
  static fromUx(value: UxValue): Distribution {
    return Distribution.fromParticles(value.positions, value.masses);
  }
}
