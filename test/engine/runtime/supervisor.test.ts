import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEnsembleResults } from '../../../src/engine/ensembleResults.js';
import { build, ensemble, fields, meanAndVariance, run, scratch } from './helpers.js';

function within(actual: number, expected: number, variance: number, runs: number): void {
  // 5 standard errors of the mean.
  expect(Math.abs(actual - expected)).toBeLessThan(5 * Math.sqrt(variance / runs));
}

describe('ensemble supervisor', () => {
  it('sums and products of uniforms and Gaussians over 2000 runs have the analytic means and variances', async () => {
    const exe = await build('sum_product.c');
    const { results } = await ensemble(exe, [], { runs: 2000, parallel: 2 });
    expect(results.runs).toBe(2000);
    const runs = fields(results);
    const sum = meanAndVariance(runs.map((r) => r.sum!));
    const product = meanAndVariance(runs.map((r) => r.product!));
    const gsum = meanAndVariance(runs.map((r) => r.gsum!));
    // U(0,1) + N(10,2): 10.5, 1/12 + 4. U(0,1) * U(1,3): 1, (1/3)(13/3) - 1 = 4/9. N(10,2) + N(-1,0.5): 9, 4.25.
    within(sum.mean, 10.5, 1 / 12 + 4, 2000);
    within(product.mean, 1, 4 / 9, 2000);
    within(gsum.mean, 9, 4.25, 2000);
    expect(sum.variance / (1 / 12 + 4)).toBeCloseTo(1, 0.8);
    expect(Math.abs(product.variance / (4 / 9) - 1)).toBeLessThan(0.12);
    expect(Math.abs(gsum.variance / 4.25 - 1)).toBeLessThan(0.12);
    expect(results.records.every((r) => r.exitCode === 0 && r.signal === 0 && r.cpuMicros >= 0)).toBe(true);
  });

  it('output printed before the first UxHw call reaches the real streams exactly once, and no run repeats it', async () => {
    const exe = await build('sum_product.c');
    const { process, results, outDir } = await ensemble(exe, [], { runs: 20, parallel: 4 });
    expect(process.stdout).toBe('prefix before the fork\n');
    expect(process.stderr).toBe('stderr prefix\n');
    for (const record of results.records) {
      expect(record.stdout.toString()).toMatch(/^sum=\S+ product=\S+ gsum=\S+\n$/);
      expect(record.stderr.toString()).toBe('run done\n');
    }
    // Streams are concatenated in run order.
    const whole = await readFile(join(outDir, 'runs.stdout'), 'utf8');
    expect(whole).toBe(results.records.map((r) => r.stdout.toString()).join(''));
    expect((await readdir(outDir)).sort()).toEqual(['runs.index', 'runs.stderr', 'runs.stdout']);
  });

  it('DistFromSamples, DistFromWeightedSamples and DistFromMultidimensionalSamples draw from samples read from a file', async () => {
    const exe = await build('samples.c');
    const file = join(await scratch(), 'samples.txt');
    await writeFile(file, '1 0\n2 0\n3 1\n4 1\n5 2\n');
    const { results } = await ensemble(exe, [file], { runs: 800 });
    const runs = fields(results);
    const plain = runs.map((r) => r.plain!);
    const weighted = runs.map((r) => r.weighted!);
    expect(new Set(plain)).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(new Set(weighted)).toEqual(new Set([3, 4, 5]));
    within(meanAndVariance(plain).mean, 3, 2, 800);
    // Weights 1,1,2 on 3,4,5: mean 4.25, variance 0.6875.
    within(meanAndVariance(weighted).mean, 4.25, 0.6875, 800);
    const rows = results.records.map((r) => /row=(\S+),(\S+)/.exec(r.stdout.toString())!);
    expect(rows.every((m) => Number(m[2]) === -Number(m[1]))).toBe(true);

    const bypass = await run(exe, [file]);
    expect(bypass.stdout).toBe('plain=3 weighted=4.25 row=3,-3\n');
  });

  it('records a run killed by a signal with exit code -1 and the signal number', async () => {
    const exe = await build('misbehave.c');
    const { results } = await ensemble(exe, ['crash'], { runs: 40, parallel: 2 });
    const crashed = results.records.filter((r) => r.signal !== 0);
    const survived = results.records.filter((r) => r.signal === 0);
    expect(crashed.length).toBeGreaterThan(5);
    expect(survived.length).toBeGreaterThan(5);
    expect(crashed.every((r) => r.signal === 11 && r.exitCode === -1 && !r.killed)).toBe(true);
    expect(survived.every((r) => r.exitCode === 0 && r.stdout.toString().startsWith('survived'))).toBe(true);
  });

  it('records a non-zero exit status', async () => {
    const exe = await build('misbehave.c');
    const { results } = await ensemble(exe, ['exit3'], { runs: 6 });
    for (const r of results.records) {
      expect([r.exitCode, r.signal, r.stdout.toString()]).toEqual([3, 0, 'exiting with 3\n']);
    }
  });

  it('cuts a run at UXKIT_MAX_OUTPUT bytes of stdout+stderr, kills it and flags it', async () => {
    const exe = await build('misbehave.c');
    const { results } = await ensemble(exe, ['flood'], { runs: 3, parallel: 2, maxOutput: 10000 });
    expect(results.flags).toBe(3);
    for (const r of results.records) {
      expect(r.truncated && r.killed).toBe(true);
      expect([r.exitCode, r.signal]).toEqual([-1, 9]);
      expect(r.stdout.length + r.stderr.length).toBe(10000);
      expect(r.stdout.toString()).toMatch(/^\d\.\d{6} flooding stdout\n/);
    }
  });

  it('queries over a single bypass run answer for a point value', async () => {
    const exe = await build('bypass_queries.c');
    const result = await run(exe, []);
    expect(result.stdout).toBe(
      'moment1=4 moment2=0 quantile=4 min=4 max=4 pgt=1,0 sample=4 batch=4 limit=4,nan\n',
    );
  });

  it('a program that never calls UxHw runs once, plainly, and writes no results', async () => {
    const exe = await build('never.c');
    const outDir = join(await scratch(), 'never-out');
    await mkdir(outDir);
    const result = await run(exe, [], { env: { UXKIT_MODE: 'ensemble', UXKIT_RUNS: '50', UXKIT_OUT_DIR: outDir } });
    expect([result.code, result.stdout]).toEqual([4, 'plain run\n']);
    await expect(readEnsembleResults(outDir)).rejects.toMatchObject({ code: 'UXK_ERR_RESULTS_MISSING' });
  });

  it('a C++ program with iostream prints its prefix once and one line per run', async () => {
    const exe = await build('iostream.cpp');
    const { process, results } = await ensemble(exe, [], { runs: 500 });
    expect(process.stdout).toBe('cpp prefix\n');
    const values = results.records.map((r) => Number(/x\+y=(\S+)/.exec(r.stdout.toString())![1]));
    within(meanAndVariance(values).mean, 6, 1 + 1 / 3, 500);
  });

  it('a Fortran program through the uxhw module flushes its prefix once and draws per run', async () => {
    const exe = await build('fortran.f90');
    const { process, results } = await ensemble(exe, [], { runs: 300 });
    expect(process.stdout).toBe('fortran prefix\n');
    const runs = fields(results);
    within(meanAndVariance(runs.map((r) => r.x!)).mean, 3, 0.25, 300);
    expect(new Set(runs.map((r) => r.y))).toEqual(new Set([1, 2, 3, 4]));
    expect(await run(exe, [])).toMatchObject({ code: 0, stdout: expect.stringContaining('x=  3.0000000000000000E+00') });
  });

  it('gives every run a private offset on files opened before the fork', async () => {
    const exe = await build('offsets.c');
    const file = join(await scratch(), 'letters.txt');
    await writeFile(file, 'ABCDEFGH');
    const { results } = await ensemble(exe, [file], { runs: 8, parallel: 4 });
    for (const r of results.records) expect(r.stdout.toString()).toMatch(/^tail=EFGH n=4 /);
  });

  it('never has more than P runs executing at once, and does keep P executing', async () => {
    const exe = await build('concurrency.c');
    for (const parallel of [1, 2, 3]) {
      const cwd = join(await scratch(), `concurrency-${parallel}`);
      await mkdir(cwd, { recursive: true });
      const { results } = await ensemble(exe, ['15'], { runs: 24, parallel, cwd });
      const seen = fields(results).map((r) => r.seen!);
      expect(seen).toHaveLength(24);
      expect(Math.max(...seen)).toBe(parallel);
    }
  });

  it('clamps P to R', async () => {
    const exe = await build('misbehave.c');
    const { results } = await ensemble(exe, ['exit3'], { runs: 2, parallel: 16 });
    expect(results.runs).toBe(2);
  });

  it('bad configuration exits 70 with a uxhw: message', async () => {
    const exe = await build('sum_product.c');
    const outDir = await scratch();
    const cases: Array<[Record<string, string>, string]> = [
      [{ UXKIT_MODE: 'ensemble' }, 'UXKIT_OUT_DIR is required'],
      [{ UXKIT_MODE: 'ensemble', UXKIT_OUT_DIR: outDir, UXKIT_RUNS: 'abc' }, 'UXKIT_RUNS=abc'],
      [{ UXKIT_MODE: 'ensemble', UXKIT_OUT_DIR: outDir, UXKIT_RUNS: '0' }, 'UXKIT_RUNS=0'],
      [{ UXKIT_MODE: 'ensemble', UXKIT_OUT_DIR: join(outDir, 'nope') }, 'not a writable directory'],
      [{ UXKIT_MODE: 'sometimes' }, "UXKIT_MODE must be 'ensemble' or 'bypass'"],
    ];
    for (const [env, message] of cases) {
      const result = await run(exe, [], { env });
      expect(result.code).toBe(70);
      expect(result.stderr).toContain(`uxhw: `);
      expect(result.stderr).toContain(message);
    }
  });

  it('runs die with the supervisor', async () => {
    const exe = await build('misbehave.c');
    const cwd = join(await scratch(), 'sleepers');
    const outDir = join(cwd, 'out');
    await mkdir(outDir, { recursive: true });
    const child = spawn(exe, ['sleep'], {
      cwd,
      env: { UXKIT_MODE: 'ensemble', UXKIT_RUNS: '4', UXKIT_PARALLEL: '2', UXKIT_OUT_DIR: outDir },
      stdio: 'ignore',
    });
    const pids = await waitFor(async () => {
      const found = (await readdir(cwd)).filter((f) => f.startsWith('pid-'));
      return found.length === 2 ? found.map((f) => Number(f.slice(4))) : undefined;
    });
    child.kill('SIGKILL');
    await waitFor(async () => (pids.every((pid) => !alive(pid)) ? true : undefined));
    expect(existsSync(join(outDir, 'runs.index'))).toBe(false);
  });
});

function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/\) Z /.test(stat);
  } catch {
    return false;
  }
}

async function waitFor<T>(probe: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('condition not reached within 5 s');
}
