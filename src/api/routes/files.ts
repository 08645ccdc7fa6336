import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { isBlobRef } from '../../store/blobs.js';
import { unixNow } from '../../store/ids.js';
import { apiError } from '../errors.js';
import { errorResponses } from '../schemas/common.js';

/** GET /files/<ref>: presigned downloads, without authentication. */
export const files: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/files/*', {
    config: { public: true },
    schema: {
      tags: ['Files'],
      summary: 'Download a blob through a presigned link (no authentication)',
      security: [],
      querystring: Type.Object({
        expires: Type.Optional(Type.String()),
        type: Type.Optional(Type.String()),
        signature: Type.Optional(Type.String()),
      }),
      response: errorResponses(403, 404, 500),
    },
  }, async (request, reply) => {
    const ref = (request.params as { '*': string })['*'];
    const check = isBlobRef(ref) ? app.links.check(ref, request.query, unixNow()) : 'invalid';
    if (check === 'invalid') throw apiError('UXK_ERR_LINK_INVALID', 'signature is invalid');
    if (check === 'expired') throw apiError('UXK_ERR_LINK_INVALID', 'has expired');
    const path = app.store.blobs.path(ref);
    const info = await stat(path).catch(() => undefined);
    if (info === undefined || !info.isFile()) throw apiError('UXK_ERR_NOT_FOUND', 'file');
    const remaining = Math.max(0, Number(request.query.expires) - unixNow());
    return reply
      .type(request.query.type!)
      .header('Content-Length', info.size)
      .header('Cache-Control', `private, max-age=${remaining}`)
      .header('X-Content-Type-Options', 'nosniff')
      .send(createReadStream(path));
  });
};
