import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

/** GET /openapi.json: the OpenAPI 3 document generated from the route schemas. */
export const openapi: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/openapi.json', {
    config: { public: true },
    schema: { hide: true },
  }, async () => app.swagger());
};
