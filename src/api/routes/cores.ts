import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { TierLimits } from '../../config/ServerConfig.js';
import { type Core, type CoreSpec, coreSpecProblem } from '../../store/coreSpec.js';
import type { Tier } from '../../store/tiers.js';
import { apiError } from '../errors.js';
import { AUTH_ERRORS, errorResponses, MessageSchema } from '../schemas/common.js';
import {
  CoreIdParams, CoreList, CoreListQuery, CorePatch, type CorePatchBody, CorePost, type CorePostBody, CoreQuery, CoreSchema,
} from '../schemas/cores.js';
import { checkId } from './checkId.js';

const DEFAULT_MEMORY_SIZE = 512 * 1024 * 1024;
const EDITABLE = ['Name', 'Class', 'Microarchitecture', 'CorrelationTracking', 'MemorySize', 'Precision'] as const;

function checkCoreId(id: string): void {
  if (id === '') throw apiError('UXK_ERR_MISSING_PARAMETER', 'CoreID');
  checkId('cor', 'CoreID', id);
}

/** 400 for inconsistent fields, 403 for resources beyond the tier. */
function checkSpec(spec: CoreSpec, limits: TierLimits, tier: Tier): void {
  const problem = coreSpecProblem(spec);
  if (problem !== undefined) throw apiError('UXK_ERR_BAD_REQUEST', problem);
  if (spec.Precision > limits.maxPrecision) {
    throw apiError('UXK_ERR_TIER_EXCEEDED', `Precision ${spec.Precision} is above ${limits.maxPrecision}`, tier);
  }
  if (spec.MemorySize > limits.maxMemorySize) {
    throw apiError('UXK_ERR_TIER_EXCEEDED', `MemorySize ${spec.MemorySize} is above ${limits.maxMemorySize} bytes`, tier);
  }
}

/** Cores group (spec section 4): default cores for everyone, custom cores per account. */
export const cores: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(CoreSchema);
  const tags = ['Cores'];

  app.get('/cores', {
    schema: {
      tags, summary: 'List default cores (with ?default) or custom cores (without)',
      querystring: CoreListQuery,
      response: { 200: CoreList, ...errorResponses(400, 404, ...AUTH_ERRORS) },
    },
  }, async (request) => {
    const { userId } = request.principal;
    const { startKey } = request.query;
    const size = app.config.pageSize;
    const page = request.query.default !== undefined
      ? await app.store.cores.listDefault(startKey, size)
      : await app.store.cores.listCustom(userId, startKey, size);
    return {
      UserID: userId, Cores: page.items, Count: page.items.length,
      ...(page.next !== undefined ? { ContinuationKey: page.next } : {}),
    };
  });

  app.post('/cores', {
    schema: {
      tags, summary: 'Create a custom core',
      body: CorePost,
      response: { 201: CoreSchema, ...errorResponses(400, 403, ...AUTH_ERRORS) },
    },
  }, async (request, reply) => {
    const { userId, tier } = request.principal;
    const limits = app.config.tiers[tier];
    const body = request.body as CorePostBody;
    const spec: CoreSpec = {
      Name: body.Name, Class: body.Class, Microarchitecture: body.Microarchitecture,
      CorrelationTracking: body.CorrelationTracking ?? 'Disable',
      MemorySize: body.MemorySize ?? Math.min(DEFAULT_MEMORY_SIZE, limits.maxMemorySize),
      Precision: body.Precision,
    };
    checkSpec(spec, limits, tier);
    const core = await app.store.cores.create(userId, spec, limits.customCores);
    if (core === undefined) throw apiError('UXK_ERR_LIMIT_REACHED', 'custom core', limits.customCores, tier);
    return reply.code(201).send(core);
  });

  app.get('/cores/:CoreID', {
    schema: {
      tags, summary: 'One core: a default core with ?default, a custom core without',
      params: CoreIdParams, querystring: CoreQuery,
      response: { 200: CoreSchema, ...errorResponses(400, 404, ...AUTH_ERRORS) },
    },
  }, async (request) => {
    const { CoreID } = request.params;
    checkCoreId(CoreID);
    const core: Core | undefined = request.query.default !== undefined
      ? await app.store.cores.getDefault(CoreID)
      : await app.store.cores.getCustom(request.principal.userId, CoreID);
    if (core === undefined) throw apiError('UXK_ERR_NOT_FOUND', `core ${CoreID}`);
    return core;
  });

  app.patch('/cores/:CoreID', {
    config: { bodyRequired: true },
    schema: {
      tags, summary: 'Change a custom core (at least one field must change)',
      params: CoreIdParams, body: CorePatch,
      response: { 200: MessageSchema, ...errorResponses(400, 403, 404, ...AUTH_ERRORS) },
    },
  }, async (request) => {
    const { CoreID } = request.params;
    checkCoreId(CoreID);
    const { userId, tier } = request.principal;
    if (await app.store.cores.getDefault(CoreID)) throw apiError('UXK_ERR_FORBIDDEN', 'default cores cannot be changed');
    const patch = request.body as CorePatchBody;
    const updated = await app.store.cores.update(userId, CoreID, (current) => {
      const next: Core = { ...current, ...patch };
      if (EDITABLE.every((field) => next[field] === current[field])) throw apiError('UXK_ERR_NOTHING_TO_UPDATE');
      checkSpec(next, app.config.tiers[tier], tier);
      return next;
    });
    if (updated === undefined) throw apiError('UXK_ERR_NOT_FOUND', `core ${CoreID}`);
    return { message: `core ${CoreID} updated` };
  });

  app.delete('/cores/:CoreID', {
    schema: {
      tags, summary: 'Delete a custom core',
      params: CoreIdParams,
      response: { 200: MessageSchema, ...errorResponses(400, 404, ...AUTH_ERRORS) },
    },
  }, async (request) => {
    const { CoreID } = request.params;
    checkCoreId(CoreID);
    if (await app.store.cores.getDefault(CoreID)) throw apiError('UXK_ERR_BAD_REQUEST', 'default cores cannot be deleted');
    if (!(await app.store.cores.delete(request.principal.userId, CoreID))) throw apiError('UXK_ERR_NOT_FOUND', `core ${CoreID}`);
    return { message: `core ${CoreID} deleted` };
  });
};
