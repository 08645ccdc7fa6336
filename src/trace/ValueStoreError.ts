import { UxkitError } from '../errors.js';

/** A value store file that is missing, malformed, or asked for a value it does not hold. */
export class ValueStoreError extends UxkitError {}

/** A continuation token that is malformed, forged, or belongs to another task or value. */
export class ValueTokenError extends UxkitError {}
