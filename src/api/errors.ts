import { STATUS_CODES } from 'node:http';
import { UxkitError } from '../errors.js';

/**
 * Every failure the API reports, in one place: code -> HTTP status and message template.
 * Route handlers throw `apiError(code, ...)`; the central handler turns it into `{error, message}`.
 */
const catalogue = {
  UXK_ERR_BAD_REQUEST: [400, (detail: string) => detail],
  UXK_ERR_EMPTY_BODY: [400, () => 'empty request body'],
  UXK_ERR_MALFORMED_JSON: [400, (detail: string) => `malformed JSON body: ${detail}`],
  UXK_ERR_MISSING_PARAMETER: [400, (name: string) => `missing path parameter ${name}`],
  UXK_ERR_INVALID_PARAMETER: [400, (name: string, detail: string) => `invalid ${name}: ${detail}`],
  UXK_ERR_NOTHING_TO_UPDATE: [400, () => 'nothing to update'],
  UXK_ERR_UNAUTHORIZED: [401, (detail: string) => detail],
  UXK_ERR_FORBIDDEN: [403, (detail: string) => detail],
  UXK_ERR_LIMIT_REACHED: [403, (what: string, limit: number, tier: string) =>
    `${what} limit reached: the ${tier} tier allows ${limit}`],
  UXK_ERR_TIER_EXCEEDED: [403, (detail: string, tier: string) =>
    `requested resources exceed the ${tier} tier limits: ${detail}`],
  UXK_ERR_LINK_INVALID: [403, (detail: string) => `download link ${detail}`],
  UXK_ERR_NOT_FOUND: [404, (what: string) => `${what} not found`],
  UXK_ERR_ROUTE_NOT_FOUND: [404, (method: string, path: string) => `no route ${method} ${path}`],
  UXK_ERR_METHOD_NOT_ALLOWED: [405, (method: string, path: string, allowed: string) =>
    `method ${method} is not allowed on ${path}; allowed: ${allowed}`],
  UXK_ERR_CONFLICT: [409, (detail: string) => detail],
  UXK_ERR_BODY_TOO_LARGE: [413, (limit: number) => `request body is larger than ${limit} bytes`],
  UXK_ERR_UNSUPPORTED_MEDIA_TYPE: [415, (type: string) =>
    `unsupported content type '${type}'; send application/json`],
  UXK_ERR_QUOTA_EXCEEDED: [429, (limit: number, window: number, tier: string) =>
    `request quota exceeded: the ${tier} tier allows ${limit} requests per ${window} s`],
  UXK_ERR_INTERNAL: [500, () => 'internal server error'],
  UXK_ERR_UNAVAILABLE: [503, () => 'server is shutting down'],
} as const satisfies Record<string, readonly [number, (...args: never[]) => string]>;

export type ApiErrorCode = keyof typeof catalogue;
type TemplateArgs<C extends ApiErrorCode> = Parameters<(typeof catalogue)[C][1]>;

/** An error with an HTTP status; its message is shown to the client as is (below 500). */
export class ApiError extends UxkitError {
  readonly statusCode: number;
  /** Extra response headers, such as Retry-After on 429. */
  readonly headers: Record<string, string>;

  constructor(code: string, statusCode: number, message: string, headers: Record<string, string> = {}) {
    super(code, message);
    this.statusCode = statusCode;
    this.headers = headers;
  }
}

/** Builds the catalogued error `code` with its template filled in. */
export function apiError<C extends ApiErrorCode>(code: C, ...args: TemplateArgs<C>): ApiError {
  const [status, template] = catalogue[code];
  return new ApiError(code, status, (template as (...a: TemplateArgs<C>) => string)(...args));
}

/** The spec's Error object. */
export interface ErrorBody {
  error: string;
  message: string;
}

/** `{error, message}` for a status; `error` is the status name ("Not Found"). */
export function errorBody(statusCode: number, message: string): ErrorBody {
  return { error: STATUS_CODES[statusCode] ?? 'Error', message };
}
