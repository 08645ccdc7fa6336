import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CORES } from '../../src/store/defaultCores.js';
import { startServer, type TestServer } from './helper.js';
import { type SdkResponse, SdkClient } from './sdk-client.js';

// Compatibility with clients written for the original platform (reference.md section 6):
// every call below is replayed exactly as the official SDK puts it on the wire.

/** Two deltas at 21.25 and 21.75, mass 1/2 each (the public decoder's example). */
const UX = '21.5Ux040000000000000000403580000000000000000002403540000000000040000000000000004035C000000000004000000000000000';
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** The platform's documented pattern for values in program output. */
const UX_PATTERN = /([-+]?(?:\d+\.\d*|\.\d+)(?:[eE][-+]?\d+)?)(Ux[0-9a-fA-F]{40,})/;
const PROGRAM = [
  '#include <stdio.h>',
  '#include "uxhw.h"',
  'int main(void) {',
  '  double t = UxHwDoubleUniformDist(1.0, 3.0);',
  '  printf("temperature = %lf\\n", t);',
  '  return 0;',
  '}',
].join('\n');
const FOREVER = '#include <stdio.h>\nint main(void) { volatile double x = 1; for (;;) x = x * 1.0000001; return 0; }\n';

let server: TestServer;
let sdk: SdkClient;
const previousEndpoint = process.env.API_ENDPOINT;
beforeAll(async () => {
  server = await startServer({ config: { workers: 2, ensembleRuns: 256, taskWallTimeMs: 10_000 } });
  process.env.API_ENDPOINT = server.baseUrl;
  sdk = new SdkClient(server.apiKey);
});
afterAll(async () => {
  sdk.close();
  if (previousEndpoint === undefined) delete process.env.API_ENDPOINT;
  else process.env.API_ENDPOINT = previousEndpoint;
  await server.close();
});

/** The spec's Error object, with a message a user can act on. */
function expectError(res: SdkResponse, status: number, message?: RegExp): void {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(Object.keys(res.data).sort()).toEqual(['error', 'message']);
  expect(typeof res.data.error).toBe('string');
  expect(res.data.message.length).toBeGreaterThan(5);
  if (message !== undefined) expect(res.data.message).toMatch(message);
}

async function submitBuild(code: string): Promise<string> {
  const res = await sdk.send('POST', '/sourcecode/builds', { body: { kind: 'json', value: { Code: code, Language: 'C' } } });
  expect(res.status).toBe(202);
  return res.data.BuildID as string;
}

describe('authentication as the SDK sends it', () => {
  it('the base address comes from API_ENDPOINT and GET /health needs no key', async () => {
    expect(sdk.endpoint).toBe(server.baseUrl);
    const res = await sdk.send('GET', '/health', { auth: false });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ status: 'ok' });
  });

  it('the raw key as the Authorization header works, and so does Bearer <key>', async () => {
    const raw = await sdk.send('GET', '/users/me');
    expect(raw.status).toBe(200);
    expect(raw.data.UserID).toBe(server.userId);
    expect(raw.data.UserID).toMatch(/^usr_[0-9a-f]+$/);
    const bearer = await sdk.send('GET', '/users/me', { authorization: `Bearer ${server.apiKey}` });
    expect(bearer.status).toBe(200);
    expect(bearer.data.UserID).toBe(server.userId);
  });

  it('a bad key or no key is 401 with the Error object', async () => {
    expectError(await sdk.send('GET', '/users/me', { authorization: 'uxk_0000000000000000000000000000000000000000' }), 401, /invalid/);
    expectError(await sdk.send('GET', '/cores?default', { authorization: 'Bearer nonsense' }), 401);
    expectError(await sdk.send('GET', '/users/me', { auth: false }), 401, /Authorization/);
  });
});

describe('empty bodies are "no body", never malformed JSON', () => {
  it('POST /builds/{id}/tasks with {} and with an empty form body both start a task', async () => {
    const buildId = await submitBuild(PROGRAM);
    const json = await sdk.createTask(buildId, 'json');
    expect(json.status).toBe(202);
    expect(json.data.TaskID).toMatch(/^tsk_[0-9a-f]{32}$/);
    const form = await sdk.createTask(buildId, 'empty-form');
    expect(form.status).toBe(202);
    expect(form.data.TaskID).toMatch(/^tsk_[0-9a-f]{32}$/);
    const task = await sdk.waitFor(`/tasks/${form.data.TaskID}`);
    expect(task.Status).toBe('Completed');
    expect(task.Arguments).toBe('');
  });

  it('POST /builds/{id}/cancel and POST /tasks/{id}/cancel with an empty form body cancel', async () => {
    const buildId = await submitBuild(FOREVER);
    const cancelledBuild = await sdk.cancel('builds', buildId);
    expect(cancelledBuild.status).toBe(200);
    expect(cancelledBuild.data.message).toMatch(/cancel/);
    expect((await sdk.waitFor(`/builds/${buildId}`)).Status).toBe('Cancelled');

    const runnable = await submitBuild(FOREVER);
    expect((await sdk.waitFor(`/builds/${runnable}`)).Status).toBe('Completed');
    const created = await sdk.createTask(runnable, 'empty-form');
    expect(created.status).toBe(202);
    const cancelledTask = await sdk.cancel('tasks', created.data.TaskID);
    expect(cancelledTask.status).toBe(200);
    expect((await sdk.waitFor(`/tasks/${created.data.TaskID}`)).Status).toBe('Cancelled');
    // A second cancel is a clear 400, still not a body problem.
    expectError(await sdk.cancel('tasks', created.data.TaskID), 400, /already ended/);
  });

  it('a plot request with Content-Type application/json and an empty body is never "malformed JSON"', async () => {
    const unknownTask = await sdk.send('POST', `/tasks/tsk_${'0'.repeat(32)}/values/val_${'0'.repeat(32)}/plot`, { body: { kind: 'empty-json' } });
    expectError(unknownTask, 404, /task/);
    // POST /plot needs its value: the empty body is named as such.
    expectError(await sdk.send('POST', '/plot', { body: { kind: 'empty-json' } }), 400, /^empty request body$/);
  });

  it('a Reference-core value is plotted by POST /tasks/{id}/values/{ValueID}/plot with an empty JSON body', async () => {
    const reference = DEFAULT_CORES.find((c) => c.Microarchitecture === 'Reference')!;
    const res = await sdk.send('POST', '/sourcecode/builds', {
      body: { kind: 'json', value: { Code: PROGRAM, Language: 'C', CoreID: reference.CoreID } },
    });
    expect(res.status).toBe(202);
    expect((await sdk.waitFor(`/builds/${res.data.BuildID}`)).Status).toBe('Completed');
    const created = await sdk.createTask(res.data.BuildID);
    const task = await sdk.waitFor(`/tasks/${created.data.TaskID}`);
    expect(task.Status).toBe('Completed');
    const stdout = await sdk.send('GET', `/tasks/${task.TaskID}/output/Stdout`);
    const valueId = /<ValueID>(val_[0-9a-f]{32})<\/ValueID>/.exec(stdout.data)?.[1];
    expect(valueId).toBeDefined();
    const plot = await sdk.send('POST', `/tasks/${task.TaskID}/values/${valueId}/plot`, { body: { kind: 'empty-json' } });
    expect(plot.status).toBe(200);
    const image = await sdk.download(plot.data.presignedURL);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.bytes.subarray(0, 8)).toEqual(PNG_MAGIC);
    const values = await sdk.send('GET', `/tasks/${task.TaskID}/values/${valueId}/samples?count=10`);
    expect(values.status).toBe(200);
    expect(values.data.Count).toBe(10);
    for (const v of values.data.Samples) {
      expect(v).toBeGreaterThanOrEqual(1);
      expect(v).toBeLessThanOrEqual(3);
    }
  });
});

describe('cores as the SDK reads and updates them', () => {
  it('cores.getOne: a default core answers 200 only with ?default, a custom core only without it', async () => {
    const builtIn = DEFAULT_CORES[0]!;
    const forDefault = await sdk.getCore(builtIn.CoreID);
    expectError(forDefault.answers[0], 404, new RegExp(builtIn.CoreID));
    expect(forDefault.answers[1].status).toBe(200);
    expect(forDefault.core).toEqual({ ...builtIn });

    const created = await sdk.send('POST', '/cores', {
      body: { kind: 'json', value: { Name: 'sdk-core', Class: 'C0', Microarchitecture: 'Athens', Precision: 64 } },
    });
    expect(created.status).toBe(201);
    const forCustom = await sdk.getCore(created.data.CoreID);
    expect(forCustom.answers[0].status).toBe(200);
    expectError(forCustom.answers[1], 404, new RegExp(created.data.CoreID));
    expect(forCustom.core).toEqual(created.data);
  });

  it('cores.update with all six fields, some changed, is a change; all six unchanged is "nothing to update"', async () => {
    const created = await sdk.send('POST', '/cores', {
      body: { kind: 'json', value: { Name: 'sdk-update', Class: 'C0', Microarchitecture: 'Athens', Precision: 32 } },
    });
    const core = created.data;
    const changed = await sdk.updateCore(core, { Precision: 128, Name: 'sdk-updated' });
    expect(changed.status).toBe(200);
    expect(typeof changed.data.message).toBe('string');
    const after = (await sdk.getCore(core.CoreID)).core;
    expect(after).toMatchObject({ Name: 'sdk-updated', Precision: 128, Class: 'C0', Microarchitecture: 'Athens' });
    expect(after.CorrelationTracking).toBe(core.CorrelationTracking);
    expect(after.MemorySize).toBe(core.MemorySize);
    expectError(await sdk.updateCore(after, {}), 400, /^nothing to update$/);
  });
});

describe('samples and plots of a Ux value', () => {
  it('GET /samples?count=N with a JSON body {payload} and a Content-Length answers N samples from the support', async () => {
    const res = await sdk.samples(UX, 500);
    expect(res.status).toBe(200);
    expect(res.data.Count).toBe(500);
    expect(res.data.Samples).toHaveLength(500);
    for (const s of res.data.Samples) {
      expect(s).toBeGreaterThanOrEqual(21);
      expect(s).toBeLessThanOrEqual(22);
    }
  });

  it('GET /samples with {UxValue} (the spec\'s field) and POST /samples with {payload} work too', async () => {
    const spec = await sdk.send('GET', '/samples?count=7', { body: { kind: 'json', value: { UxValue: UX } } });
    expect(spec.status).toBe(200);
    expect(spec.data.Samples).toHaveLength(7);
    const post = await sdk.send('POST', '/samples?count=9', { body: { kind: 'json', value: { payload: UX } } });
    expect(post.status).toBe(200);
    expect(post.data.Count).toBe(9);
  });

  it('a Ux string in the spec\'s bare form (Ux followed by hex, no number) is accepted by samples and plot', async () => {
    const bare = UX.slice(UX.indexOf('Ux'));
    const res = await sdk.samples(bare, 20);
    expect(res.status).toBe(200);
    expect(res.data.Samples).toHaveLength(20);
    const plot = await sdk.plot(bare);
    expect(plot.status).toBe(200);
    expect((await sdk.download(plot.data.presignedURL)).bytes.subarray(0, 8)).toEqual(PNG_MAGIC);
  });

  it('JSON labelled as older axios labels it (application/json;charset=utf-8) is read as JSON', async () => {
    const res = await sdk.send('GET', '/samples?count=4', {
      body: { kind: 'raw', type: 'application/json;charset=utf-8', text: JSON.stringify({ payload: UX }) },
    });
    expect(res.status).toBe(200);
    expect(res.data.Count).toBe(4);
  });

  it('POST /plot with {payload} gives a presigned PNG fetched without Authorization', async () => {
    const plot = await sdk.plot(UX);
    expect(plot.status).toBe(200);
    expect(plot.data.plotID).toMatch(/^[0-9a-f]+$/);
    const image = await sdk.download(plot.data.presignedURL);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.bytes.subarray(0, 8)).toEqual(PNG_MAGIC);
    expect(Number(image.headers['content-length'])).toBe(image.bytes.length);
  });
});

describe('errors always answer the JSON Error object', () => {
  it('an unknown route is 404 and a wrong method 405, both naming what was asked', async () => {
    expectError(await sdk.send('GET', '/no/such/thing'), 404, /GET \/no\/such\/thing/);
    const wrong = await sdk.send('DELETE', '/health');
    expectError(wrong, 405, /DELETE/);
    expect(wrong.headers.allow).toMatch(/GET/);
    expectError(await sdk.send('PUT', '/samples', { body: { kind: 'json', value: { payload: UX } } }), 405);
  });

  it('a body on a GET route that takes none is ignored, and a malformed one is a JSON 400', async () => {
    const ignored = await sdk.send('GET', '/users/me', { body: { kind: 'json', value: { payload: UX } } });
    expect(ignored.status).toBe(200);
    expect(ignored.data.UserID).toBe(server.userId);
    const health = await sdk.send('GET', '/health', { auth: false, body: { kind: 'json', value: {} } });
    expect(health.status).toBe(200);
    const malformed = await sdk.send('GET', '/users/me', { body: { kind: 'raw', type: 'application/json', text: '{"payload": ' } });
    expectError(malformed, 400, /malformed JSON/);
    const text = await sdk.send('GET', '/users/me', { body: { kind: 'raw', type: 'text/plain', text: 'hello' } });
    expectError(text, 415, /text\/plain/);
  });

  it('bad input answers messages that name the problem', async () => {
    expectError(await sdk.samples('not a value', 3), 400, /payload/);
    expectError(await sdk.send('GET', '/samples?count=0', { body: { kind: 'json', value: { payload: UX } } }), 400, /count/);
    expectError(await sdk.send('GET', `/builds/bld_${'0'.repeat(32)}`), 404, /build/);
    expectError(await sdk.send('GET', '/tasks/nonsense'), 400, /TaskID/);
  });
});

describe('keep-alive connections, as axios keeps them', () => {
  it('errors answered before a body is read leave the connection usable for the next request', async () => {
    const client = new SdkClient(server.apiKey);
    client.agent.maxSockets = 1;
    let connections = 0;
    const count = (): void => {
      connections++;
    };
    server.app.server.on('connection', count);
    try {
      const body = { kind: 'json', value: { payload: UX } } as const;
      expectError(await client.send('GET', '/samples?count=3', { body, authorization: 'wrong' }), 401);
      expectError(await client.send('POST', '/no/such/route', { body }), 404);
      expectError(await client.send('PUT', '/samples?count=3', { body }), 405);
      expectError(await client.send('GET', '/samples?count=x', { body }), 400, /count/);
      const ok = await client.samples(UX, 5);
      expect(ok.status).toBe(200);
      expect(ok.data.Count).toBe(5);
      expect(connections).toBe(1);
    } finally {
      server.app.server.off('connection', count);
      client.close();
    }
  });
});

describe('a whole SDK-style session', () => {
  it('build, poll, run, poll, read outputs, extract the value with the documented regex, sample it and plot it', async () => {
    const buildId = await submitBuild(PROGRAM);
    expect(buildId).toMatch(/^bld_[0-9a-f]{32}$/);
    const build = await sdk.waitFor(`/builds/${buildId}`);
    expect(build.Status).toBe('Completed');

    const buildOutputs = await sdk.send('GET', `/builds/${buildId}/outputs`);
    expect(buildOutputs.status).toBe(200);
    const log = await sdk.download(buildOutputs.data.Build);
    expect(log.status).toBe(200);
    expect(log.headers['content-type']).toBe('text/plain; charset=utf-8');

    const created = await sdk.createTask(buildId);
    expect(created.status).toBe(202);
    const task = await sdk.waitFor(`/tasks/${created.data.TaskID}`);
    expect(task.Status).toBe('Completed');
    expect(task.BuildID).toBe(buildId);

    const outputs = await sdk.send('GET', `/tasks/${task.TaskID}/outputs`);
    expect(outputs.status).toBe(200);
    const [stdoutFile, stderrFile] = await Promise.all([sdk.download(outputs.data.Stdout), sdk.download(outputs.data.Stderr)]);
    expect(stdoutFile.status).toBe(200);
    expect(stdoutFile.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(stderrFile.status).toBe(200);
    const stdout = await sdk.send('GET', `/tasks/${task.TaskID}/output/Stdout`);
    expect(stdout.status).toBe(200);
    expect(stdout.data).toBe(stdoutFile.bytes.toString('utf8'));

    const match = UX_PATTERN.exec(stdout.data);
    expect(match).not.toBeNull();
    const [payload, particle] = [match![0], Number(match![1])];
    // U(1, 3) from 256 runs: the mean is 2 within a few standard errors (0.577 / 16).
    expect(Math.abs(particle - 2)).toBeLessThan(0.15);

    const drawn = await sdk.samples(payload, 1000);
    expect(drawn.status).toBe(200);
    let sum = 0;
    for (const s of drawn.data.Samples as number[]) {
      expect(s).toBeGreaterThanOrEqual(0.9);
      expect(s).toBeLessThanOrEqual(3.1);
      sum += s;
    }
    expect(Math.abs(sum / 1000 - 2)).toBeLessThan(0.15);

    const plot = await sdk.plot(payload);
    expect(plot.status).toBe(200);
    const image = await sdk.download(plot.data.presignedURL);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.bytes.subarray(0, 8)).toEqual(PNG_MAGIC);

    // Housekeeping calls of the clients: list, variables, delete.
    const list = await sdk.send('GET', '/builds');
    expect(list.status).toBe(200);
    expect(list.data.Builds.map((b: any) => b.BuildID)).toContain(buildId);
    expectError(await sdk.send('GET', `/builds/${buildId}/variables`), 404, /DiscoverVariables/);
    expect((await sdk.send('DELETE', `/tasks/${task.TaskID}`)).status).toBe(204);
    expect((await sdk.send('DELETE', `/builds/${buildId}`)).status).toBe(200);
    expectError(await sdk.send('GET', `/builds/${buildId}`), 404, new RegExp(buildId));
  });
});
