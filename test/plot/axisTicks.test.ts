import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { axisTicks } from '../../src/plot/axisTicks.js';
import { formatTicks } from '../../src/plot/formatTicks.js';

describe('formatTicks', () => {
  it('formatTicks gives plain decimals with the step\'s precision for moderate magnitudes', () => {
    expect(formatTicks([0, 0.2, 0.4], 0.2)).toEqual(['0.0', '0.2', '0.4']);
    expect(formatTicks([21.25, 21.5, 21.75], 0.25)).toEqual(['21.25', '21.50', '21.75']);
    expect(formatTicks([-2, 0, 2], 2)).toEqual(['-2', '0', '2']);
  });

  it('formatTicks switches to scientific notation at 1e-300 and 1e300', () => {
    expect(formatTicks([1e-300, 1.5e-300, 2e-300], 5e-301)).toEqual(['1.0e-300', '1.5e-300', '2.0e-300']);
    expect(formatTicks([0, 5e307, 1e308], 5e307)).toEqual(['0', '5e307', '1e308']);
  });

  it('formatTicks never prints -0', () => {
    expect(formatTicks([-0.0000001, 0.5], 0.5)).toEqual(['0.0', '0.5']);
  });
});

describe('axisTicks', () => {
  it('axisTicks gives nice increasing ticks inside the range', () => {
    const t = axisTicks(-3.2, 7.9, 6);
    expect(t.values).toEqual([-2, 0, 2, 4, 6]);
    expect(t.labels).toEqual(['-2', '0', '2', '4', '6']);
  });

  it('axisTicks handles ranges near the float64 limits and in the subnormals', () => {
    expect(axisTicks(-1.7e308, 1.7e308, 6).labels).toEqual(['-1.5e308', '-1.0e308', '-5.0e307', '0', '5.0e307', '1.0e308', '1.5e308']);
    expect(axisTicks(5e-310, 5e-309, 6).labels).toEqual(['1e-309', '2e-309', '3e-309', '4e-309']);
  });

  it('axisTicks returns no ticks for an empty or non-finite range', () => {
    expect(axisTicks(1, 1, 5).values).toEqual([]);
    expect(axisTicks(0, Infinity, 5).values).toEqual([]);
  });

  it('axisTicks labels are distinct, finite and inside the range for any finite range', () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        (a, b) => {
          fc.pre(a < b);
          const t = axisTicks(a, b, 6);
          expect(t.values.length).toBeGreaterThanOrEqual(2);
          expect(t.values.length).toBeLessThanOrEqual(20);
          for (const v of t.values) {
            expect(v).toBeGreaterThanOrEqual(a);
            expect(v).toBeLessThanOrEqual(b);
          }
          expect(new Set(t.labels).size === t.labels.length || t.values.length === 2).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});
