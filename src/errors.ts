/**
 * Base of every error uxkit throws on purpose. `code` is stable and machine-readable;
 * the message says what was wrong and where. The HTTP layer maps subclasses to statuses.
 */
export class UxkitError extends Error {
  readonly code: string;

  constructor(code: string, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}
