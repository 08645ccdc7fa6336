import { EngineInputError } from '../errors.js';

/**
 * A clone or checkout the user can fix (unreachable remote, unknown branch or commit,
 * repository over the size limit, clone too slow). Its message is shown as the build's
 * Stopped transition message.
 */
export class GitError extends EngineInputError {
  /** git's own diagnostics (stderr), without credentials in URLs. */
  readonly detail: string;

  constructor(code: string, message: string, detail = '') {
    super(code, message);
    this.name = 'GitError';
    this.detail = detail;
  }
}
