import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sortFinite } from '../../src/dist/sortFinite.js';
import { mulberry32 } from './seeded.js';

describe('sortFinite', () => {
  it('sorts like the built-in numeric sort and carries the payload along, small and large', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ noNaN: true, noDefaultInfinity: true }), { maxLength: 100 }),
        fc.integer({ min: 0, max: 3000 }),
        fc.integer(),
        (extra, size, seed) => {
          const next = mulberry32(seed);
          const scale = [1e-300, 1, 1e6, 1e300][seed & 3]!;
          const xs = Float64Array.from([...extra, ...Array.from({ length: size }, () => (next() - 0.3) * scale)]);
          const payload = Uint32Array.from(xs, (_, i) => i);
          const original = xs.slice();
          sortFinite(xs, payload);
          expect(Array.from(xs)).toEqual(Array.from(original.slice().sort()));
          for (let i = 0; i < xs.length; i++) expect(original[payload[i]!]).toBe(xs[i]);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('orders -0 before +0 and keeps extreme magnitudes', () => {
    const xs = Float64Array.from({ length: 5000 }, (_, i) => [0, -0, 5e-324, -Number.MAX_VALUE, Number.MAX_VALUE][i % 5]!);
    sortFinite(xs, new Uint32Array(xs.length));
    expect(xs[0]).toBe(-Number.MAX_VALUE);
    expect(Object.is(xs[1000], -0)).toBe(true);
    expect(Object.is(xs[2000], 0)).toBe(true);
    expect(xs[4999]).toBe(Number.MAX_VALUE);
  });
});
