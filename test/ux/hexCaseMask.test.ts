import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyHexCaseMask, hexCaseMaskLength, readHexCaseMask } from '../../src/ux/hexCaseMask.js';

const hexChars = fc.array(fc.constantFrom(...'0123456789abcdefABCDEF'), { maxLength: 300 }).map((a) => a.join(''));

describe('hexCaseMask', () => {
  it('readHexCaseMask sets bit i exactly when hex digit i is a lower-case letter, at any length and offset', () => {
    fc.assert(
      fc.property(hexChars, fc.string({ maxLength: 5 }), (hex, before) => {
        const mask = readHexCaseMask(`${before}${hex}zz`, before.length, before.length + hex.length);
        expect(mask.length).toBe(hexCaseMaskLength(hex.length));
        for (let i = 0; i < 8 * mask.length; i++) {
          expect(Boolean(mask[i >> 3]! & (1 << (i & 7)))).toBe(i < hex.length && hex[i]! >= 'a');
        }
      }),
      { numRuns: 300 },
    );
  });

  it('applyHexCaseMask(lower-case hex, its mask) gives back the original case', () => {
    fc.assert(
      fc.property(hexChars, (hex) => {
        expect(applyHexCaseMask(hex.toLowerCase(), readHexCaseMask(hex, 0, hex.length))).toBe(hex);
      }),
      { numRuns: 300 },
    );
  });
});
