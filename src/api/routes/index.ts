import type { FastifyPluginAsync } from 'fastify';
import { builds } from './builds.js';
import { cores } from './cores.js';
import { files } from './files.js';
import { health } from './health.js';
import { keys } from './keys.js';
import { openapi } from './openapi.js';
import { plots } from './plots.js';
import { repositories } from './repositories.js';
import { samples } from './samples.js';
import { tasks } from './tasks.js';
import { users } from './users.js';
import { values } from './values.js';

/** Every route group, registered in this order by buildApp. Add a group with one line. */
export const routeGroups: FastifyPluginAsync[] = [
  health,
  openapi,
  files,
  users,
  keys,
  cores,
  samples,
  plots,
  builds,
  tasks,
  repositories,
  values,
];
