import { UxkitError } from '../errors.js';

/**
 * Bad arguments to a sampler. Codes: 'bad-count' (count not a non-negative integer),
 * 'bad-range' (nextInto offset/count outside the output array), 'bad-seed', 'bad-mode',
 * 'bad-secret', 'no-mass' (nothing to draw from).
 */
export class SamplingError extends UxkitError {}

/**
 * A continuation token that cannot be resumed. Codes: 'malformed' (not base64url, truncated,
 * corrupted), 'version' (unknown format version), 'wrong-distribution' (taken on another
 * distribution), 'bad-signature' (HMAC missing, unexpected or wrong), 'wrong-mode'.
 */
export class TokenError extends UxkitError {}
