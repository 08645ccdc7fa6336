import { Agent, request as httpRequest } from 'node:http';

/**
 * A tiny client that talks to the server the way the official platform SDK does on the wire
 * (reference.md section 6): the raw key as `Authorization` (no Bearer), axios' default headers,
 * a 10-second timeout per request, the base address from `API_ENDPOINT`, and keep-alive
 * sockets (axios uses Node's global agent, which keeps connections alive since Node 19). It sends exactly
 * the bodies and content types the SDK was observed to send, so tests can replay its calls.
 */

/** axios' default Accept header. */
export const AXIOS_ACCEPT = 'application/json, text/plain, */*';
/** Per-request timeout of the SDK, in milliseconds. */
export const SDK_TIMEOUT_MS = 10_000;

export interface SdkResponse<T = any> {
  status: number;
  headers: Record<string, string>;
  /** Parsed JSON when the answer says it is JSON, else the text. */
  data: T;
  bytes: Buffer;
}

/** What goes in the request body, as the SDK would encode it. */
export type SdkBody =
  | { kind: 'json'; value: unknown }
  /** `Content-Type: application/x-www-form-urlencoded`, Content-Length 0 (cancel, bare task create). */
  | { kind: 'empty-form' }
  /** `Content-Type: application/json`, Content-Length 0 (value plot). */
  | { kind: 'empty-json' }
  /** Any bytes under any content type (to check how broken input is answered). */
  | { kind: 'raw'; type: string; text: string };

export interface SdkRequestInit {
  body?: SdkBody;
  /** false: no Authorization header at all (presigned downloads). */
  auth?: boolean;
  /** Replaces the Authorization value (a Bearer token, a bad key). */
  authorization?: string;
  /** Extra or replaced headers. */
  headers?: Record<string, string>;
}

function bodyOf(body: SdkBody | undefined): { type?: string; bytes?: Buffer } {
  if (body === undefined) return {};
  if (body.kind === 'json') return { type: 'application/json', bytes: Buffer.from(JSON.stringify(body.value)) };
  if (body.kind === 'raw') return { type: body.type, bytes: Buffer.from(body.text) };
  return { type: body.kind === 'empty-form' ? 'application/x-www-form-urlencoded' : 'application/json', bytes: Buffer.alloc(0) };
}

export class SdkClient {
  readonly apiKey: string;
  readonly endpoint: string;
  /** Reused sockets, as axios gets from Node's global agent. */
  readonly agent: Agent = new Agent({ keepAlive: true });

  /** `endpoint` defaults to the `API_ENDPOINT` environment variable, as in the SDK. */
  constructor(apiKey: string, endpoint: string | undefined = process.env.API_ENDPOINT) {
    if (endpoint === undefined || endpoint === '') throw new Error('SdkClient: API_ENDPOINT is not set');
    this.apiKey = apiKey;
    this.endpoint = endpoint.replace(/\/+$/, '');
  }

  /** One request to `pathOrUrl` (a path under the endpoint, or an absolute URL such as a presigned link). */
  send<T = any>(method: string, pathOrUrl: string, init: SdkRequestInit = {}): Promise<SdkResponse<T>> {
    const url = /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${this.endpoint}${pathOrUrl}`;
    const { type, bytes } = bodyOf(init.body);
    const headers: Record<string, string> = {
      'accept': AXIOS_ACCEPT,
      'user-agent': 'axios/1.7.7',
      'accept-encoding': 'gzip, compress, deflate, br',
    };
    if (init.auth !== false) headers.authorization = init.authorization ?? this.apiKey;
    if (type !== undefined) headers['content-type'] = type;
    if (bytes !== undefined) headers['content-length'] = String(bytes.length);
    Object.assign(headers, init.headers);
    return new Promise((resolve, reject) => {
      const req = httpRequest(url, { method, headers, agent: this.agent, signal: AbortSignal.timeout(SDK_TIMEOUT_MS) }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const all = Buffer.concat(chunks);
          const out: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers)) {
            if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
          }
          const text = all.toString('utf8');
          const isJson = (out['content-type'] ?? '').includes('json') && text !== '';
          resolve({ status: res.statusCode ?? 0, headers: out, data: isJson ? JSON.parse(text) : text, bytes: all });
        });
      });
      req.on('error', reject);
      req.end(bytes);
    });
  }

  /** Closes the pooled sockets. */
  close(): void {
    this.agent.destroy();
  }

  /** cores.getOne: both lookups in parallel, the first 200 wins (undefined when neither is 200). */
  async getCore(coreId: string): Promise<{ core: any; answers: [SdkResponse, SdkResponse] }> {
    const answers = await Promise.all([
      this.send('GET', `/cores/${coreId}`),
      this.send('GET', `/cores/${coreId}?default=true`),
    ]);
    return { core: answers.find((a) => a.status === 200)?.data, answers };
  }

  /** cores.update: all six fields, the changed ones merged over the current core. */
  updateCore(current: Record<string, unknown>, changes: Record<string, unknown>): Promise<SdkResponse> {
    const fields = ['Name', 'Class', 'Microarchitecture', 'CorrelationTracking', 'MemorySize', 'Precision'];
    const value: Record<string, unknown> = {};
    for (const f of fields) value[f] = f in changes ? changes[f] : current[f];
    return this.send('PATCH', `/cores/${String(current.CoreID)}`, { body: { kind: 'json', value } });
  }

  /** builds.createTask: JSON `{}` by default, or the bare form (no arguments) some calls send. */
  createTask(buildId: string, how: 'json' | 'empty-form' = 'json'): Promise<SdkResponse> {
    const body: SdkBody = how === 'json' ? { kind: 'json', value: {} } : { kind: 'empty-form' };
    return this.send('POST', `/builds/${buildId}/tasks`, { body });
  }

  cancel(kind: 'builds' | 'tasks', id: string): Promise<SdkResponse> {
    return this.send('POST', `/${kind}/${id}/cancel`, { body: { kind: 'empty-form' } });
  }

  /** samples: GET with a JSON body `{payload}` and a Content-Length. */
  samples(payload: string, count: number): Promise<SdkResponse> {
    return this.send('GET', `/samples?count=${count}`, { body: { kind: 'json', value: { payload } } });
  }

  plot(payload: string): Promise<SdkResponse> {
    return this.send('POST', '/plot', { body: { kind: 'json', value: { payload } } });
  }

  /** A presigned link, fetched with no Authorization header. */
  download(url: string): Promise<SdkResponse> {
    return this.send('GET', url, { auth: false });
  }

  /** Polls GET `path` every 100 ms until its Status is terminal. */
  async waitFor(path: string, timeoutMs = 45_000): Promise<any> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const res = await this.send('GET', path);
      if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${JSON.stringify(res.data)}`);
      if (['Completed', 'Cancelled', 'Stopped'].includes(res.data.Status)) return res.data;
      if (Date.now() > deadline) throw new Error(`GET ${path}: still ${res.data.Status} after ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
