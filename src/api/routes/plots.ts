import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { parsePlotOptions } from '../../plot/parsePlotOptions.js';
import { plotBlob } from '../plotBlob.js';
import { AUTH_ERRORS, errorResponses } from '../schemas/common.js';
import { PlotQuery, PlotResponse } from '../schemas/plots.js';
import { UxBody } from '../schemas/samples.js';
import { distributionOfUx, uxOfBody } from './samples.js';

/** POST /plot: a density image of a Ux value, stored by plotID, returned as a presigned URL. */
export const plots: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/plot', {
    config: { bodyRequired: true },
    schema: {
      tags: ['Plots'],
      summary: 'Plot the probability density of a Ux value',
      body: UxBody,
      querystring: PlotQuery,
      response: { 200: PlotResponse, ...errorResponses(400, ...AUTH_ERRORS) },
    },
  }, async (request) => {
    const { text, field } = uxOfBody(request.body, 'payload');
    const options = parsePlotOptions(request.query);
    // Check the value even when the plot is cached, so a bad value never gets a plotID.
    const dist = distributionOfUx(text, field);
    const plot = await plotBlob(app.store.blobs, text, options, () => dist);
    return { plotID: plot.plotID, presignedURL: app.presign(plot.ref, { contentType: plot.contentType }, request) };
  });
};
