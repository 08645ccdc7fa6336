import { describe, expect, it } from 'vitest';
import { build, ensemble, meanAndVariance, run } from './helpers.js';

// Standard normal 0.9 quantile and Gamma values (Abramowitz & Stegun tables).
const Z90 = 1.2815515655446004;
const GAMMA_1_5 = 0.886226925452758;
const EULER_GAMMA = 0.5772156649015329;

function paretoMoment(alpha: number, lo: number, hi: number, k: number): number {
  // E[X^k] of the bounded Pareto on [lo, hi], alpha != k.
  const norm = (alpha * lo ** alpha) / (1 - (lo / hi) ** alpha);
  return (norm * (hi ** (k - alpha) - lo ** (k - alpha))) / (k - alpha);
}

interface Expected {
  mean: number;
  variance: number;
  q90: number;
}

const paretoMean = paretoMoment(3, 1, 10, 1);
const lognormalMean = Math.exp(0.125);

const EXPECTED: Record<string, Expected> = {
  uniform: { mean: 3.5, variance: 0.75, q90: 4.7 },
  gauss: { mean: 10, variance: 4, q90: 10 + 2 * Z90 },
  exponential: { mean: 2, variance: 4, q90: -2 * Math.log(0.1) },
  gumbel1: { mean: 1 + 2 * EULER_GAMMA, variance: (Math.PI ** 2 / 6) * 4, q90: 1 - 2 * Math.log(-Math.log(0.9)) },
  logistic: { mean: 3, variance: (0.25 * Math.PI ** 2) / 3, q90: 3 + 0.5 * Math.log(9) },
  laplace: { mean: 1, variance: 0.5, q90: 1 - 0.5 * Math.log(0.2) },
  weibull: { mean: 3 * GAMMA_1_5, variance: 9 * (1 - GAMMA_1_5 ** 2), q90: 3 * Math.sqrt(Math.log(10)) },
  lognormal: { mean: lognormalMean, variance: (Math.exp(0.25) - 1) * Math.exp(0.25), q90: Math.exp(0.5 * Z90) },
  boundedpareto: {
    mean: paretoMean,
    variance: paretoMoment(3, 1, 10, 2) - paretoMean ** 2,
    q90: 1 / (1 - 0.9 * (1 - 0.1 ** 3)) ** (1 / 3),
  },
  // 0.3 N(0,1) + 0.7 N(10,1): variance = 1 + 0.3 * 0.7 * 10^2.
  mixture: { mean: 7, variance: 22, q90: NaN },
};

const RUNS = 3000;

describe('UxHw constructors in ensemble mode', () => {
  for (const [name, expected] of Object.entries(EXPECTED)) {
    it(`${name}: ${RUNS} runs match the analytic mean, variance and 0.9 quantile`, async () => {
      const exe = await build('constructors.c');
      const { results } = await ensemble(exe, [name], { runs: RUNS, parallel: 2 });
      const draws = results.records.map((r) => Number(r.stdout.toString()));
      expect(draws.every(Number.isFinite)).toBe(true);
      const { mean, variance } = meanAndVariance(draws);
      // Mean within 5 standard errors; variance within 15% (R = 3000, moderate kurtosis).
      expect(Math.abs(mean - expected.mean)).toBeLessThan(5 * Math.sqrt(expected.variance / RUNS));
      expect(Math.abs(variance / expected.variance - 1)).toBeLessThan(0.15);
      if (!Number.isNaN(expected.q90)) {
        const below = draws.filter((x) => x < expected.q90).length / RUNS;
        expect(Math.abs(below - 0.9)).toBeLessThan(5 * Math.sqrt(0.09 / RUNS));
      }
    });
  }

  it('Float forms draw from the same distributions (mean within 5 standard errors)', async () => {
    const exe = await build('constructors.c');
    for (const name of ['uniform', 'gauss', 'exponential', 'weibull', 'boundedpareto', 'mixture']) {
      const expected = EXPECTED[name]!;
      const { results } = await ensemble(exe, [name, 'float'], { runs: 400 });
      const { mean } = meanAndVariance(results.records.map((r) => Number(r.stdout.toString())));
      expect(Math.abs(mean - expected.mean), name).toBeLessThan(5 * Math.sqrt(expected.variance / 400));
    }
  });

  it('invalid parameters give NaN in every run, not a crash', async () => {
    const exe = await build('constructors.c');
    const { results } = await ensemble(exe, ['invalid'], { runs: 4 });
    expect(results.records.map((r) => r.stdout.toString().trim())).toEqual(['nan', 'nan', 'nan', 'nan']);
    expect(results.records.every((r) => r.exitCode === 0)).toBe(true);
  });
});

describe('UxHw constructors in bypass mode', () => {
  for (const [name, expected] of Object.entries(EXPECTED)) {
    it(`${name}: a plain run prints the distribution's mean`, async () => {
      const exe = await build('constructors.c');
      const envs: Array<Record<string, string>> = [{}, { UXKIT_MODE: 'bypass' }];
      for (const env of envs) {
        const result = await run(exe, [name], { env });
        expect(result.code).toBe(0);
        expect(Number(result.stdout)).toBeCloseTo(expected.mean, 12);
      }
    });
  }
});

describe('seeded determinism', () => {
  it('run i prints the same numbers for P = 1 and P = 4, and another seed changes them', async () => {
    const exe = await build('sum_product.c');
    const one = await ensemble(exe, [], { runs: 200, parallel: 1, seed: '99' });
    const four = await ensemble(exe, [], { runs: 200, parallel: 4, seed: '99' });
    const other = await ensemble(exe, [], { runs: 200, parallel: 4, seed: '100' });
    const text = (r: typeof one) => r.results.records.map((x) => x.stdout.toString());
    expect(text(four)).toEqual(text(one));
    expect(text(other)).not.toEqual(text(one));
    expect(new Set(text(one)).size).toBe(200);
  });
});
