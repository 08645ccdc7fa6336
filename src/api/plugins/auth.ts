import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { KeyPrincipal } from '../../store/keys.js';
import { ApiError, apiError } from '../errors.js';
import { FixedWindowQuota } from '../quota.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in account; set on every route not marked `config: { public: true }`. */
    principal: KeyPrincipal;
  }
  interface FastifyContextConfig {
    /** No authentication (GET /health, presigned downloads, GET /openapi.json). */
    public?: boolean;
    /**
     * Credentials may be omitted (`request.principal` is then null); a key that is sent is
     * still checked. Used where public builds may be run without an account.
     */
    optionalAuth?: boolean;
  }
}

/** The key from `Authorization: <key>` or `Authorization: Bearer <key>`. */
function credentialOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const value = header.trim();
  return /^bearer\s/i.test(value) ? value.slice(6).trim() : value;
}

/** 401 for a request that needs an account and sent no key. */
export function missingKeyError(): ApiError {
  return apiError('UXK_ERR_UNAUTHORIZED', 'missing API key: send it as the Authorization header');
}

/**
 * Authenticates every non-public request by API key (looked up by hash on every request,
 * so a revoke is immediate) and applies the tier's request quota.
 */
export const auth = fp(async (app: FastifyInstance) => {
  const quota = new FixedWindowQuota();
  app.decorateRequest('principal', null as unknown as KeyPrincipal);
  // The OpenAPI document says which routes need no key ([]) or accept none ({} alternative).
  app.addHook('onRoute', (route) => {
    const config = route.config as { public?: boolean; optionalAuth?: boolean } | undefined;
    if (config?.public !== true && config?.optionalAuth !== true) return;
    const security: Record<string, string[]>[] = config.public === true ? [] : [{ apiKey: [] }, { bearerAuth: [] }, {}];
    route.schema = { ...route.schema, security };
  });
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.public === true) return;
    const key = credentialOf(request);
    if (key === undefined || key === '') {
      if (request.routeOptions.config.optionalAuth === true) return;
      throw missingKeyError();
    }
    const principal = await app.store.keys.authenticate(key);
    if (principal === undefined) throw apiError('UXK_ERR_UNAUTHORIZED', 'invalid or revoked API key');
    request.principal = principal;
    const { quotaWindow, tiers } = app.config;
    const limit = tiers[principal.tier].requestsPerWindow;
    if (limit === null) return;
    const retryAfter = quota.take(principal.userId, limit, quotaWindow);
    if (retryAfter > 0) {
      const error = apiError('UXK_ERR_QUOTA_EXCEEDED', limit, quotaWindow, principal.tier);
      throw new ApiError(error.code, error.statusCode, error.message, { 'Retry-After': String(retryAfter) });
    }
  });
}, { name: 'uxkit-auth', dependencies: ['uxkit-error-handling'] });
