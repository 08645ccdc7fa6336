// `npx tsx bench/run.ts server`: the API server in its own process on loopback, loaded with
// autocannon: GET /health (baseline), GET /cores/{id}, GET /samples?count=10000 (JSON body), a cached POST /plot.
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { BenchResult } from './lib.js';

const UX = '21.5Ux040000000000000000403580000000000000000002403540000000000040000000000000004035C000000000004000000000000000';

interface Ready {
  url: string;
  key: string;
  coreId: string;
}

/** Child side: one server process, as `uxkit serve` runs it (logging off). */
async function serveChild(dataDir: string): Promise<void> {
  const { buildApp } = await import('../src/api/app.js');
  const { createFirstAccount } = await import('../src/api/bootstrap.js');
  const app = await buildApp({ config: { dataDir, logLevel: 'silent' } });
  const first = (await createFirstAccount(app.store))!;
  const core = (await app.store.cores.create(first.user.userId, {
    Name: 'bench', Class: 'C0', Microarchitecture: 'Athens', CorrelationTracking: 'Disable', MemorySize: 2 ** 26, Precision: 32,
  }, 10))!;
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as { port: number }).port;
  process.send!({ url: `http://127.0.0.1:${port}`, key: first.key, coreId: core.CoreID } satisfies Ready);
  // The parent asks for CPU time around each load, to report server CPU per request.
  process.on('message', (m) => {
    if (m === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send!({ cpu: user + system });
    }
  });
  process.on('disconnect', () => {
    void app.close().then(() => process.exit(0));
  });
}

function load(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

export async function run(): Promise<BenchResult[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'uxkit-bench-'));
  const child = fork(fileURLToPath(import.meta.url), ['--child', dataDir], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  try {
    const ready = await new Promise<Ready>((resolve, reject) => {
      child.once('message', (m) => resolve(m as Ready));
      child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
    });
    const cpuMicros = () => new Promise<number>((resolve) => {
      child.once('message', (m) => resolve((m as { cpu: number }).cpu));
      child.send('cpu');
    });
    /** Runs a load and the server's CPU microseconds per answered request during it. */
    const measured = async (options: autocannon.Options) => {
      const before = await cpuMicros();
      const result = await load(options);
      return { result, cpuPerRequest: ((await cpuMicros()) - before) / Math.max(1, result.requests.total) };
    };
    const auth = { authorization: ready.key };
    const json = { ...auth, 'content-type': 'application/json' };
    const results: BenchResult[] = [];
    const record = (name: string, m: { result: autocannon.Result; cpuPerRequest: number }, goals: { rps?: number; p50?: number }, note: string) => {
      const r = m.result;
      if (r.non2xx > 0 || r.errors > 0) throw new Error(`${name}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
      results.push(
        { suite: 'server', name: `${name} server CPU/req`, value: m.cpuPerRequest, unit: 'us', note: `one free core would serve ~${Math.round(1e6 / m.cpuPerRequest)} req/s` },
        { suite: 'server', name: `${name} req/s`, value: r.requests.average, unit: 'req/s', ...(goals.rps ? { goal: { value: goals.rps, better: 'higher' as const } } : {}), note },
        { suite: 'server', name: `${name} p50`, value: r.latency.p50, unit: 'ms', ...(goals.p50 ? { goal: { value: goals.p50, better: 'lower' as const } } : {}), note },
        { suite: 'server', name: `${name} p99`, value: r.latency.p99, unit: 'ms', note },
      );
    };
    const duration = 5;
    // Warm the plot cache so the measured POST /plot never renders.
    await fetch(`${ready.url}/plot`, { method: 'POST', headers: json, body: JSON.stringify({ payload: UX }) });

    // Baseline: the same HTTP path with no auth and no database, to separate the machine from our work.
    record('GET /health (baseline)', await measured({
      url: `${ready.url}/health`, connections: 32, pipelining: 1, duration,
    }), {}, '32 connections, no auth, no database');
    record('GET /cores/{id}', await measured({
      url: `${ready.url}/cores/${ready.coreId}`, headers: auth, connections: 32, pipelining: 1, duration,
    }), { rps: 5000 }, '32 connections');
    record('GET /samples?count=10000', await measured({
      url: `${ready.url}/samples?count=10000&seed=1`, method: 'GET', headers: json, body: JSON.stringify({ payload: UX }), connections: 1, duration,
    }), { p50: 10 }, '1 connection, 2-delta value, density mode');
    record('POST /plot (cached)', await measured({
      url: `${ready.url}/plot`, method: 'POST', headers: json, body: JSON.stringify({ payload: UX }), connections: 16, duration,
    }), {}, '16 connections, image already stored');
    return results;
  } finally {
    child.disconnect();
    await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') await serveChild(process.argv[3]!);
