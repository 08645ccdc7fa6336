import { rmSync } from 'node:fs';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { splitArguments } from '../../engine/run/splitArguments.js';
import { buildOutputRef, buildWorkDir } from '../../engine/worker/workPaths.js';
import { BuildStore } from '../../store/builds.js';
import { DEFAULT_BUILD_CORE } from '../../store/defaultCores.js';
import { formatListKey } from '../../store/listKey.js';
import { ANONYMOUS_OWNER, TaskStore } from '../../store/tasks.js';
import { ValueStore } from '../../store/values.js';
import { apiError } from '../errors.js';
import { cancelJob } from './cancelJob.js';
import { missingKeyError } from '../plugins/auth.js';
import {
  BuildCreated, BuildIdParams, BuildList, BuildOutputs, BuildSchema, ListQuerySchema, SourceBuildPost,
  type SourceBuildPostBody, TaskCreated, TaskOverrides, type TaskOverridesBody,
} from '../schemas/builds.js';
import { AUTH_ERRORS, errorResponses, MessageSchema } from '../schemas/common.js';
import { checkDataSources } from './checkDataSources.js';
import { checkId } from './checkId.js';
import { parseListQuery } from './listQuery.js';
import { ownBuild } from './ownBuild.js';

/** Builds group: source builds, their status and output, and starting tasks from them. */
export const builds: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(BuildSchema);
  const tags = ['Builds'];

  app.post('/sourcecode/builds', {
    schema: {
      tags, summary: 'Build a program from source code (compiles asynchronously)',
      body: SourceBuildPost,
      response: { 202: BuildCreated, ...errorResponses(400, 403, 404, ...AUTH_ERRORS) },
    },
  }, async (request, reply) => {
    const { userId } = request.principal;
    const body = request.body as SourceBuildPostBody;
    const size = Buffer.byteLength(body.Code);
    if (size > app.config.maxCodeBytes) {
      throw apiError('UXK_ERR_BAD_REQUEST', `Code is ${size} bytes; the largest accepted is ${app.config.maxCodeBytes} bytes`);
    }
    const coreId = body.CoreID ?? body.Core;
    const core = coreId === undefined ? DEFAULT_BUILD_CORE : await app.store.cores.find(userId, coreId);
    if (core === undefined) throw apiError('UXK_ERR_NOT_FOUND', `core ${coreId}`);
    const dataSources = body.DataSources ?? [];
    checkDataSources(core.Class, dataSources);
    const args = body.Arguments ?? '';
    splitArguments(args);
    const { Object: _o, Owner: _w, CreatedAt: _c, UpdatedAt: _u, ...specs } = core;
    const build = await app.store.module(BuildStore).create({
      owner: userId,
      application: { Type: 'SourceCode', SourceCode: { Code: body.Code, Language: body.Language } },
      core: specs,
      traceVariables: body.TraceVariables ?? [],
      dataSources,
      arguments: args,
      isPublic: body.IsPublic === true,
    });
    // Before the worker is notified, so the build job sees the request.
    if ((request.query as { DiscoverVariables?: unknown }).DiscoverVariables === 'true') {
      app.store.module(ValueStore).requestDiscovery(build.BuildID);
    }
    app.workers?.notify();
    return reply.code(202).send({ BuildID: build.BuildID });
  });

  app.get('/builds', {
    schema: {
      tags, summary: 'List your builds, newest first',
      querystring: ListQuerySchema,
      response: { 200: BuildList, ...errorResponses(400, ...AUTH_ERRORS) },
    },
  }, async (request) => {
    const { userId } = request.principal;
    const q = parseListQuery(request.query, 'bld', app.config.pageSize);
    const page = await app.store.module(BuildStore).list({ owner: userId, ...q });
    return {
      UserID: userId, Builds: page.items, Count: page.items.length,
      ...(page.next !== undefined && { ContinuationKey: formatListKey(page.next) }),
    };
  });

  app.get('/builds/:BuildID', {
    schema: {
      tags, summary: 'One build with its Status and StatusTransitions',
      params: BuildIdParams,
      response: { 200: BuildSchema, ...errorResponses(400, 404, ...AUTH_ERRORS) },
    },
  }, async (request) => ownBuild(app, request.principal.userId, request.params.BuildID));

  app.get('/builds/:BuildID/outputs', {
    schema: {
      tags, summary: 'Presigned URL of the build output (compiler commands and diagnostics)',
      params: BuildIdParams,
      response: { 200: BuildOutputs, ...errorResponses(400, 404, ...AUTH_ERRORS) },
    },
  }, async (request) => {
    const build = await ownBuild(app, request.principal.userId, request.params.BuildID);
    const ref = buildOutputRef(build.BuildID);
    if (!app.store.blobs.has(ref)) throw apiError('UXK_ERR_NOT_FOUND', `build output of ${build.BuildID} (Status ${build.Status})`);
    return { Build: app.presign(ref, { contentType: 'text/plain; charset=utf-8' }, request) };
  });

  app.post('/builds/:BuildID/cancel', {
    schema: {
      tags, summary: 'Cancel a build that has not ended',
      params: BuildIdParams,
      response: { 200: MessageSchema, ...errorResponses(400, 404, ...AUTH_ERRORS) },
    },
  }, async (request) => {
    const build = await ownBuild(app, request.principal.userId, request.params.BuildID);
    return cancelJob(app, 'build', build.BuildID, build.Status);
  });

  app.delete('/builds/:BuildID', {
    schema: {
      tags, summary: 'Delete a build that has ended, with its files',
      params: BuildIdParams,
      response: { 200: MessageSchema, ...errorResponses(400, 404, ...AUTH_ERRORS) },
    },
  }, async (request) => {
    const { BuildID } = request.params;
    checkId('bld', 'BuildID', BuildID);
    const result = await app.store.module(BuildStore).delete(request.principal.userId, BuildID);
    if (result === 'missing') throw apiError('UXK_ERR_NOT_FOUND', `build ${BuildID}`);
    if (result === 'active') {
      throw apiError('UXK_ERR_BAD_REQUEST', `build ${BuildID} or one of its tasks is still active: cancel it or wait until it ends`);
    }
    rmSync(buildWorkDir(app.store.dataDir, BuildID), { recursive: true, force: true });
    return { message: `build ${BuildID} deleted` };
  });

  app.post('/builds/:BuildID/tasks', {
    config: { optionalAuth: true },
    schema: {
      tags, summary: "Run a build (a public build may be run without credentials); the body may override the build's Arguments and DataSources",
      params: BuildIdParams,
      body: TaskOverrides,
      response: { 202: TaskCreated, ...errorResponses(400, 403, 404, ...AUTH_ERRORS) },
    },
  }, async (request, reply) => {
    const { BuildID } = request.params;
    checkId('bld', 'BuildID', BuildID);
    const caller = request.principal?.userId;
    const build = await app.store.module(BuildStore).get(BuildID);
    const visible = build !== undefined && (build.Owner === caller || build.IsPublic);
    if (!visible && caller === undefined) throw missingKeyError();
    if (!visible) throw apiError('UXK_ERR_NOT_FOUND', `build ${BuildID}`);
    const body = (request.body ?? {}) as TaskOverridesBody;
    const args = body.Arguments ?? build.Arguments;
    const dataSources = body.DataSources ?? build.DataSources;
    splitArguments(args);
    checkDataSources(build.BuildCoreSpecs.Class, dataSources);
    const task = await app.store.module(TaskStore).create({
      buildId: BuildID, owner: caller ?? ANONYMOUS_OWNER, arguments: args, dataSources,
    });
    app.workers?.notify();
    return reply.code(202).send({ TaskID: task.TaskID });
  });
};
