import { describe, expect, it } from 'vitest';
import { build, ensemble, fields, meanAndVariance, run } from './helpers.js';

const RUNS = 1000;

function within(actual: number, expected: number, tolerance: number): void {
  expect(Math.abs(actual - expected)).toBeLessThan(tolerance);
}

/** The one value every run printed for `key` (queries answer the same plain value to all). */
function shared(runs: Array<Record<string, number>>, key: string): number {
  const values = new Set(runs.map((r) => r[key]));
  expect(values.size).toBe(1);
  return runs[0]![key]!;
}

function correlation(x: number[], y: number[]): number {
  const mx = meanAndVariance(x).mean;
  const my = meanAndVariance(y).mean;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < x.length; i++) {
    sxy += (x[i]! - mx) * (y[i]! - my);
    sxx += (x[i]! - mx) ** 2;
    syy += (y[i]! - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
}

/** The "known" ensemble, run once and shared by the tests that read it. */
let knownEnsemble: ReturnType<typeof ensemble> | undefined;
async function known(): ReturnType<typeof ensemble> {
  knownEnsemble ??= build('queries.c').then((exe) => ensemble(exe, ['known'], { runs: RUNS, parallel: 2 }));
  return knownEnsemble;
}

describe('ensemble-wide queries', () => {
  it('quantiles, support, moments, mode, P(X > c), truncation and mixture modes match their known answers', async () => {
    const { results, process } = await known();
    expect(process.stdout).toBe('mode known\n');
    expect(results.records.every((r) => r.exitCode === 0 && r.stderr.length === 0)).toBe(true);
    const runs = fields(results);
    const u = runs.map((r) => r.u!);
    const sortedU = [...u].sort((a, b) => a - b);
    // The lower empirical quantile of the very values the runs drew.
    expect(shared(runs, 'q25')).toBe(sortedU[Math.ceil(0.25 * RUNS) - 1]);
    expect(shared(runs, 'q90')).toBe(sortedU[Math.ceil(0.9 * RUNS) - 1]);
    expect(shared(runs, 'umin')).toBe(sortedU[0]);
    expect(shared(runs, 'umax')).toBe(sortedU[RUNS - 1]);
    within(shared(runs, 'q25'), 0.25, 0.05);

    const g = runs.map((r) => r.g!);
    const { mean, variance } = meanAndVariance(g);
    expect(shared(runs, 'm0')).toBe(1);
    expect(shared(runs, 'm1')).toBeCloseTo(mean, 10);
    expect(shared(runs, 'm2')).toBeCloseTo((variance * (RUNS - 1)) / RUNS, 8);
    // N(10, 2): mean 10, variance 4, third central moment 0, fourth 3 sigma^4 = 48.
    within(shared(runs, 'm1'), 10, 5 * Math.sqrt(4 / RUNS));
    within(shared(runs, 'm2'), 4, 0.6);
    within(shared(runs, 'm3'), 0, 3);
    within(shared(runs, 'm4'), 48, 14);
    within(shared(runs, 'mode'), 10, 0.6);
    // P(N(10,2) > 12) = 1 - Phi(1) = 0.1587; the scaled cutoff's mean is 1.2 * mean(g), close to 12.
    expect(shared(runs, 'pgt')).toBe(g.filter((x) => x > 12).length / RUNS);
    within(shared(runs, 'pgt'), 0.1587, 0.05);
    within(shared(runs, 'pgtScaled'), 0.1587, 0.06);

    // Truncation to [9, 11]: runs inside keep their value, the others get an in-range one.
    const trunc = runs.map((r) => r.trunc!);
    expect(trunc.every((x) => x >= 9 && x <= 11)).toBe(true);
    runs.forEach((r) => {
      if (r.g! >= 9 && r.g! <= 11) expect(r.trunc).toBe(r.g);
    });
    // Truncated N(10,2) to +-0.5 sigma: variance 4 * (1 - 2*0.5*phi(0.5) / (2 Phi(0.5) - 1)) = 0.3222.
    within(meanAndVariance(trunc).variance, 0.3222, 0.05);
    within(meanAndVariance(trunc).mean, 10, 0.1);
    expect(runs.every((r) => Number.isNaN(r.empty))).toBe(true);

    // Equal mixture of N(-3,1) and N(3,1): two modes near -3 and 3, no third.
    const modes = [shared(runs, 'mode1'), shared(runs, 'mode2')].sort((a, b) => a - b);
    within(modes[0]!, -3, 0.6);
    within(modes[1]!, 3, 0.6);
    expect(runs.every((r) => Number.isNaN(r.mode3))).toBe(true);
  });

  it('the ensemble mean of values with a large offset is exact to an ulp, and their variance to 1e-9', async () => {
    const exe = await build('large_offset.c');
    const { results } = await ensemble(exe, [], { runs: 4096, parallel: 2 });
    const runs = fields(results);
    // Values in [2^26, 2^27) are multiples of 2^-26: their sum is exact as an integer count of those.
    const unit = 2 ** -26;
    let sum = 0n;
    for (const r of runs) sum += BigInt(r.x! / unit);
    const exactMean = Number(sum) / runs.length * unit;
    expect(Math.abs(shared(runs, 'mean') - exactMean)).toBeLessThanOrEqual(unit);
    let m2 = 0;
    for (const r of runs) m2 += (r.x! - exactMean) ** 2;
    expect(Math.abs(shared(runs, 'variance') / (m2 / runs.length) - 1)).toBeLessThan(1e-9);
  });

  it('GetIndependentCopy has the same distribution but no correlation with the run\'s own value', async () => {
    const { results } = await known();
    const runs = fields(results);
    const g = runs.map((r) => r.g!);
    const copy = runs.map((r) => r.copy!);
    // A permutation of the ensemble's values with no fixed point.
    expect([...copy].sort((a, b) => a - b)).toEqual([...g].sort((a, b) => a - b));
    expect(runs.every((r) => r.copy !== r.g)).toBe(true);
    expect(Math.abs(correlation(g, copy))).toBeLessThan(4 / Math.sqrt(RUNS));
  });

  it('queries inside a loop answer at every iteration (variance of a random walk grows by 1 per step)', async () => {
    const exe = await build('queries.c');
    const { results } = await ensemble(exe, ['loop'], { runs: 800, parallel: 2 });
    const runs = fields(results);
    for (let i = 1; i <= 6; i++) within(shared(runs, `var${i}`) / i, 1, 0.25);
    const x = runs.map((r) => r.x!);
    expect(shared(runs, 'var6')).toBeCloseTo(meanAndVariance(x).variance * (799 / 800), 8);
  });

  it('Sample and SampleBatch draw from the ensemble, each run differently', async () => {
    const exe = await build('queries.c');
    const { results } = await ensemble(exe, ['batch'], { runs: RUNS, parallel: 2 });
    const runs = fields(results);
    const values = new Set(runs.map((r) => r.u!));
    const draws = runs.flatMap((r) => [r.sample!, r.b0!, r.b1!, r.b2!, r.b3!, r.b4!]);
    expect(draws.every((x) => values.has(x))).toBe(true);
    expect(new Set(runs.map((r) => r.sample)).size).toBeGreaterThan(RUNS / 2);
    const { mean, variance } = meanAndVariance(draws);
    within(mean, 0.5, 5 * Math.sqrt(1 / 12 / draws.length));
    within(variance, 1 / 12, 0.01);
    expect(Math.abs(correlation(runs.map((r) => r.b0!), runs.map((r) => r.b1!)))).toBeLessThan(4 / Math.sqrt(RUNS));
  });

  it('BayesLaplace updates a N(0,1) prior with 4 observations around 2 (noise N(0,1)) to about N(1.6, 0.2)', async () => {
    const exe = await build('queries.c');
    const { results } = await ensemble(exe, ['bayes'], { runs: 1200, parallel: 2 });
    const posterior = fields(results).map((r) => r.posterior!);
    const { mean, variance } = meanAndVariance(posterior);
    within(mean, 1.6, 0.1);
    within(variance, 0.2, 0.06);
  });

  it('Float forms answer like the Double forms', async () => {
    const exe = await build('queries.c');
    const { results } = await ensemble(exe, ['float'], { runs: 500, parallel: 2 });
    const runs = fields(results);
    within(shared(runs, 'fmean'), 0.5, 0.05);
    within(shared(runs, 'fq'), 0.5, 0.07);
    within(shared(runs, 'fpgt'), 0.25, 0.06);
    expect(shared(runs, 'fmax')).toBeLessThan(1);
    expect(new Set(runs.map((r) => r.fb)).size).toBeGreaterThan(100);
  });

  it('runs that end before a query do not take part in it', async () => {
    const exe = await build('queries.c');
    const { results } = await ensemble(exe, ['early'], { runs: 500, parallel: 2 });
    const ended = results.records.filter((r) => r.stdout.toString() === 'ended\n');
    const asked = fields(results).filter((r) => r.min !== undefined);
    expect(ended.length + asked.length).toBe(500);
    expect(ended.length).toBeGreaterThan(100);
    const min = shared(asked, 'min');
    expect(min).toBeGreaterThanOrEqual(0.3);
    expect(min).toBeLessThan(0.32);
  });

  it('answers depend on the seed, not on P', async () => {
    const exe = await build('queries.c');
    const one = await ensemble(exe, ['known'], { runs: 300, parallel: 1, seed: '7' });
    const three = await ensemble(exe, ['known'], { runs: 300, parallel: 3, seed: '7' });
    const other = await ensemble(exe, ['known'], { runs: 300, parallel: 3, seed: '8' });
    const text = (r: typeof one) => r.results.records.map((x) => x.stdout.toString());
    expect(text(three)).toEqual(text(one));
    expect(text(other)).not.toEqual(text(one));
  });

  it('in bypass mode (one plain run) the queries answer for the point value', async () => {
    const exe = await build('queries.c');
    const known = await run(exe, ['known']);
    expect(known.code).toBe(0);
    expect(known.stdout).toContain('q25=0.5 q90=0.5 umin=0.5 umax=0.5');
    expect(known.stdout).toContain('m0=1 m1=10 m2=0 m3=0 m4=0 mode=10');
    expect(known.stdout).toContain('pgt=0 pgtScaled=0');
    expect(known.stdout).toContain('trunc=10 empty=nan');
    const bayes = await run(exe, ['bayes']);
    expect(bayes.stdout).toBe('mode bayes\nposterior=0\n');
  });
});

describe('query failures are errors, never deadlocks', () => {
  for (const mode of ['kind', 'site']) {
    it(`runs whose k-th query differs in ${mode} all exit 72 with a "query order diverged" message`, async () => {
      const exe = await build('query_order.c');
      const { results } = await ensemble(exe, [mode], { runs: 200, parallel: 2 });
      for (const r of results.records) {
        expect(r.exitCode).toBe(72);
        expect(r.stderr.toString()).toMatch(/^uxhw: query order diverged at query 1: run \d+ called UxHwDouble\w+ \(call site 0x[0-9a-f]+\) but run \d+ called/);
        expect(r.stdout.length).toBe(0);
      }
    });
  }

  it('the same query from one call site in every run answers normally', async () => {
    const exe = await build('query_order.c');
    const { results } = await ensemble(exe, ['same'], { runs: 200, parallel: 2 });
    const runs = fields(results);
    within(shared(runs, 'answer'), 0.5, 0.1);
  });

  it('more runs waiting than UXKIT_MAX_WAITING: every run exits 73 with a message naming the limit', async () => {
    const exe = await build('query_order.c');
    const { results } = await ensemble(exe, ['same'], { runs: 60, parallel: 2, env: { UXKIT_MAX_WAITING: '10' } });
    for (const r of results.records) {
      expect(r.exitCode).toBe(73);
      expect(r.stderr.toString()).toContain('needs every run of the ensemble waiting at once, but at most 10 could wait');
    }
  });
});
