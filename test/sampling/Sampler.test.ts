import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Distribution } from '../../src/dist/Distribution.js';
import { createSampler, resumeSampler, sample, SamplingError } from '../../src/sampling/index.js';
import { randomDistribution } from './helpers.js';

const dist = randomDistribution(7, 40, true);

describe('Sampler', () => {
  it('the same distribution, seed and mode give the same stream', () => {
    const a = sample(dist, 1000, { seed: 42, mode: 'particles' });
    const b = sample(dist, 1000, { seed: 42, mode: 'particles' });
    expect(a).toEqual(b);
    expect(sample(dist, 1000, { seed: 43, mode: 'particles' })).not.toEqual(a);
  });

  it('a number seed and its decimal string are different seeds, as in seedrandom', () => {
    expect(sample(dist, 50, { seed: 5, mode: 'particles' })).not.toEqual(sample(dist, 50, { seed: '5', mode: 'particles' }));
    expect(sample(dist, 50, { seed: 'abc', mode: 'particles' })).toEqual(sample(dist, 50, { seed: 'abc', mode: 'particles' }));
  });

  it('draws taken in batches through tokens equal one large draw of the same total', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat({ max: 300 }), { minLength: 1, maxLength: 12 }),
        fc.oneof(fc.integer(), fc.string({ maxLength: 20 })),
        (batches, seed) => {
          const total = batches.reduce((a, b) => a + b, 0);
          const whole = sample(dist, total, { seed, mode: 'particles' });
          const parts = new Float64Array(total);
          let sampler = createSampler(dist, { seed, mode: 'particles' });
          let at = 0;
          for (const size of batches) {
            parts.set(sampler.next(size), at);
            at += size;
            sampler = resumeSampler(dist, sampler.token());
            expect(sampler.position).toBe(at);
          }
          expect(parts).toEqual(whole);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('nextInto(out, offset, count) writes only its slice and continues the stream', () => {
    const whole = sample(dist, 30, { seed: 9, mode: 'particles' });
    const sampler = createSampler(dist, { seed: 9, mode: 'particles' });
    const out = new Float64Array(40).fill(-7);
    sampler.nextInto(out, 5, 10);
    sampler.nextInto(out, 15, 20);
    expect(out.subarray(0, 5).every((v) => v === -7)).toBe(true);
    expect(out.subarray(5, 35)).toEqual(whole);
    expect(out.subarray(35).every((v) => v === -7)).toBe(true);
    expect(sampler.position).toBe(30);
  });

  it('next(0) gives an empty array and leaves the stream where it was', () => {
    const sampler = createSampler(dist, { seed: 1, mode: 'particles' });
    expect(sampler.next(0)).toEqual(new Float64Array(0));
    expect(sampler.position).toBe(0);
    expect(sampler.next(5)).toEqual(sample(dist, 5, { seed: 1, mode: 'particles' }));
  });

  it('negative, non-integer, NaN and non-number counts are rejected with SamplingError bad-count', () => {
    const sampler = createSampler(dist, { seed: 1, mode: 'particles' });
    for (const bad of [-1, 1.5, NaN, Infinity, '3' as unknown as number, 2 ** 40]) {
      expect(() => sampler.next(bad)).toThrow(SamplingError);
      try {
        sampler.next(bad);
      } catch (error) {
        expect((error as SamplingError).code).toBe('bad-count');
      }
    }
    expect(() => sampler.nextInto(new Float64Array(4), 2, 3)).toThrow(/overrun/);
    expect(() => sampler.nextInto(new Float64Array(4), -1, 1)).toThrow(SamplingError);
    expect(sampler.position).toBe(0);
  });

  it('bad seeds and modes are rejected with SamplingError', () => {
    expect(() => createSampler(dist, { seed: 1.5 })).toThrow(expect.objectContaining({ code: 'bad-seed' }));
    expect(() => createSampler(dist, { seed: 'x'.repeat(300) })).toThrow(expect.objectContaining({ code: 'bad-seed' }));
    expect(() => createSampler(dist, { mode: 'histogram' as 'density' })).toThrow(expect.objectContaining({ code: 'bad-mode' }));
    expect(() => createSampler(dist, { secret: '' })).toThrow(expect.objectContaining({ code: 'bad-secret' }));
  });

  it('no seed gives a random integer seed that the token carries', () => {
    const a = createSampler(dist, { mode: 'particles' });
    const b = createSampler(dist, { mode: 'particles' });
    expect(Number.isSafeInteger(a.seed)).toBe(true);
    expect(a.seed).not.toBe(b.seed);
    const first = a.next(10);
    const resumed = resumeSampler(dist, a.token());
    expect(resumed.seed).toBe(a.seed);
    expect(sample(dist, 10, { seed: resumed.seed, mode: 'particles' })).toEqual(first);
    expect(resumed.next(10)).toEqual(a.next(10));
  });

  it('special-value masses are drawn as NaN, -Infinity and +Infinity in proportion', () => {
    const special = Distribution.fromParticles([1, NaN, -Infinity, Infinity], [0.4, 0.3, 0.2, 0.1]);
    const draws = sample(special, 100_000, { seed: 3, mode: 'particles' });
    const counts = { one: 0, nan: 0, neg: 0, pos: 0 };
    for (const v of draws) {
      if (v === 1) counts.one++;
      else if (Number.isNaN(v)) counts.nan++;
      else if (v === -Infinity) counts.neg++;
      else if (v === Infinity) counts.pos++;
    }
    expect(counts.one + counts.nan + counts.neg + counts.pos).toBe(100_000);
    // 5 standard deviations of a binomial count at n = 100000 is under 800.
    expect(Math.abs(counts.one - 40_000)).toBeLessThan(800);
    expect(Math.abs(counts.nan - 30_000)).toBeLessThan(800);
    expect(Math.abs(counts.neg - 20_000)).toBeLessThan(700);
    expect(Math.abs(counts.pos - 10_000)).toBeLessThan(500);
  });

  it('a single delta always draws its position in particles mode', () => {
    const point = Distribution.fromParticles([2.5], [1]);
    expect(sample(point, 100, { seed: 1, mode: 'particles' }).every((v) => v === 2.5)).toBe(true);
  });

  it('ten million draws go into one reused buffer with the same numbers as one next()', () => {
    const big = randomDistribution(11, 512);
    const sampler = createSampler(big, { seed: 'big', mode: 'particles' });
    const buffer = new Float64Array(1_000_000);
    let sum = 0;
    let last = 0;
    for (let batch = 0; batch < 10; batch++) {
      sampler.nextInto(buffer);
      for (let i = 0; i < buffer.length; i++) sum += buffer[i]!;
      last = buffer[buffer.length - 1]!;
    }
    expect(sampler.position).toBe(10_000_000);
    const whole = sample(big, 10_000_000, { seed: 'big', mode: 'particles' });
    let wholeSum = 0;
    for (let i = 0; i < whole.length; i++) wholeSum += whole[i]!;
    expect(whole[whole.length - 1]).toBe(last);
    expect(wholeSum).toBe(sum);
  });
});
