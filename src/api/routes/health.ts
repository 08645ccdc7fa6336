import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

/** GET /health: liveness, without authentication. */
export const health: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/health', {
    config: { public: true },
    schema: {
      tags: ['Health'],
      summary: 'Liveness check (no authentication)',
      security: [],
      response: { 200: Type.Object({ status: Type.Literal('ok') }) },
    },
  }, async () => ({ status: 'ok' as const }));
};
