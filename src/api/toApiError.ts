import type { FastifyError } from 'fastify';
import { UxkitError } from '../errors.js';
import { ApiError, apiError } from './errors.js';

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

const PARTS: Record<string, string> = { body: 'body', querystring: 'query parameter', params: 'path parameter', headers: 'header' };

/** A validation failure as one sentence naming the field. */
function validationMessage(issue: ValidationIssue, context: string, bodyMissing: boolean): string {
  if (context === 'body' && bodyMissing) return 'empty request body';
  const part = PARTS[context] ?? context;
  if (issue.keyword === 'required') {
    return `missing ${context === 'body' ? 'field' : part} '${String(issue.params.missingProperty)}'${context === 'body' ? ' in body' : ''}`;
  }
  const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const where = field === '' ? (context === 'body' ? 'body' : part) : context === 'body' ? `field '${field}'` : `${part} '${field}'`;
  if (issue.keyword === 'enum') {
    return `${where} must be one of ${(issue.params.allowedValues as unknown[]).join(', ')}`;
  }
  if (issue.keyword === 'anyOf' && field !== '') return `${where} has an unsupported value`;
  return `${where} ${issue.message ?? 'is invalid'}`;
}

/** Fastify's own client errors, by code: status and our catalogue entry. */
function frameworkError(error: FastifyError, bodyLimit: number, mediaType: string | undefined): ApiError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return apiError('UXK_ERR_BODY_TOO_LARGE', bodyLimit);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return apiError('UXK_ERR_UNSUPPORTED_MEDIA_TYPE', mediaType ?? 'unknown');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return apiError('UXK_ERR_EMPTY_BODY');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return apiError('UXK_ERR_MALFORMED_JSON', error.message);
    default:
      break;
  }
  const status = error.statusCode;
  if (status !== undefined && status >= 400 && status < 500) return new ApiError(error.code ?? 'UXK_ERR_BAD_REQUEST', status, error.message);
  return undefined;
}

/**
 * Maps any thrown value onto a catalogued API error: our ApiErrors as they are, schema
 * validation to 400, library input errors (UxkitError subclasses) to 400, fastify's client
 * errors to their status; anything else is an internal fault (500, generic message).
 */
export function toApiError(error: unknown, opts: { bodyLimit: number; bodyMissing: boolean; mediaType?: string }): ApiError {
  if (error instanceof ApiError) return error;
  const fe = error as FastifyError & { validation?: ValidationIssue[]; validationContext?: string };
  if (Array.isArray(fe?.validation) && fe.validation.length > 0) {
    return apiError('UXK_ERR_BAD_REQUEST', validationMessage(fe.validation[0]!, fe.validationContext ?? 'body', opts.bodyMissing));
  }
  if (error instanceof UxkitError) return new ApiError(error.code, 400, error.message);
  if (typeof fe?.code === 'string' && fe.code.startsWith('FST_')) {
    const mapped = frameworkError(fe, opts.bodyLimit, opts.mediaType);
    if (mapped !== undefined) return mapped;
  }
  return apiError('UXK_ERR_INTERNAL');
}
