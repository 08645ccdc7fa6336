import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { apiError } from '../errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answer 400 "empty request body" when the body is missing, even if no field is required. */
    bodyRequired?: boolean;
  }
}

/**
 * Request body parsing for real clients (reference.md section 6): an empty body under
 * application/json or application/x-www-form-urlencoded is "no body", not malformed JSON,
 * and GET may carry a JSON body (GET /samples with {payload}). A missing body becomes `{}`
 * when the route's body schema requires no field; otherwise it is "empty request body".
 */
export const bodies = fp(async (app: FastifyInstance) => {
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
    const body = text as string;
    if (body.trim() === '') {
      done(null, undefined);
      return;
    }
    try {
      done(null, JSON.parse(body));
    } catch (error) {
      done(apiError('UXK_ERR_MALFORMED_JSON', (error as Error).message), undefined);
    }
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, text, done) => {
    const body = text as string;
    const trimmed = body.trim();
    if (trimmed === '') {
      done(null, undefined);
      return;
    }
    // `curl -d '{...}'` labels JSON as a form: read it as the JSON it is.
    if (trimmed.startsWith('{')) {
      try {
        done(null, JSON.parse(trimmed));
        return;
      } catch {
        // Not JSON after all: a form whose first field starts with '{'.
      }
    }
    done(null, Object.fromEntries(new URLSearchParams(body)));
  });
  // Attached only to routes with a body schema, so body-less routes pay nothing per request.
  const missingBody = async (request: FastifyRequest): Promise<void> => {
    if (request.body !== undefined && request.body !== null) return;
    const { schema, config } = request.routeOptions;
    if (config.bodyRequired === true || ((schema?.body as { required?: string[] }).required?.length ?? 0) > 0) {
      throw apiError('UXK_ERR_EMPTY_BODY');
    }
    request.body = {};
  };
  app.addHook('onRoute', (route) => {
    if (route.schema?.body === undefined) return;
    const existing = route.preValidation;
    route.preValidation = existing === undefined ? [missingBody] : [missingBody, ...(Array.isArray(existing) ? existing : [existing])];
  });
}, { name: 'uxkit-bodies' });
