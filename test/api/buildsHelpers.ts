import { readFileSync } from 'node:fs';
import { Distribution } from '../../src/dist/Distribution.js';
import { scanUx } from '../../src/ux/scanUx.js';
import type { TestServer } from './helper.js';

const TERMINAL = new Set(['Completed', 'Cancelled', 'Stopped']);

export function fixture(name: string, file = 'main.c'): string {
  return readFileSync(new URL(`../../fixtures/programs/${name}/${file}`, import.meta.url), 'utf8');
}

/** Polls GET `path` until `until(body)` holds (default: a terminal Status); fails after `timeoutMs`. */
export async function poll(server: TestServer, path: string, opts: { key?: string | null; timeoutMs?: number; until?: (b: any) => boolean } = {}): Promise<any> {
  const until = opts.until ?? ((b: any) => TERMINAL.has(b.Status));
  const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
  for (;;) {
    const res = await server.request('GET', path, opts.key !== undefined ? { key: opts.key } : {});
    if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    if (until(res.body)) return res.body;
    if (Date.now() > deadline) throw new Error(`GET ${path}: still ${res.body.Status} after the timeout`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Submits a source build and waits for it to end. */
export async function buildProgram(server: TestServer, body: Record<string, unknown>, key?: string): Promise<any> {
  const res = await server.request('POST', '/sourcecode/builds', { json: body, ...(key !== undefined && { key }) });
  if (res.status !== 202) throw new Error(`build: ${res.status} ${JSON.stringify(res.body)}`);
  return poll(server, `/builds/${res.body.BuildID}`, key !== undefined ? { key } : {});
}

/** Starts a task of a build and waits for it to end; returns the task and its stdout/stderr. */
export async function runBuild(server: TestServer, buildId: string, init: { json?: unknown; key?: string | null } = {}): Promise<{ task: any; stdout: string; stderr: string }> {
  const res = await server.request('POST', `/builds/${buildId}/tasks`, init);
  if (res.status !== 202) throw new Error(`task: ${res.status} ${JSON.stringify(res.body)}`);
  const key = init.key === undefined ? {} : { key: init.key };
  const task = await poll(server, `/tasks/${res.body.TaskID}`, key);
  const out = await server.request('GET', `/tasks/${task.TaskID}/output/Stdout`, key);
  const err = await server.request('GET', `/tasks/${task.TaskID}/output/Stderr`, key);
  return { task, stdout: out.status === 200 ? out.body : '', stderr: err.status === 200 ? err.body : '' };
}

/** The Ux values printed in `text`, as distributions. */
export function distributionsIn(text: string): Distribution[] {
  return scanUx(text).values.map((m) => Distribution.fromUx(m.value));
}
