import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { defaultConfig, type ServerConfig } from '../config/ServerConfig.js';
import { Store } from '../store/Store.js';
import { unixNow } from '../store/ids.js';
import { apiError } from './errors.js';
import { LinkSigner, type PresignOptions } from './links.js';
import { auth } from './plugins/auth.js';
import { bodies } from './plugins/bodies.js';
import { errorHandling, sendError } from './plugins/errorHandling.js';
import { workers } from './plugins/workers.js';
import { routeGroups } from './routes/index.js';
import { ErrorSchema } from './schemas/common.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Persistence: the only way route handlers reach data. */
    store: Store;
    config: ServerConfig;
    /**
     * A presigned download URL for blob `ref` (see store/blobs.ts), served without auth
     * at GET /files/<ref> until it expires. Pass the request so that the link uses the
     * address the client reached when no public base URL is configured.
     */
    presign(ref: string, options: PresignOptions, request?: FastifyRequest): string;
  }
}

export interface AppOptions {
  /** Settings (defaults from defaultConfig()); `dataDir` locates the store unless `store` is given. */
  config?: Partial<ServerConfig>;
  /** An open store to use; the caller then closes it. Otherwise the app opens and closes one. */
  store?: Store;
  /** pino logger options, or false for none (default: pino at config.logLevel). */
  logger?: boolean | Record<string, unknown>;
}

export type App = FastifyInstance;

/** A configured API server (not listening): call `listen` or `inject`. */
export async function buildApp(options: AppOptions = {}): Promise<App> {
  const config: ServerConfig = { ...defaultConfig(), ...options.config };
  const logger = options.logger ?? (config.logLevel === 'silent' ? false : { level: config.logLevel });
  const app = Fastify({
    logger,
    bodyLimit: config.bodyLimit,
    // Requests that arrive while closing get our own 503 Error object (hook below).
    return503OnClosing: false,
    ajv: { customOptions: { allErrors: false, coerceTypes: true } },
    // Malformed URLs and the like, failing before routing, also answer the Error object.
    frameworkErrors: (error, _request, reply) => {
      void sendError(reply as FastifyReply, apiError('UXK_ERR_BAD_REQUEST', error.message));
    },
  }).withTypeProvider<TypeBoxTypeProvider>();
  // GET /samples carries a JSON body in the official SDK: let fastify parse bodies on GET.
  app.addHttpMethod('GET', { hasBody: true, overrideExisting: true });

  const store = options.store ?? new Store(config.dataDir);
  if (options.store === undefined) app.addHook('onClose', async () => store.close());
  const signer = new LinkSigner(store.secrets.linkKey);
  app.decorate('store', store);
  app.decorate('config', config);
  app.decorate('presign', (ref: string, presign: PresignOptions, request?: FastifyRequest): string => {
    if (!store.blobs.has(ref)) throw apiError('UXK_ERR_NOT_FOUND', `blob ${ref}`);
    const base = config.publicBaseUrl ?? (request ? `${request.protocol}://${request.host}` : listeningUrl());
    const expires = unixNow() + (presign.expiresIn ?? config.linkExpiresIn);
    return `${base}/files/${ref}?${signer.query(ref, presign.contentType, expires)}`;
  });
  app.decorate('links', signer);
  /** The bound address (the real port when listening on 0), for links made outside a request. */
  const listeningUrl = (): string => {
    const address = app.server.address();
    if (typeof address !== 'object' || address === null) return `http://${config.host}:${config.port}`;
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    return `http://${host}:${address.port}`;
  };

  // Graceful close: answers still in flight tell keep-alive clients to hang up, so close()
  // does not wait for their idle sockets to time out.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', (_request, _reply, done) => {
    done(closing ? apiError('UXK_ERR_UNAVAILABLE') : undefined);
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  app.addSchema(ErrorSchema);
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'uxkit compute engine API',
        version: '1.1.0',
        description: 'Self-hosted implementation of the compute engine API (spec version 1.1.0).',
      },
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'Authorization' },
          bearerAuth: { type: 'http', scheme: 'bearer' },
        },
      },
      security: [{ apiKey: [] }, { bearerAuth: [] }],
    },
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => String(json.$id ?? `def-${i}`) },
  });
  await app.register(errorHandling);
  await app.register(bodies);
  await app.register(auth);
  await app.register(workers);
  for (const group of routeGroups) await app.register(group);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Verifies presigned links (GET /files/*). */
    links: LinkSigner;
  }
}
