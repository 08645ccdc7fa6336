import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type ApiError, apiError, errorBody } from '../errors.js';
import { toApiError } from '../toApiError.js';

/** Sends `error` as the spec's `{error, message}` with its status and headers. */
export function sendError(reply: FastifyReply, error: ApiError): FastifyReply {
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  return reply.code(error.statusCode).type('application/json; charset=utf-8').send(errorBody(error.statusCode, error.message));
}

/** Route patterns as regular expressions, to tell "no such path" (404) from "wrong method" (405). */
function patternToRegex(url: string): RegExp {
  const body = url.split('/').map((segment) => {
    if (segment === '*') return '.*';
    if (segment.startsWith(':')) return '[^/]+';
    return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }).join('/');
  return new RegExp(`^${body}$`);
}

/**
 * One central error handler for every failure, a 404 handler that answers 405 (with Allow)
 * when the path exists under another method. 5xx messages are generic; the fault is logged.
 */
export const errorHandling = fp(async (app: FastifyInstance) => {
  const routes: { method: string; regex: RegExp }[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routes.push({ method, regex: patternToRegex(route.url) });
  });

  app.setErrorHandler((error, request: FastifyRequest, reply) => {
    const mapped = toApiError(error, {
      bodyLimit: app.config.bodyLimit,
      bodyMissing: request.body === undefined || request.body === null,
      mediaType: request.headers['content-type']?.split(';')[0]?.trim(),
    });
    if (mapped.code === 'UXK_ERR_INTERNAL') request.log.error({ err: error }, 'request failed');
    return sendError(reply, mapped);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    const allowed = [...new Set(routes.filter((r) => r.regex.test(path)).map((r) => r.method))];
    if (allowed.length > 0) {
      const error = apiError('UXK_ERR_METHOD_NOT_ALLOWED', request.method, path, allowed.join(', '));
      reply.header('Allow', allowed.join(', '));
      return sendError(reply, error);
    }
    return sendError(reply, apiError('UXK_ERR_ROUTE_NOT_FOUND', request.method, path));
  });
}, { name: 'uxkit-error-handling' });
