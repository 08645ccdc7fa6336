import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { apiError } from '../errors.js';
import { AUTH_ERRORS, errorResponses } from '../schemas/common.js';
import { UserSchema } from '../schemas/users.js';

/** GET /users/me: the signed-in account. */
export const users: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/users/me', {
    schema: {
      tags: ['User'],
      summary: 'The signed-in account: UserID and tier',
      response: { 200: UserSchema, ...errorResponses(...AUTH_ERRORS) },
    },
  }, async (request) => {
    const user = await app.store.users.byId(request.principal.userId);
    if (user === undefined) throw apiError('UXK_ERR_NOT_FOUND', 'user');
    return { UserID: user.userId, Name: user.name, Tier: user.tier, CreatedAt: user.createdAt };
  });
};
