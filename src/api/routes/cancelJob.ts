import type { FastifyInstance } from 'fastify';
import { JobStore } from '../../store/jobs.js';
import { isTerminal, type Status } from '../../store/jobStatus.js';
import { apiError } from '../errors.js';

/**
 * Cancels the job of a build or task that has not ended. A queued job ends Cancelled at once;
 * a running one is aborted by its worker, and the answer says so.
 */
export async function cancelJob(app: FastifyInstance, kind: 'build' | 'task', id: string, status: Status): Promise<{ message: string }> {
  const result = isTerminal(status) ? 'finished' : await app.store.module(JobStore).cancel(id, 'cancelled by the user');
  if (result === 'finished' || result === 'missing') {
    throw apiError('UXK_ERR_BAD_REQUEST', `${kind} ${id} has already ended: nothing to cancel`);
  }
  app.workers?.notify();
  return { message: result === 'cancelled' ? `${kind} ${id} cancelled` : `cancelling ${kind} ${id}; it ends Cancelled shortly` };
}
