import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mean } from '../../src/dist/mean.js';
import { quantile } from '../../src/dist/quantile.js';
import { stddev } from '../../src/dist/stddev.js';
import { DEFAULT_BUILD_CORE, DEFAULT_CORES } from '../../src/store/defaultCores.js';
import { buildProgram, distributionsIn, fixture, poll, runBuild } from './buildsHelpers.js';
import { rawRequest, startServer, type TestServer } from './helper.js';

// Small ensembles and a short wall time keep the suite fast; the statistics below allow for R = 512.
const R = 512;
let server: TestServer;
beforeAll(async () => {
  server = await startServer({ config: { workers: 2, ensembleRuns: R, taskWallTimeMs: 3000, maxCodeBytes: 4096 } });
});
afterAll(async () => {
  await server.close();
});

function expectError(res: { status: number; body: any }, status: number, message?: RegExp): void {
  expect(res.status).toBe(status);
  expect(Object.keys(res.body).sort()).toEqual(['error', 'message']);
  if (message) expect(res.body.message).toMatch(message);
}

const bypass = DEFAULT_CORES.find((c) => c.Microarchitecture === 'Bypass')!;

describe('builds and tasks through the HTTP API', () => {
  it('a C program with U(0,1) + N(10,2) builds on the default core and its task prints that distribution', async () => {
    const build = await buildProgram(server, { Code: fixture('sum-uniform-gauss'), Language: 'C' });
    expect(build.Status).toBe('Completed');
    expect(build.StatusTransitions.map((t: any) => t.Status)).toEqual(['Accepted', 'Initialising', 'Building', 'Completed']);
    expect(build.BuildCoreSpecs.CoreID).toBe(DEFAULT_BUILD_CORE.CoreID);
    expect(build.Stats.BuildSizeInBytes).toBeGreaterThan(0);
    expect(build.Application).toEqual({ Type: 'SourceCode', SourceCode: { Code: fixture('sum-uniform-gauss'), Language: 'C' } });
    const { task, stdout } = await runBuild(server, build.BuildID);
    expect(task.Status).toBe('Completed');
    expect(task.StatusTransitions.map((t: any) => t.Status)).toEqual(['Accepted', 'Initialising', 'In Progress', 'Completed']);
    expect(task.ExitCode).toBe(0);
    expect(task.Stats.Runs).toBe(R);
    expect(task.StartedAt).toBeGreaterThanOrEqual(task.CreatedAt);
    expect(task.FinishedAt).toBeGreaterThanOrEqual(task.StartedAt);
    expect(stdout).toMatch(/^start\nsum = [\d.]+Ux[0-9A-F]+\nconstant = 42\n$/);
    const [sum] = distributionsIn(stdout);
    // x + y: mean 10.5, sd sqrt(1/12 + 4); standard error of the mean 2.02 / sqrt(512) ~ 0.09.
    expect(mean(sum!)).toBeCloseTo(10.5, 0);
    expect(Math.abs(mean(sum!) - 10.5)).toBeLessThan(0.4);
    expect(stddev(sum!)).toBeGreaterThan(2.0207 * 0.85);
    expect(stddev(sum!)).toBeLessThan(2.0207 * 1.15);
    expect(Math.abs(quantile(sum!, 0.5) - 10.5)).toBeLessThan(0.5);
    expect(Math.abs(quantile(sum!, 0.9) - (10.5 + 1.2816 * 2.0207))).toBeLessThan(0.6);
  });

  it('a Fortran program builds with gfortran and 2 * N(3, 0.5) has mean 6 and sd 1', async () => {
    const build = await buildProgram(server, { Code: fixture('fortran-write', 'main.f90'), Language: 'Fortran' });
    expect(build.Status).toBe('Completed');
    const { task, stdout } = await runBuild(server, build.BuildID);
    expect(task.Status).toBe('Completed');
    const [doubled] = distributionsIn(stdout);
    expect(Math.abs(mean(doubled!) - 6)).toBeLessThan(0.2);
    expect(Math.abs(stddev(doubled!) - 1)).toBeLessThan(0.15);
  });

  it('a compile error ends the build Stopped with the diagnostics in the build output', async () => {
    const build = await buildProgram(server, { Code: 'int main(void) { return undefined_name; }\n', Language: 'C' });
    expect(build.Status).toBe('Stopped');
    expect(build.StatusTransitions.at(-1).Message).toMatch(/compilation failed/);
    const outputs = await server.request('GET', `/builds/${build.BuildID}/outputs`);
    expect(outputs.status).toBe(200);
    const log = await rawRequest(outputs.body.Build, 'GET', {});
    expect(log.status).toBe(200);
    expect(log.text).toMatch(/undefined_name/);
    const task = await runBuild(server, build.BuildID);
    expect(task.task.Status).toBe('Stopped');
    expect(task.task.StatusTransitions.at(-1).Message).toMatch(/no program to run/);
  });

  it('a program that crashes still completes, with its signal and stderr kept', async () => {
    const build = await buildProgram(server, { Code: fixture('crash'), Language: 'C' });
    const { task, stderr } = await runBuild(server, build.BuildID);
    expect(task.Status).toBe('Completed');
    expect(task.ExitCode).toBeNull();
    expect(task.Signal).toBe(11);
    expect(task.StatusTransitions.at(-1).Message).toMatch(/signal 11 \(SIGSEGV\)/);
    expect(stderr).toMatch(/about to crash/);
  });

  it('Arguments are split like a shell would, never run by one; a task body overrides them; exit status is kept', async () => {
    const build = await buildProgram(server, {
      Code: fixture('no-uxhw'), Language: 'C', CoreID: bypass.CoreID, Arguments: `'two words' "\\$HOME"`,
    });
    const first = await runBuild(server, build.BuildID);
    expect(first.task.Status).toBe('Completed');
    expect(first.task.ExitCode).toBe(4);
    expect(first.task.Arguments).toBe(`'two words' "\\$HOME"`);
    expect(first.stdout).toBe('args 2: two words|$HOME\n');
    expect(first.stderr).toBe('plain stderr\n');
    const second = await runBuild(server, build.BuildID, { json: { Arguments: 'a\\ b c' } });
    expect(second.stdout).toBe('args 2: a b|c\n');
    expectError(await server.request('POST', `/builds/${build.BuildID}/tasks`, { json: { Arguments: 'x; rm -rf /' } }), 400, /shell operator ;/);
  });

  it('a task that hits the wall-time limit ends Stopped with a message naming the limit', async () => {
    const build = await buildProgram(server, { Code: fixture('forever'), Language: 'C' });
    const { task } = await runBuild(server, build.BuildID);
    expect(task.Status).toBe('Stopped');
    expect(task.StatusTransitions.at(-1).Message).toMatch(/wall-time limit/);
  });

  it('cancelling a running task ends it Cancelled; cancelling it again is 400; an active task cannot be deleted', async () => {
    const build = await buildProgram(server, { Code: fixture('forever'), Language: 'C' });
    const created = await server.request('POST', `/builds/${build.BuildID}/tasks`);
    const id = created.body.TaskID;
    await poll(server, `/tasks/${id}`, { until: (b) => b.Status === 'In Progress' });
    expectError(await server.request('DELETE', `/tasks/${id}`), 400, /still active/);
    const cancel = await server.request('POST', `/tasks/${id}/cancel`);
    expect(cancel.status).toBe(200);
    const task = await poll(server, `/tasks/${id}`);
    expect(task.Status).toBe('Cancelled');
    expectError(await server.request('POST', `/tasks/${id}/cancel`), 400, /already ended/);
    const del = await server.request('DELETE', `/tasks/${id}`);
    expect(del.status).toBe(204);
    expectError(await server.request('GET', `/tasks/${id}`), 404);
  });

  it('a public build can be run without credentials; another account gets 404 for a private build', async () => {
    const code = fixture('no-uxhw');
    const pub = await buildProgram(server, { Code: code, Language: 'C', CoreID: bypass.CoreID, IsPublic: true });
    const priv = await buildProgram(server, { Code: code, Language: 'C', CoreID: bypass.CoreID, IsPublic: 'true' });
    expect(pub.IsPublic).toBe(true);
    expect(priv.IsPublic).toBe(false);
    const anonymous = await runBuild(server, pub.BuildID, { key: null });
    expect(anonymous.task.Status).toBe('Completed');
    expect(anonymous.stdout).toBe('args 0: |\n');
    const other = await server.addUser('other', 'Developer+API');
    expectError(await server.request('POST', `/builds/${priv.BuildID}/tasks`, { key: other.apiKey }), 404);
    expectError(await server.request('GET', `/builds/${priv.BuildID}`, { key: other.apiKey }), 404);
    expectError(await server.request('POST', `/builds/${priv.BuildID}/tasks`, { key: null }), 401);
    const byOther = await runBuild(server, pub.BuildID, { key: other.apiKey });
    expect(byOther.task.Owner).toBe(other.userId);
    expectError(await server.request('GET', `/tasks/${byOther.task.TaskID}`), 404);
  });

  it('a build can be cancelled while queued or running, and deleted with its files once ended', async () => {
    const res = await server.request('POST', '/sourcecode/builds', { json: { Code: fixture('constructors'), Language: 'C' } });
    const id = res.body.BuildID;
    const cancel = await server.request('POST', `/builds/${id}/cancel`);
    expect(cancel.status).toBe(200);
    const build = await poll(server, `/builds/${id}`);
    expect(build.Status).toBe('Cancelled');
    const del = await server.request('DELETE', `/builds/${id}`);
    expect(del.status).toBe(200);
    expectError(await server.request('GET', `/builds/${id}`), 404);
    expectError(await server.request('DELETE', `/builds/${id}`), 404);
  });
});

describe('bad input on the builds endpoints', () => {
  it('answers 400 with the Error object for missing Code, unknown Language, oversized source and bad TraceVariables', async () => {
    expectError(await server.request('POST', '/sourcecode/builds', { json: { Language: 'C' } }), 400, /missing field 'Code'/);
    expectError(await server.request('POST', '/sourcecode/builds', { json: { Code: 'x', Language: 'Rust' } }), 400, /Language.*C, C\+\+, Fortran/);
    expectError(await server.request('POST', '/sourcecode/builds', { json: { Code: 'x'.repeat(5000), Language: 'C' } }), 400, /5000 bytes/);
    expectError(await server.request('POST', '/sourcecode/builds', { json: { Code: 'x', Language: 'C', TraceVariables: [{ File: 'main.c' }] } }), 400, /LineNumber/);
    expectError(await server.request('POST', '/sourcecode/builds', { json: { Code: 'x', Language: 'C', TraceVariables: [{ File: 'a.c', LineNumber: 0, Expression: 'x' }] } }), 400, /LineNumber/);
    expectError(await server.request('POST', '/sourcecode/builds'), 400, /empty request body/);
  });

  it('an unknown core is 404, by CoreID or by its alias Core; microSD cores refuse DataSources with 403', async () => {
    const unknown = `cor_${'1'.repeat(32)}`;
    expectError(await server.request('POST', '/sourcecode/builds', { json: { Code: 'x', Language: 'C', CoreID: unknown } }), 404, /core/);
    expectError(await server.request('POST', '/sourcecode/builds', { json: { Code: 'x', Language: 'C', Core: unknown } }), 404, /core/);
    const microSd = DEFAULT_CORES.find((c) => c.Class === 'C0-microSD')!;
    const ds = [{ ResourceID: 'r', ResourceType: 'Bucket', Location: 'x' }];
    expectError(await server.request('POST', '/sourcecode/builds', { json: { Code: 'x', Language: 'C', Core: microSd.CoreID, DataSources: ds } }), 403, /DataSources/);
  });

  it('answers 401 without credentials and 400 for malformed ids', async () => {
    expectError(await server.request('POST', '/sourcecode/builds', { json: { Code: 'x', Language: 'C' }, key: null }), 401);
    expectError(await server.request('GET', '/builds', { key: null }), 401);
    expectError(await server.request('GET', '/builds/nope'), 400, /BuildID/);
    expectError(await server.request('GET', `/builds/bld_${'0'.repeat(32)}`), 404);
    expectError(await server.request('GET', `/builds/bld_${'0'.repeat(32)}/outputs`), 404);
    expectError(await server.request('POST', '/builds/nope/tasks'), 400, /BuildID/);
    expectError(await server.request('GET', '/tasks/nope'), 400, /TaskID/);
    expectError(await server.request('GET', `/tasks/tsk_${'0'.repeat(32)}`), 404);
    expectError(await server.request('GET', `/tasks/tsk_${'0'.repeat(32)}`, { key: null }), 401);
    expectError(await server.request('GET', `/tasks/tsk_${'0'.repeat(32)}/output/Stdin`), 400, /Stdout or Stderr/);
    expectError(await server.request('DELETE', `/tasks/tsk_${'0'.repeat(32)}`), 404);
  });
});
