import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { WorkerPool } from '../../engine/worker/WorkerPool.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The in-process worker pool; undefined when the server runs with 0 workers. */
    workers: WorkerPool | undefined;
  }
}

/**
 * Runs builds and tasks in this process: the pool starts when the server is ready
 * (rescheduling jobs a previous process left running) and stops before the store closes.
 */
export const workers = fp(async (app: FastifyInstance) => {
  const c = app.config;
  const pool = c.workers > 0
    ? new WorkerPool(app.store, {
      concurrency: c.workers,
      sandbox: c.sandbox,
      taskLimits: { wallTimeMs: c.taskWallTimeMs },
      ...(c.ensembleRuns > 0 && { ensembleRuns: c.ensembleRuns }),
      logger: { warn: (message) => app.log.warn(message) },
    })
    : undefined;
  app.decorate('workers', pool);
  if (pool === undefined) return;
  pool.events.on('error', ({ error }) => app.log.error({ err: error }, 'worker pool error'));
  pool.events.on('fatal', ({ error, job }) => app.log.fatal({ err: error, job }, 'could not record the end of a job; no longer claiming'));
  pool.events.on('job:end', ({ job, status, message }) => app.log.info({ job: job.jobId, target: job.targetId, status }, message));
  pool.events.on('job:rescheduled', ({ job, reason }) => app.log.warn({ job: job.jobId, target: job.targetId }, reason));
  app.addHook('onReady', async () => pool.start());
  app.addHook('preClose', async () => pool.stop());
}, { name: 'uxkit-workers' });
