import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createUxValue, formatUx, parseUx } from '../../src/ux/index.js';

describe('createUxValue', () => {
  it('createUxValue gives raw masses that sum to exactly 2^63 for any positive masses', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1e300, noNaN: true }), { minLength: 1, maxLength: 64 }).filter((m) => m.some((x) => x > 0)),
        (masses) => {
          const v = createUxValue({ positions: masses.map((_, k) => k), masses });
          let sum = 0n;
          for (const m of v.rawMasses) sum += m;
          expect(sum).toBe(2n ** 63n);
          for (let k = 0; k < masses.length; k++) expect(v.masses[k]).toBe(Number(v.rawMasses[k]) / 2 ** 63);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('createUxValue fills the header: type 4 (0 for one delta), mean of the deltas, particle printed from it', () => {
    const v = createUxValue({ positions: [21.25, 21.75], masses: [3, 3] });
    expect(v).toMatchObject({ type: 4, headerMean: 21.5, particle: 21.5, particleText: '21.5', sampleCount: 0n, hexCase: 'upper' });
    expect(formatUx(v)).toBe('21.5Ux040000000000000000403580000000000000000002403540000000000040000000000000004035C000000000004000000000000000');
    const one = createUxValue({ positions: [3], masses: [1] });
    expect(one.type).toBe(0);
    expect(formatUx(one).startsWith('3.0Ux00')).toBe(true);
  });

  it('createUxValue rounds float32 positions and the value round-trips through formatUx', () => {
    const v = createUxValue({ positions: [0.1, 0.2], masses: [1, 1], positionPrecision: 'single', hexCase: 'lower' });
    expect(v.positions[0]).toBe(Math.fround(0.1));
    expect(parseUx(formatUx(v))).toEqual(v);
  });

  it('createUxValue rejects mismatched lengths, negative, NaN and all-zero masses with RangeError', () => {
    expect(() => createUxValue({ positions: [1, 2], masses: [1] })).toThrow(RangeError);
    expect(() => createUxValue({ positions: [], masses: [] })).toThrow(RangeError);
    expect(() => createUxValue({ positions: [1], masses: [-1] })).toThrow(RangeError);
    expect(() => createUxValue({ positions: [1], masses: [NaN] })).toThrow(RangeError);
    expect(() => createUxValue({ positions: [1, 2], masses: [0, 0] })).toThrow(RangeError);
  });

  it('formatUx refuses fields the layout cannot hold (type byte, uint64 sample count) with RangeError', () => {
    const v = createUxValue({ positions: [1], masses: [1] });
    expect(() => formatUx({ ...v, type: 256 })).toThrow(RangeError);
    expect(() => formatUx({ ...v, sampleCount: -1n })).toThrow(RangeError);
    expect(() => formatUx({ ...v, sampleCount: 2n ** 64n })).toThrow(RangeError);
    expect(() => formatUx({ ...v, rawMasses: new BigUint64Array(2) })).toThrow(RangeError);
  });
});
