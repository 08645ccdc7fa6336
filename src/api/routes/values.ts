import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ttrFromSamples } from '../../dist/ttrFromSamples.js';
import { VALUE_ID } from '../../engine/trace/referenceEncoder.js';
import { parsePlotOptions } from '../../plot/parsePlotOptions.js';
import type { Task } from '../../store/tasks.js';
import { type TaskValue, taskValuesRef, ValueStore } from '../../store/values.js';
import { readValueSamples } from '../../trace/readValueSamples.js';
import { ValueTokenError } from '../../trace/ValueStoreError.js';
import { signValueToken, verifyValueToken } from '../../trace/valueToken.js';
import { apiError } from '../errors.js';
import { plotBlob } from '../plotBlob.js';
import { samplesJson } from '../samplesJson.js';
import { ownBuild } from './ownBuild.js';
import { visibleTask } from './visibleTask.js';
import { AUTH_ERRORS, errorResponses } from '../schemas/common.js';
import { PlotQuery, PlotResponse } from '../schemas/plots.js';
import {
  BuildVariables, TaskIdParams, TaskValueList, TaskValueSchema, ValueParams, ValueSamplesQuery, ValueSamplesResponse,
} from '../schemas/values.js';

/** Most samples per call (spec section 8). */
const MAX_VALUE_SAMPLES = 10_000;
/** Deltas of the TTR a value's density is drawn from: order 8, as a 256-precision core. */
const PLOT_TTR_ORDER = 8;

async function visibleValue(app: FastifyInstance, request: FastifyRequest, taskId: string, valueId: string) {
  const task = await visibleTask(app, request, taskId);
  const value = VALUE_ID.test(valueId) ? app.store.module(ValueStore).get(task.TaskID, valueId) : undefined;
  if (value === undefined) throw apiError('UXK_ERR_NOT_FOUND', `value ${valueId} of task ${taskId}`);
  return { task, value };
}

/** Values group: a Reference-core task's values, their samples and plots; a build's variables. */
export const values: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(TaskValueSchema);
  const tags = ['Tasks'];
  const valuesFile = (task: Task) => app.store.blobs.path(taskValuesRef(task.TaskID));

  app.get('/tasks/:TaskID/values', {
    config: { optionalAuth: true },
    schema: {
      tags, summary: 'Values of a Reference-core task: printed numbers and traced expressions, with sample count and mean',
      params: TaskIdParams,
      response: { 200: TaskValueList, ...errorResponses(400, 404, ...AUTH_ERRORS) },
    },
  }, async (request) => {
    const { TaskID } = request.params;
    const task = await visibleTask(app, request, TaskID);
    const list: TaskValue[] = app.store.module(ValueStore).list(task.TaskID);
    return { TaskID: task.TaskID, Count: list.length, Values: list };
  });

  app.get('/tasks/:TaskID/values/:ValueID/samples', {
    config: { optionalAuth: true },
    schema: {
      tags: ['Samples'], summary: 'The recorded samples of a value, in order, at most 10000 per call, continued by a token',
      params: ValueParams, querystring: ValueSamplesQuery,
      response: { 200: ValueSamplesResponse, ...errorResponses(400, 404, ...AUTH_ERRORS) },
    },
  }, async (request, reply) => {
    const { TaskID, ValueID } = request.params;
    const { count: countText, continuationToken } = request.query;
    const count = countText === undefined ? MAX_VALUE_SAMPLES : /^\d{1,12}$/.test(countText) ? Number(countText) : Number.NaN;
    if (!(count >= 1)) throw apiError('UXK_ERR_INVALID_PARAMETER', 'count', `expected a positive integer, got '${countText}'`);
    const { task, value } = await visibleValue(app, request, TaskID, ValueID);
    const key = app.store.secrets.tokenKey;
    let offset = 0;
    if (continuationToken !== undefined) {
      try {
        offset = verifyValueToken(key, continuationToken, task.TaskID, value.ValueID);
      } catch (error) {
        if (error instanceof ValueTokenError) throw apiError('UXK_ERR_INVALID_PARAMETER', 'continuationToken', error.message);
        throw error;
      }
    }
    const slice = await readValueSamples(valuesFile(task), value.slot, offset, Math.min(count, MAX_VALUE_SAMPLES));
    const next = offset + slice.samples.length;
    const token = next < slice.total ? signValueToken(key, { taskId: task.TaskID, valueId: value.ValueID, offset: next }) : undefined;
    // Pre-serialised text (fastify sends strings as they are): non-finite samples stay readable.
    return reply.type('application/json; charset=utf-8').send(samplesJson(slice.samples, token) as never);
  });

  app.post('/tasks/:TaskID/values/:ValueID/plot', {
    config: { optionalAuth: true },
    schema: {
      tags: ['Plots'], summary: 'Plot the density of a value\'s recorded samples (a TTR of them); same options as POST /plot',
      params: ValueParams, querystring: PlotQuery,
      response: { 200: PlotResponse, ...errorResponses(400, 404, ...AUTH_ERRORS) },
    },
  }, async (request) => {
    const { TaskID, ValueID } = request.params;
    const options = parsePlotOptions(request.query);
    const { task, value } = await visibleValue(app, request, TaskID, ValueID);
    if (value.SampleCount === 0) throw apiError('UXK_ERR_BAD_REQUEST', `value ${ValueID} has no recorded samples to plot`);
    const { samples } = await readValueSamples(valuesFile(task), value.slot, 0, value.SampleCount);
    const order = Math.min(PLOT_TTR_ORDER, Math.floor(Math.log2(samples.length)));
    const dist = ttrFromSamples(samples, order);
    const plot = await plotBlob(app.store.blobs, dist, options, () => dist);
    return { plotID: plot.plotID, presignedURL: app.presign(plot.ref, { contentType: plot.contentType }, request) };
  });

  app.get('/builds/:BuildID/variables', {
    schema: {
      tags: ['Builds'], summary: 'Variables of the program from its debug information (builds made with DiscoverVariables=true)',
      params: { type: 'object', properties: { BuildID: { type: 'string' } }, required: ['BuildID'] },
      response: { 200: BuildVariables, ...errorResponses(400, 404, ...AUTH_ERRORS) },
    },
  }, async (request) => {
    const { BuildID } = request.params as { BuildID: string };
    const build = await ownBuild(app, request.principal.userId, BuildID);
    const found = app.store.module(ValueStore).variables(BuildID);
    if (found === 'not-requested') {
      throw apiError('UXK_ERR_NOT_FOUND', `variables of build ${BuildID} (it was not made with DiscoverVariables=true)`);
    }
    if (found === 'pending') {
      const why = build.Status === 'Completed' ? 'were not recorded' : `are not known yet (Status ${build.Status})`;
      throw apiError('UXK_ERR_NOT_FOUND', `variables of build ${BuildID}: they ${why}`);
    }
    return { BuildID, Count: found.length, Variables: found };
  });
};
