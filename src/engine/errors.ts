import { UxkitError } from '../errors.js';

/**
 * Bad input to the engine API that the caller can fix (arguments with shell operators,
 * a source list naming a missing file, a bad config.mk). The user's program failing is
 * never an EngineError: that is an outcome.
 */
export class EngineInputError extends UxkitError {}

/** The engine itself cannot work here (no usable bubblewrap, no compiler, no runtime). */
export class EngineSetupError extends UxkitError {}
