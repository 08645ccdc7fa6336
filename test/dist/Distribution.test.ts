import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Distribution, DistributionError } from '../../src/dist/Distribution.js';

describe('Distribution.fromParticles', () => {
  it('sorts positions, merges equal ones, drops zero masses and normalises', () => {
    const d = Distribution.fromParticles([3, 1, 3, 2, 5], [1, 1, 2, 0, 4]);
    expect(Array.from(d.positions)).toEqual([1, 3, 5]);
    expect(Array.from(d.masses)).toEqual([0.125, 0.375, 0.5]);
    expect(d.finiteMass).toBe(1);
  });

  it('routes NaN and infinite positions to the special-value masses', () => {
    const d = Distribution.fromParticles([NaN, -Infinity, Infinity, 0], [1, 1, 1, 1]);
    expect(Array.from(d.positions)).toEqual([0]);
    expect([d.nanMass, d.negInfMass, d.posInfMass]).toEqual([0.25, 0.25, 0.25]);
    expect(d.finiteMass).toBeCloseTo(0.25, 15);
  });

  it('rejects negative, NaN and infinite masses, mismatched lengths and zero total mass', () => {
    for (const masses of [[-1], [NaN], [Infinity], [0]]) {
      expect(() => Distribution.fromParticles([1], masses)).toThrow(DistributionError);
    }
    expect(() => Distribution.fromParticles([1, 2], [1])).toThrow(DistributionError);
  });

  it('always yields strictly increasing finite positions with positive masses summing to 1', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.double({ noNaN: false }), fc.double({ min: 0, max: 1e6, noNaN: true })), { minLength: 1 }),
        (pairs) => {
          fc.pre(pairs.some(([, m]) => m > 0));
          const d = Distribution.fromParticles(pairs.map((p) => p[0]), pairs.map((p) => p[1]));
          let total = d.specialMass;
          for (let i = 0; i < d.size; i++) {
            expect(Number.isFinite(d.positions[i]!)).toBe(true);
            expect(d.masses[i]!).toBeGreaterThan(0);
            if (i > 0) expect(d.positions[i]!).toBeGreaterThan(d.positions[i - 1]!);
            total += d.masses[i]!;
          }
          expect(total).toBeCloseTo(1, 9);
        },
      ),
    );
  });
});
