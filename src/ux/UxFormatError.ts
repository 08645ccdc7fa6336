import { UxkitError } from '../errors.js';

/** Why a Ux string or Ux bytes could not be read. */
export type UxFormatErrorCode =
  | 'not-ux'
  | 'odd-hex'
  | 'bad-hex'
  | 'truncated'
  | 'count-too-large'
  | 'trailing-bytes'
  | 'no-deltas'
  | 'bad-particle'
  | 'bad-marker'
  | 'overlap'
  | 'bad-value-id'
  | 'bad-json';

/**
 * Malformed Ux input. `offset` is where the problem was found: a character offset for text,
 * a byte offset for binary input; the message names it too.
 */
export class UxFormatError extends UxkitError {
  declare readonly code: UxFormatErrorCode;
  readonly offset: number;

  constructor(code: UxFormatErrorCode, offset: number, message: string) {
    super(code, message);
    this.offset = offset;
  }
}
