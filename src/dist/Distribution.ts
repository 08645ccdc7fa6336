import { UxkitError } from '../errors.js';
import type { UxValue } from '../ux/UxValue.js';

/** Bad arguments to a distribution constructor (negative mass, length mismatch, no mass). */
export class DistributionError extends UxkitError {}

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
    const n = positions.length;
    if (masses.length !== n) {
      throw new DistributionError(
        'length-mismatch',
        `positions has ${n} entries but masses has ${masses.length}`,
      );
    }
    let total = 0;
    let nan = 0;
    let negInf = 0;
    let posInf = 0;
    let finiteCount = 0;
    let sorted = true;
    let last = -Infinity;
    for (let i = 0; i < n; i++) {
      const m = masses[i]!;
      if (!(m >= 0) || m === Infinity) {
        throw new DistributionError('bad-mass', `mass at index ${i} is ${m}; masses must be finite and >= 0`);
      }
      if (m === 0) continue;
      total += m;
      const x = positions[i]!;
      if (x !== x) nan += m;
      else if (x === Infinity) posInf += m;
      else if (x === -Infinity) negInf += m;
      else {
        finiteCount++;
        if (x <= last) sorted = false;
        last = x;
      }
    }
    if (!(total > 0)) {
      throw new DistributionError('no-mass', 'a distribution needs a positive total mass');
    }
    if (total === Infinity) {
      throw new DistributionError('mass-overflow', 'the masses sum beyond the float64 range; scale them down');
    }

    const order = new Uint32Array(finiteCount);
    for (let i = 0, k = 0; i < n; i++) {
      const x = positions[i]!;
      if (masses[i]! > 0 && x - x === 0) order[k++] = i;
    }
    if (!sorted) order.sort((a, b) => positions[a]! - positions[b]!);

    // Merge runs of equal positions while copying in sorted order, normalising as we go.
    // Divide rather than multiply by 1/total (which overflows for subnormal totals), and drop
    // masses that underflow to zero so that every kept mass stays positive.
    const outX = new Float64Array(finiteCount);
    const outM = new Float64Array(finiteCount);
    let size = 0;
    for (let k = 0; k < finiteCount; ) {
      const x = positions[order[k]!]!;
      let m = 0;
      while (k < finiteCount && positions[order[k]!] === x) m += masses[order[k++]!]!;
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
