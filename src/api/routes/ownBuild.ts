import type { FastifyInstance } from 'fastify';
import { type Build, BuildStore } from '../../store/builds.js';
import { apiError } from '../errors.js';
import { checkId } from './checkId.js';

/** A build of `owner`; another account's build is 404, as if it did not exist. */
export async function ownBuild(app: FastifyInstance, owner: string, buildId: string): Promise<Build> {
  checkId('bld', 'BuildID', buildId);
  const build = await app.store.module(BuildStore).get(buildId);
  if (build === undefined || build.Owner !== owner) throw apiError('UXK_ERR_NOT_FOUND', `build ${buildId}`);
  return build;
}
