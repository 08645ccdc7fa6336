import { afterAll, describe, expect, it } from 'vitest';
import { mean } from '../../../src/dist/mean.js';
import { quantile } from '../../../src/dist/quantile.js';
import { stddev } from '../../../src/dist/stddev.js';
import { athens, cleanup, FIXTURES, runFixture, uxValues } from './helpers.js';

afterAll(cleanup);
const R = 1024;

/** Mean within 5 standard errors, standard deviation within 12% (R = 1024 runs). */
function expectMoments(d: ReturnType<typeof uxValues>[number] | undefined, mu: number, sigma: number) {
  expect(d).toBeDefined();
  expect(Math.abs(mean(d!) - mu)).toBeLessThan((5 * sigma) / Math.sqrt(R));
  expect(stddev(d!) / sigma).toBeGreaterThan(0.88);
  expect(stddev(d!) / sigma).toBeLessThan(1.12);
}

async function completed(name: string, o: Parameters<typeof runFixture>[1] = {}) {
  const r = await runFixture(name, o);
  if (r.kind !== 'completed') throw new Error(`expected completed, got ${JSON.stringify(r)}`);
  return r;
}

describe('programs run as ensembles print distributions with the analytic moments', () => {
  it('a sum of a uniform and a Gaussian: mean 10.5, sd sqrt(1/12 + 4), median 10.5; prefix and constants as printed', async () => {
    const r = await completed('sum-uniform-gauss');
    const text = r.stdout.toString();
    expect(text).toMatch(/^start\nsum = \d+\.\d{6}Ux[0-9A-F]+\nconstant = 42\n$/);
    const [d] = uxValues(text);
    expectMoments(d, 10.5, Math.sqrt(1 / 12 + 4));
    expect(Math.abs(quantile(d!, 0.5) - 10.5)).toBeLessThan(0.25);
    expect(r.stats).toMatchObject({ Runs: R, DivergentRuns: 0 });
    expect(r.exitCode).toBe(0);
  });

  it('a product of two uniforms on (1,3): mean 4, sd sqrt((13/3)^2 - 16), printed with the program\'s 4 decimals', async () => {
    const r = await completed('product-uniforms');
    expect(r.stdout.toString()).toMatch(/^product: \d\.\d{4}Ux/);
    expectMoments(uxValues(r.stdout.toString())[0], 4, Math.sqrt((13 / 3) ** 2 - 16));
  });

  it('each constructor draws from its distribution', async () => {
    const r = await completed('constructors');
    const g = 0.5772156649015329;
    const expected: [string, number, number][] = [
      ['uniform', 3, 2 / Math.sqrt(12)],
      ['gauss', -1, 0.5],
      ['exponential', 2, 2],
      ['gumbel', 1 + 2 * g, (Math.PI * 2) / Math.sqrt(6)],
      ['logistic', 3, (0.5 * Math.PI) / Math.sqrt(3)],
      ['laplace', 0, Math.SQRT2],
      ['weibull', Math.sqrt(Math.PI) / 2, Math.sqrt(1 - Math.PI / 4)],
      ['lognormal', Math.exp(0.03125), Math.exp(0.03125) * Math.sqrt(Math.exp(0.0625) - 1)],
      // Bounded Pareto(2, 1, 4): E[X] = (16/15) * 2 * (1 - 1/4), E[X^2] = (16/15) * 2 * ln 4.
      ['boundedpareto', 1.6, Math.sqrt((32 / 15) * Math.log(4) - 2.56)],
      ['mixture', 7.5, 10 * Math.sqrt(0.25 * 0.75)],
      ['float-uniform', 0.5, 1 / Math.sqrt(12)],
    ];
    const lines = r.stdout.toString().trimEnd().split('\n');
    expect(lines.length).toBe(expected.length);
    expected.forEach(([name, mu, sigma], i) => {
      expect(lines[i]!.startsWith(`${name} `)).toBe(true);
      expectMoments(uxValues(lines[i]!)[0], mu, sigma);
    });
    // Quantiles with closed forms, within 0.1 (1024 samples, a 128-delta TTR).
    const quantiles: [number, number, number][] = [
      [0, 0.1, 2.2], [0, 0.9, 3.8], // uniform(2, 4)
      [1, 0.5, -1], // gauss(-1, 0.5)
      [2, 0.5, 2 * Math.LN2], // exponential, mean 2
      [5, 0.75, Math.LN2], // laplace(0, 1): -ln(2 (1 - p))
      [6, 0.5, Math.sqrt(Math.LN2)], // weibull(2, 1): (ln 2)^(1/2)
    ];
    for (const [line, p, q] of quantiles) {
      expect(Math.abs(quantile(uxValues(lines[line]!)[0]!, p) - q)).toBeLessThan(0.1);
    }
  });

  it('DistFromSamples over an input file opened by bare name: samples 1..4 uniformly, read once', async () => {
    const r = await completed('from-samples', { inputsDir: `${FIXTURES}from-samples/inputs` });
    const text = r.stdout.toString();
    expect(text.startsWith('read 100 samples\nvalue ')).toBe(true);
    const d = uxValues(text)[0]!;
    expectMoments(d, 2.5, Math.sqrt(1.25));
    expect([...d.positions]).toEqual([1, 2, 3, 4]);
  });

  it('a loop accumulating 16 Gaussian steps: mean 5, sd 2, in the program\'s exponent format', async () => {
    const r = await completed('loop-accumulate');
    expect(r.stdout.toString()).toMatch(/^walk ended at \d\.\d{6}e\+00Ux[0-9A-F]+ after 16 steps\n$/);
    expectMoments(uxValues(r.stdout.toString())[0], 5, 2);
  });

  it('C++ iostream output: x ~ U(-1,1) and 2x with fixed precision', async () => {
    const r = await completed('iostream-cpp', { language: 'C++' });
    const [x, twice] = uxValues(r.stdout.toString());
    expectMoments(x, 0, 1 / Math.sqrt(3));
    expectMoments(twice, 0, 2 / Math.sqrt(3));
    expect(r.stdout.toString()).toMatch(/ twice=-?\d\.\d{3}Ux/);
  });

  it('Fortran write output: 2g with g ~ N(3, 0.5) has mean 6 and sd 1', async () => {
    const r = await completed('fortran-write', { language: 'Fortran' });
    // Written once, before the fork (the static link keeps libgfortran's flush for the runtime).
    expect(r.stdout.toString()).toMatch(/^start\ndoubled +\d\.\d{5}Ux[0-9A-F]+\n$/);
    expectMoments(uxValues(r.stdout.toString())[0], 6, 1);
  });

  it('the same seed reproduces the output exactly and another seed changes it', async () => {
    const o = { runs: 256, seed: 99n };
    const a = await completed('sum-uniform-gauss', o);
    const b = await completed('sum-uniform-gauss', { ...o, parallelism: 1 });
    const c = await completed('sum-uniform-gauss', { ...o, seed: 100n });
    expect(b.stdout.equals(a.stdout)).toBe(true);
    expect(c.stdout.equals(a.stdout)).toBe(false);
    expect(a.seed).toBe('99');
  });

  it('an ensemble-wide query answers every run with the same plain value, within the task limits', async () => {
    const r = await completed('query-moment');
    const text = r.stdout.toString();
    const m = /^variance (\d\.\d{4})\nx -?\d\.\d{6}Ux/.exec(text);
    expect(m).not.toBeNull();
    // The ensemble's sample variance of N(0,1): within 5 standard errors sqrt(2/R) of 1.
    expect(Math.abs(Number(m![1]) - 1)).toBeLessThan(5 * Math.sqrt(2 / R));
    expectMoments(uxValues(text)[0], 0, 1);
  });

  it('runs whose output takes another shape are reported with their share, not dropped', async () => {
    const r = await completed('diverge');
    const d = uxValues(r.stdout.toString())[0]!;
    // The majority shape holds the runs with u <= 0.8: uniform on (0, 0.8).
    expectMoments(d, 0.4, 0.8 / Math.sqrt(12));
    expect(Math.abs(r.stats.DivergentRuns / R - 0.2)).toBeLessThan(0.05);
    expect(r.stderr.toString()).toMatch(new RegExp(`uxkit: ${r.stats.DivergentRuns} of ${R} runs \\(\\d+\\.\\d%\\) printed stdout of another shape`));
    expect(r.stderr.toString()).toContain('rare branch taken');
  });

  it('a Bypass core runs once and prints the means', async () => {
    const r = await completed('sum-uniform-gauss', { core: { ...athens(), Microarchitecture: 'Bypass' } });
    expect(r.stdout.toString()).toBe('start\nsum = 10.500000\nconstant = 42\n');
    expect(r.stats.Runs).toBe(1);
  });
});
