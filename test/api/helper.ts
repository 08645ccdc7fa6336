import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type App, buildApp } from '../../src/api/app.js';
import { createFirstAccount, ensureUser } from '../../src/api/bootstrap.js';
import type { ServerConfig } from '../../src/config/ServerConfig.js';
import type { Tier } from '../../src/store/tiers.js';

/** One HTTP exchange over node:http; any method may carry a body. */
export function rawRequest(url: string, method: string, headers: Record<string, string>, body?: string | Buffer): Promise<{ status: number; headers: Headers; text: string; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const sent = body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) };
    // No keep-alive: a socket pooled before restart() would hang up.
    const req = httpRequest(url, { method, headers: sent, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const out = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          if (value !== undefined) out.set(name, Array.isArray(value) ? value.join(', ') : value);
        }
        const bytes = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: out, text: bytes.toString('utf8'), bytes });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

export interface StartOptions {
  /** Settings on top of the defaults (dataDir, host and logLevel are set by the helper). */
  config?: Partial<ServerConfig>;
  /** Tier of the first account (default Enterprise: no request quota). */
  tier?: Tier;
  /** Reuse this data folder (it is then not deleted on close). */
  dataDir?: string;
}

export interface JsonResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface TestServer {
  /** http://127.0.0.1:<port>; stays the same across restart(). */
  readonly baseUrl: string;
  /** A live key of the first account. */
  readonly apiKey: string;
  readonly userId: string;
  readonly dataDir: string;
  /** The running fastify instance (changes on restart()). */
  readonly app: App;
  /**
   * An HTTP request to the server with the first account's key (`key: null` sends none) and `json`
   * sent as a JSON body; the response body is parsed when it is JSON.
   */
  request<T = any>(method: string, path: string, init?: { json?: unknown; key?: string | null; headers?: Record<string, string>; body?: string }): Promise<JsonResponse<T>>;
  /** A new account with its own key. */
  addUser(name: string, tier: Tier): Promise<{ userId: string; apiKey: string }>;
  /** Closes the server and starts a new one on the same data folder and port. */
  restart(): Promise<void>;
  /** Closes the server and deletes the temporary data folder. */
  close(): Promise<void>;
}

/** Starts a real server on a free loopback port with a temporary data folder. */
export async function startServer(options: StartOptions = {}): Promise<TestServer> {
  const ownsDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'uxkit-api-'));
  const config = (): Partial<ServerConfig> => ({ logLevel: 'silent', ...options.config, dataDir, host: '127.0.0.1' });
  let app = await buildApp({ config: config() });
  const first = await createFirstAccount(app.store, 'test', options.tier ?? 'Enterprise');
  if (first === undefined) throw new Error('startServer: data folder already has accounts; pass a fresh one');
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as { port: number }).port;
  const baseUrl = `http://127.0.0.1:${port}`;

  const server: TestServer = {
    baseUrl,
    apiKey: first.key,
    userId: first.user.userId,
    dataDir,
    get app() {
      return app;
    },
    async request(method, path, init = {}) {
      const headers: Record<string, string> = { ...init.headers };
      const key = init.key === undefined ? first.key : init.key;
      if (key !== null) headers.authorization = key;
      let body = init.body;
      if (init.json !== undefined) {
        body = JSON.stringify(init.json);
        headers['content-type'] ??= 'application/json';
      }
      // node:http rather than fetch: fetch refuses a body on GET, which the SDK sends.
      const response = await rawRequest(`${baseUrl}${path}`, method, headers, body);
      const text = response.text;
      const isJson = response.headers.get('content-type')?.includes('json') === true && text !== '';
      return { status: response.status, headers: response.headers, body: isJson ? JSON.parse(text) : text };
    },
    async addUser(name, tier) {
      const user = await ensureUser(app.store, name, tier);
      const { key } = await app.store.keys.create(user.userId);
      return { userId: user.userId, apiKey: key };
    },
    async restart() {
      await app.close();
      app = await buildApp({ config: config() });
      await app.listen({ host: '127.0.0.1', port });
    },
    async close() {
      await app.close();
      if (ownsDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}
