import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Distribution } from '../../dist/Distribution.js';
import { createSampler } from '../../sampling/createSampler.js';
import { resumeSampler } from '../../sampling/resumeSampler.js';
import { seedFromText } from '../../sampling/seedState.js';
import { parseUx } from '../../ux/parseUx.js';
import { apiError } from '../errors.js';
import { samplesJson } from '../samplesJson.js';
import { AUTH_ERRORS, errorResponses } from '../schemas/common.js';
import { SamplesQuery, SamplesResponse, UxBody } from '../schemas/samples.js';

interface SamplesRequest {
  Body: { UxValue?: string; payload?: string };
  Querystring: { count: string; seed?: string; mode?: 'density' | 'particles'; continuationToken?: string };
}

type UxField = 'UxValue' | 'payload';

/**
 * The Ux string of a body with `UxValue` (spec) or `payload` (official SDK), `preferred` first,
 * and the field it came from, so that messages name the field the client sent.
 */
export function uxOfBody(body: { UxValue?: string; payload?: string }, preferred: UxField): { text: string; field: UxField } {
  const other: UxField = preferred === 'UxValue' ? 'payload' : 'UxValue';
  const field = body[preferred] !== undefined ? preferred : other;
  const text = body[field];
  if (text === undefined) throw apiError('UXK_ERR_BAD_REQUEST', `missing field '${preferred}' in body (a Ux string)`);
  return { text: text.trim(), field };
}

/**
 * A Distribution from a Ux string, with its number (`1.5Ux04...`, as programs print it) or
 * without (`Ux04...`, the spec's definition); UxFormatError becomes a 400 naming the field.
 */
export function distributionOfUx(text: string, field: string): Distribution {
  try {
    return Distribution.fromUx(parseUx(text));
  } catch (error) {
    throw apiError('UXK_ERR_BAD_REQUEST', `${field} is not a valid Ux string: ${(error as Error).message}`);
  }
}

/** GET /samples (body allowed on GET, as the SDK sends) and POST /samples: draws from a Ux value. */
export const samples: FastifyPluginAsyncTypebox = async (app) => {
  const handler = async (request: FastifyRequest<SamplesRequest>, reply: FastifyReply) => {
    const max = app.config.maxSamples;
    const { count: countText, seed, mode, continuationToken } = request.query;
    const count = /^\d{1,9}$/.test(countText) ? Number(countText) : Number.NaN;
    if (!(count >= 1 && count <= max)) {
      throw apiError('UXK_ERR_INVALID_PARAMETER', 'count', `expected an integer from 1 to ${max}, got '${countText}'`);
    }
    const { text, field } = uxOfBody(request.body, 'UxValue');
    const dist = distributionOfUx(text, field);
    const secret = app.store.secrets.tokenKey;
    const sampler = continuationToken !== undefined
      ? resumeSampler(dist, continuationToken, { secret, ...(mode !== undefined ? { mode } : {}) })
      : createSampler(dist, { secret, ...(mode !== undefined ? { mode } : {}), ...(seed !== undefined ? { seed: seedFromText(seed) } : {}) });
    const draws = sampler.next(count);
    return reply.type('application/json; charset=utf-8').send(samplesJson(draws, sampler.token()));
  };
  const config = { bodyRequired: true };
  const schema = {
    tags: ['Samples'],
    body: UxBody,
    querystring: SamplesQuery,
    response: { 200: SamplesResponse, ...errorResponses(400, ...AUTH_ERRORS) },
  };
  app.get('/samples', { exposeHeadRoute: false, config, schema: { ...schema, summary: 'Random samples of a Ux value (JSON body on GET)' } }, handler);
  app.post('/samples', { config, schema: { ...schema, summary: 'Same as GET /samples, for clients that cannot send a body with GET' } }, handler);
};
