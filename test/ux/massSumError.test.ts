import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createUxValue, formatUx, massSumError, parseUx, uxToJson } from '../../src/ux/index.js';

const TWO = '21.5Ux040000000000000000403580000000000000000002403540000000000040000000000000004035C000000000004000000000000000';

describe('massSumError', () => {
  it('massSumError is 0n for the published 21.5 example and for createUxValue values', () => {
    expect(massSumError(parseUx(TWO))).toBe(0n);
    expect(massSumError(createUxValue({ positions: [1, 2, 3], masses: [1, 1, 1] }))).toBe(0n);
  });

  it('massSumError(v) is sum(rawMasses) - 2^63 exactly, for any uint64 masses', () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }), { minLength: 1, maxLength: 200 }), (masses) => {
        const rawMasses = BigUint64Array.from(masses);
        expect(massSumError({ rawMasses })).toBe(masses.reduce((a, b) => a + b, 0n) - 2n ** 63n);
      }),
      { numRuns: 300 },
    );
  });

  it('massSumError stays exact over many all-ones masses (carries across both words)', () => {
    const rawMasses = new BigUint64Array(1 << 21).fill(2n ** 64n - 1n);
    expect(massSumError({ rawMasses })).toBe(BigInt(1 << 21) * (2n ** 64n - 1n) - 2n ** 63n);
  });

  it('parseUx reads a value whose masses miss 2^63 as is, and massSumError and its JSON say by how much', () => {
    // The 21.5 example with the second mass one unit short.
    const short = TWO.replace(/4000000000000000$/, '3FFFFFFFFFFFFFFF');
    const v = parseUx(short);
    expect(v.rawMasses[1]).toBe(2n ** 62n - 1n);
    expect(massSumError(v)).toBe(-1n);
    expect(formatUx(v)).toBe(short);
    expect(uxToJson(v).massSumError).toBe('-1');
    expect(uxToJson(parseUx(TWO)).massSumError).toBe('0');
  });
});
