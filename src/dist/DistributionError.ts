import { UxkitError } from '../errors.js';

/** Bad arguments to a distribution constructor (negative mass, length mismatch, no mass). */
export class DistributionError extends UxkitError {}
