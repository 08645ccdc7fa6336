import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { prepareRepositoryBuild } from '../../engine/git/prepareRepositoryBuild.js';
import { branchProblem, commitProblem, normalizeBuildDirectory } from '../../engine/git/refNames.js';
import { remoteUrlProblem } from '../../engine/git/remoteUrl.js';
import { splitArguments } from '../../engine/run/splitArguments.js';
import { registerSourcePreparer } from '../../engine/worker/sourcePreparers.js';
import { type Build, BuildStore } from '../../store/builds.js';
import { DEFAULT_BUILD_CORE } from '../../store/defaultCores.js';
import { isId } from '../../store/ids.js';
import { formatListKey } from '../../store/listKey.js';
import { type Repository, type RepositoryFields, RepositoryStore } from '../../store/repositories.js';
import { apiError } from '../errors.js';
import { BuildCreated } from '../schemas/builds.js';
import { AUTH_ERRORS, errorResponses, MessageSchema } from '../schemas/common.js';
import {
  LookupQuery, LookupResult, RepositoryBuildList, RepositoryBuildPost, type RepositoryBuildPostBody, RepositoryBuildQuery,
  RepositoryBuildsQuery, RepositoryIdParams, RepositoryList, RepositoryListQuery, RepositoryPatch, type RepositoryPatchBody,
  RepositoryPatchQuery, RepositoryPost, type RepositoryPostBody, RepositorySchema,
} from '../schemas/repositories.js';
import { checkDataSources } from './checkDataSources.js';
import { checkId } from './checkId.js';
import { parseListQuery } from './listQuery.js';

const EDITABLE = ['RemoteURL', 'Branch', 'Commit', 'BuildDirectory', 'Arguments', 'Core', 'DataSources', 'TraceVariables'] as const;
const REMOVABLE = { DataSources: [], TraceVariables: [], Core: null } as const;
/** Builds per page of GET /repositories/{id}/builds (spec section 8). */
const BUILDS_PAGE = 25;

/** The API object: an unset Core shows as the default build core it stands for. */
const present = (r: Repository) => ({ ...r, Core: r.Core ?? DEFAULT_BUILD_CORE.CoreID });

/** 400 with a message naming the field for anything a build could not use. */
async function checkFields(app: FastifyInstance, owner: string, f: RepositoryFields): Promise<RepositoryFields> {
  const problem = remoteUrlProblem(f.RemoteURL) ?? branchProblem(f.Branch) ?? commitProblem(f.Commit);
  if (problem !== undefined) throw apiError('UXK_ERR_BAD_REQUEST', problem);
  const dir = normalizeBuildDirectory(f.BuildDirectory);
  if ('problem' in dir) throw apiError('UXK_ERR_BAD_REQUEST', dir.problem);
  splitArguments(f.Arguments);
  if (f.Core !== null && (await app.store.cores.find(owner, f.Core)) === undefined) {
    throw apiError('UXK_ERR_BAD_REQUEST', `Core ${f.Core} is neither a default core nor one of your cores`);
  }
  return { ...f, BuildDirectory: dir.path };
}

async function ownRepository(app: FastifyInstance, owner: string, id: string): Promise<Repository> {
  checkId('rep', 'RepositoryID', id);
  const repository = await app.store.module(RepositoryStore).get(owner, id);
  if (repository === undefined) throw apiError('UXK_ERR_NOT_FOUND', `repository ${id}`);
  return repository;
}

const duplicate = (existingId: string) =>
  apiError('UXK_ERR_CONFLICT', `a repository with the same RemoteURL and Branch is already registered: ${existingId}`);

/** Repositories group (spec section 4): connected git repositories and builds cloned from them. */
export const repositories: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(RepositorySchema);
  registerSourcePreparer('Repository', prepareRepositoryBuild);
  const tags = ['Repositories'];
  const store = (): RepositoryStore => app.store.module(RepositoryStore);

  app.get('/repositories', {
    schema: {
      tags, summary: 'List your repositories, ordered by RepositoryID',
      querystring: RepositoryListQuery,
      response: { 200: RepositoryList, ...errorResponses(404, ...AUTH_ERRORS) },
    },
  }, async (request) => {
    const { userId } = request.principal;
    const page = await store().list(userId, request.query.startKey, app.config.pageSize);
    return {
      UserID: userId, Repositories: page.items.map(present), Count: page.items.length,
      ...(page.next !== undefined && { ContinuationKey: page.next }),
    };
  });

  app.post('/repositories', {
    schema: {
      tags, summary: 'Connect a git repository (unique per account by RemoteURL and Branch)',
      body: RepositoryPost,
      response: { 201: RepositorySchema, ...errorResponses(400, 403, 409, ...AUTH_ERRORS) },
    },
  }, async (request, reply) => {
    const { userId, tier } = request.principal;
    const body = request.body as RepositoryPostBody;
    const fields = await checkFields(app, userId, {
      RemoteURL: body.RemoteURL, Branch: body.Branch, Commit: body.Commit ?? 'HEAD', BuildDirectory: body.BuildDirectory ?? 'src',
      Arguments: body.Arguments, Core: body.Core ?? null, DataSources: body.DataSources ?? [], TraceVariables: body.TraceVariables ?? [],
    });
    const limit = app.config.tiers[tier].repositories;
    const result = await store().create(userId, fields, limit);
    if (result.kind === 'duplicate') throw duplicate(result.existingId);
    if (result.kind === 'limit') throw apiError('UXK_ERR_LIMIT_REACHED', 'repositories', limit, tier);
    return reply.code(201).send(present(result.repository));
  });

  app.get('/repositories/lookup', {
    schema: {
      tags, summary: 'The RepositoryID registered for a remote URL and branch',
      querystring: LookupQuery,
      response: { 200: LookupResult, ...errorResponses(400, 404, ...AUTH_ERRORS) },
    },
  }, async (request) => {
    const { remoteURL, branch } = request.query;
    if (remoteURL === undefined || remoteURL === '') throw apiError('UXK_ERR_BAD_REQUEST', 'query parameter remoteURL is required');
    if (branch === undefined || branch === '') throw apiError('UXK_ERR_BAD_REQUEST', 'query parameter branch is required');
    const id = await store().lookup(request.principal.userId, remoteURL, branch);
    if (id === undefined) throw apiError('UXK_ERR_NOT_FOUND', `repository for ${remoteURL} branch ${branch}`);
    return { RepositoryID: id };
  });

  app.get('/repositories/:RepositoryID', {
    schema: {
      tags, summary: 'One repository',
      params: RepositoryIdParams,
      response: { 200: RepositorySchema, ...errorResponses(400, 404, ...AUTH_ERRORS) },
    },
  }, async (request) => present(await ownRepository(app, request.principal.userId, request.params.RepositoryID)));

  app.patch('/repositories/:RepositoryID', {
    schema: {
      tags, summary: 'Change a repository, or reset fields to their defaults with ?remove=',
      params: RepositoryIdParams, querystring: RepositoryPatchQuery, body: RepositoryPatch,
      response: { 200: RepositorySchema, ...errorResponses(400, 404, 409, ...AUTH_ERRORS) },
    },
  }, async (request) => {
    const { RepositoryID } = request.params;
    checkId('rep', 'RepositoryID', RepositoryID);
    const { userId } = request.principal;
    const { remove } = request.query;
    const removed = remove === undefined ? undefined
      : (Array.isArray(remove) ? remove : [remove]).filter((n): n is keyof typeof REMOVABLE => Object.hasOwn(REMOVABLE, n));
    if (removed !== undefined && removed.length === 0) {
      throw apiError('UXK_ERR_BAD_REQUEST', 'nothing to update: remove names none of DataSources, Core, TraceVariables');
    }
    const current = await ownRepository(app, userId, RepositoryID);
    let change: Partial<RepositoryFields>;
    if (removed !== undefined) {
      change = Object.fromEntries(removed.map((n) => [n, REMOVABLE[n]]));
    } else {
      const patch = (request.body ?? {}) as RepositoryPatchBody;
      const next: RepositoryFields = { ...current, ...patch };
      if (EDITABLE.every((f) => JSON.stringify(next[f]) === JSON.stringify(current[f]))) throw apiError('UXK_ERR_NOTHING_TO_UPDATE');
      // Validated outside the transaction (core lookups are async); only the patched keys are written over the fresh row.
      const checked = await checkFields(app, userId, next);
      change = Object.fromEntries(EDITABLE.filter((f) => f in patch).map((f) => [f, checked[f]]));
    }
    const result = await store().update(userId, RepositoryID, (fresh) => ({ ...fresh, ...change }));
    if (result.kind === 'missing') throw apiError('UXK_ERR_NOT_FOUND', `repository ${RepositoryID}`);
    if (result.kind === 'duplicate') throw duplicate(result.existingId);
    return present(result.repository);
  });

  app.delete('/repositories/:RepositoryID', {
    schema: {
      tags, summary: 'Disconnect a repository (its builds stay)',
      params: RepositoryIdParams,
      response: { 200: MessageSchema, ...errorResponses(404, ...AUTH_ERRORS) },
    },
  }, async (request) => {
    const { RepositoryID } = request.params;
    // A malformed id names no repository: 404 (the spec lists no 400 here).
    if (!isId('rep', RepositoryID) || !(await store().delete(request.principal.userId, RepositoryID))) {
      throw apiError('UXK_ERR_NOT_FOUND', `repository ${RepositoryID}`);
    }
    return { message: `repository ${RepositoryID} deleted` };
  });

  app.post('/repositories/:RepositoryID/builds', {
    schema: {
      tags, summary: "Build the repository (clone at Branch and Commit, then compile); defaults from the repository",
      params: RepositoryIdParams, querystring: RepositoryBuildQuery, body: RepositoryBuildPost,
      response: { 202: BuildCreated, ...errorResponses(400, 403, 404, ...AUTH_ERRORS) },
    },
  }, async (request, reply) => {
    const { userId } = request.principal;
    const repository = await ownRepository(app, userId, request.params.RepositoryID);
    const body = (request.body ?? {}) as RepositoryBuildPostBody;
    const coreId = body.CoreID ?? body.Core ?? repository.Core;
    const core = coreId === null ? DEFAULT_BUILD_CORE : await app.store.cores.find(userId, coreId);
    if (core === undefined) throw apiError('UXK_ERR_NOT_FOUND', `core ${coreId}`);
    const dataSources = body.DataSources ?? repository.DataSources;
    checkDataSources(core.Class, dataSources);
    const args = body.Arguments ?? repository.Arguments;
    splitArguments(args);
    const { Object: _o, Owner: _w, CreatedAt: _c, UpdatedAt: _u, ...specs } = core;
    const build = await app.store.module(BuildStore).create({
      owner: userId,
      application: {
        Type: 'Repository',
        Repository: {
          RepositoryID: repository.RepositoryID, RemoteURL: repository.RemoteURL, Branch: repository.Branch,
          Commit: repository.Commit, BuildDirectory: repository.BuildDirectory,
          DiscoverVariables: request.query.DiscoverVariables === 'true',
        },
      },
      core: specs,
      traceVariables: body.TraceVariables ?? repository.TraceVariables,
      dataSources,
      arguments: args,
      isPublic: body.IsPublic === true,
    });
    app.workers?.notify();
    return reply.code(202).send({ BuildID: build.BuildID });
  });

  app.get('/repositories/:RepositoryID/builds', {
    schema: {
      tags, summary: 'Builds of a repository, newest first, 25 per page',
      params: RepositoryIdParams, querystring: RepositoryBuildsQuery,
      response: { 200: RepositoryBuildList, ...errorResponses(400, 404, ...AUTH_ERRORS) },
    },
  }, async (request) => {
    const { userId } = request.principal;
    const repository = await ownRepository(app, userId, request.params.RepositoryID);
    const q = parseListQuery(request.query, 'bld', BUILDS_PAGE);
    const page = await store().listBuildIds(userId, repository.RepositoryID, { after: q.after, fromMs: q.fromMs, toMs: q.toMs, limit: BUILDS_PAGE });
    const builds = await Promise.all(page.items.map((id) => app.store.module(BuildStore).get(id)));
    const found = builds.filter((b): b is Build => b !== undefined);
    return {
      RepositoryID: repository.RepositoryID, Builds: found, Count: found.length,
      ...(page.next !== undefined && { ContinuationKey: formatListKey(page.next) }),
    };
  });
};
