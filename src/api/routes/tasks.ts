import { createReadStream } from 'node:fs';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { taskStreamRef } from '../../engine/worker/workPaths.js';
import { formatListKey } from '../../store/listKey.js';
import { type Task, TaskStore } from '../../store/tasks.js';
import { apiError } from '../errors.js';
import { cancelJob } from './cancelJob.js';
import { AUTH_ERRORS, errorResponses, MessageSchema } from '../schemas/common.js';
import {
  TaskIdParams, TaskList, TaskListItemSchema, TaskListQuery, TaskOutputs, TaskSchema, TaskStreamParams,
} from '../schemas/tasks.js';
import { checkId } from './checkId.js';
import { parseListQuery } from './listQuery.js';
import { visibleTask } from './visibleTask.js';

/** Page size of GET /tasks?noexpand=true (spec section 8). */
const MAX_UNEXPANDED = 500;
const STREAMS = ['Stdout', 'Stderr'] as const;

/** The blob of a task's stream, or 404 naming why it is missing. */
function streamRef(app: FastifyInstance, task: Task, stream: 'Stdout' | 'Stderr'): string {
  const ref = taskStreamRef(task.TaskID, stream);
  if (!app.store.blobs.has(ref)) throw apiError('UXK_ERR_NOT_FOUND', `${stream} of task ${task.TaskID} (Status ${task.Status})`);
  return ref;
}

/** Tasks group: listing, status, outputs, cancel and delete of tasks. */
export const tasks: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(TaskSchema);
  app.addSchema(TaskListItemSchema);
  const tags = ['Tasks'];
  const textType = 'text/plain; charset=utf-8';

  app.get('/tasks', {
    schema: {
      tags, summary: 'List your tasks, newest first (noexpand=true: TaskListItem entries, up to 500 per page)',
      querystring: TaskListQuery,
      response: { 200: TaskList, ...errorResponses(400, ...AUTH_ERRORS) },
    },
  }, async (request) => {
    const { userId } = request.principal;
    const expand = request.query.noexpand !== 'true';
    const q = parseListQuery(request.query, 'tsk', expand ? app.config.pageSize : MAX_UNEXPANDED);
    const store = app.store.module(TaskStore);
    const query = { owner: userId, ...q };
    const page = expand ? await store.list(query) : await store.listItems(query);
    return {
      UserID: userId, Count: page.items.length,
      ...(page.next !== undefined && { ContinuationKey: formatListKey(page.next) }),
      Tasks: page.items,
    };
  });

  app.get('/tasks/:TaskID', {
    config: { optionalAuth: true },
    schema: {
      tags, summary: 'One task with its Status, StatusTransitions and Stats',
      params: TaskIdParams,
      response: { 200: TaskSchema, ...errorResponses(400, 404, ...AUTH_ERRORS) },
    },
  }, async (request) => visibleTask(app, request, request.params.TaskID));

  app.get('/tasks/:TaskID/outputs', {
    config: { optionalAuth: true },
    schema: {
      tags, summary: 'Presigned URLs of the task\'s stdout and stderr',
      params: TaskIdParams,
      response: { 200: TaskOutputs, ...errorResponses(400, 404, ...AUTH_ERRORS) },
    },
  }, async (request) => {
    const task = await visibleTask(app, request, request.params.TaskID);
    const [Stdout, Stderr] = STREAMS.map((s) => app.presign(streamRef(app, task, s), { contentType: textType }, request));
    return { Stdout: Stdout!, Stderr: Stderr! };
  });

  app.get('/tasks/:TaskID/output/:Stream', {
    config: { optionalAuth: true },
    schema: {
      tags, summary: 'The task\'s stdout or stderr as plain text',
      params: TaskStreamParams,
      response: errorResponses(400, 404, ...AUTH_ERRORS),
    },
  }, async (request, reply) => {
    const { TaskID, Stream } = request.params;
    const stream = STREAMS.find((s) => s === Stream);
    if (stream === undefined) throw apiError('UXK_ERR_INVALID_PARAMETER', 'Stream', `must be Stdout or Stderr, got '${Stream}'`);
    const task = await visibleTask(app, request, TaskID);
    return reply.type(textType).send(createReadStream(app.store.blobs.path(streamRef(app, task, stream))));
  });

  app.post('/tasks/:TaskID/cancel', {
    schema: {
      tags, summary: 'Cancel a task that has not ended',
      params: TaskIdParams,
      response: { 200: MessageSchema, ...errorResponses(400, 404, ...AUTH_ERRORS) },
    },
  }, async (request) => {
    const task = await visibleTask(app, request, request.params.TaskID);
    return cancelJob(app, 'task', task.TaskID, task.Status);
  });

  app.delete('/tasks/:TaskID', {
    schema: {
      tags, summary: 'Delete a task that has ended, with its outputs',
      params: TaskIdParams,
      response: { 204: Type.Null({ description: 'Deleted' }), ...errorResponses(400, 404, ...AUTH_ERRORS) },
    },
  }, async (request, reply) => {
    const { TaskID } = request.params;
    checkId('tsk', 'TaskID', TaskID);
    const result = await app.store.module(TaskStore).delete(request.principal.userId, TaskID);
    if (result === 'missing') throw apiError('UXK_ERR_NOT_FOUND', `task ${TaskID}`);
    if (result === 'active') throw apiError('UXK_ERR_BAD_REQUEST', `task ${TaskID} is still active: cancel it or wait until it ends`);
    return reply.code(204).send(null);
  });
};
