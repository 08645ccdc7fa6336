import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ANONYMOUS_OWNER, type Task, TaskStore } from '../../store/tasks.js';
import { apiError } from '../errors.js';
import { missingKeyError } from '../plugins/auth.js';
import { checkId } from './checkId.js';

/**
 * A task the caller may see: their own, or one started without credentials from a public
 * build (readable by its TaskID). Anything else is 404, or 401 when no key was sent.
 */
export async function visibleTask(app: FastifyInstance, request: FastifyRequest, taskId: string): Promise<Task> {
  checkId('tsk', 'TaskID', taskId);
  const caller = request.principal?.userId;
  const task = await app.store.module(TaskStore).get(taskId);
  if (task !== undefined && (task.Owner === caller || task.Owner === ANONYMOUS_OWNER)) return task;
  if (caller === undefined) throw missingKeyError();
  throw apiError('UXK_ERR_NOT_FOUND', `task ${taskId}`);
}
