import { parseArgs } from 'node:util';
import { buildApp } from '../api/app.js';
import { createFirstAccount } from '../api/bootstrap.js';
import { closeOnSignals, type Listening, listen } from '../api/server.js';
import { loadConfig } from '../config/loadConfig.js';
import { type CliCommand, CliUsageError } from './io.js';

export const usage =
  'usage: uxkit serve [--host H] [--port P] [--data DIR] [--config FILE] [--public-url URL] [--log-level L] [--workers N]';

/**
 * `uxkit serve [--host H] [--port P] [--data DIR] [--config FILE] [--public-url URL] [--log-level L] [--workers N]`:
 * runs the API server until SIGINT/SIGTERM. stdout gets the base URL alone on a line and, on
 * first start, the new API key alone on the next line; logs and explanations go to stderr.
 */
export const run: CliCommand = async (args, io) => {
  const { values } = parseArgs({
    args,
    options: {
      'host': { type: 'string' },
      'port': { type: 'string' },
      'data': { type: 'string' },
      'config': { type: 'string' },
      'public-url': { type: 'string' },
      'log-level': { type: 'string' },
      'workers': { type: 'string' },
    },
    strict: true,
  });
  const config = loadConfig({
    host: values.host, port: values.port, data: values.data, config: values.config,
    publicUrl: values['public-url'], logLevel: values['log-level'], workers: values.workers,
  });
  const app = await buildApp({
    config,
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel, stream: process.stderr },
  });
  let listening: Listening;
  try {
    listening = await listen(app, config.host, config.port);
  } catch (error) {
    await app.close();
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'EADDRINUSE' ? 'the address is already in use (choose another --port)' : (error as Error).message;
    throw new CliUsageError('listen-failed', `cannot listen on ${config.host}:${config.port}: ${why}`);
  }
  // The first account is made only once listening worked, so its key is never created unseen.
  const first = await createFirstAccount(app.store);
  // Handlers go in before anything is printed: a supervisor may signal as soon as it reads the URL.
  const stopped = closeOnSignals(app);
  const base = config.publicBaseUrl ?? listening.url;
  io.stderr(`uxkit: serving the compute engine API at ${base} (data in ${config.dataDir})\n`);
  io.stdout(`${base}\n`);
  if (first !== undefined) {
    io.stderr(`uxkit: created account '${first.user.name}' (${first.user.userId}, ${first.user.tier}); its API key, shown once:\n`);
    io.stdout(`${first.key}\n`);
  }
  await stopped;
  io.stderr('uxkit: stopped\n');
  return 0;
};
