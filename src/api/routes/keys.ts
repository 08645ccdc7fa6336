import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ApiKeyInfo } from '../../store/keys.js';
import { apiError } from '../errors.js';
import { AUTH_ERRORS, errorResponses, MessageSchema } from '../schemas/common.js';
import { KeyCreated, KeyIdParams, KeyList, KeyPost } from '../schemas/keys.js';

function keyJson(info: ApiKeyInfo) {
  return {
    Object: 'Key' as const,
    KeyID: info.keyId,
    Name: info.name,
    Prefix: info.prefix,
    CreatedAt: info.createdAt,
    Revoked: info.revokedAt !== null,
    ...(info.revokedAt !== null ? { RevokedAt: info.revokedAt } : {}),
  };
}

/** GET/POST /keys, DELETE /keys/{KeyID}: the signed-in account's API keys. */
export const keys: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/keys', {
    schema: {
      tags: ['Keys'],
      summary: "The account's API keys (never the keys themselves)",
      response: { 200: KeyList, ...errorResponses(...AUTH_ERRORS) },
    },
  }, async (request) => {
    const list = await app.store.keys.list(request.principal.userId);
    return { UserID: request.principal.userId, Keys: list.map(keyJson), Count: list.length };
  });

  app.post('/keys', {
    schema: {
      tags: ['Keys'],
      summary: 'Create an API key; the key is in this response only',
      body: KeyPost,
      response: { 201: KeyCreated, ...errorResponses(400, ...AUTH_ERRORS) },
    },
  }, async (request, reply) => {
    const { key, info } = await app.store.keys.create(request.principal.userId, request.body?.Name ?? '');
    return reply.code(201).send({ ...keyJson(info), Key: key });
  });

  app.delete('/keys/:KeyID', {
    schema: {
      tags: ['Keys'],
      summary: 'Revoke an API key (takes effect on the next request)',
      params: KeyIdParams,
      response: { 200: MessageSchema, ...errorResponses(400, 404, ...AUTH_ERRORS) },
    },
  }, async (request) => {
    const { KeyID } = request.params;
    if (!(await app.store.keys.revoke(KeyID, request.principal.userId))) throw apiError('UXK_ERR_NOT_FOUND', `key ${KeyID}`);
    return { message: `key ${KeyID} revoked` };
  });
};
