import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aliasTable } from '../../src/sampling/aliasTable.js';

/** The probability of each outcome that the table implies: (own share + aliased shares) / n. */
function impliedProbabilities(keep: Float64Array, alias: Uint32Array): Float64Array {
  const n = keep.length;
  const p = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    p[i] += keep[i]! / n;
    p[alias[i]!] += (1 - keep[i]!) / n;
  }
  return p;
}

describe('aliasTable', () => {
  it('aliasTable(weights) implies exactly the normalised weights', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 300 }), (raw) => {
        const weights = raw.map((w, i) => (i === 0 ? w + 1 : w));
        const sum = weights.reduce((a, b) => a + b, 0);
        const { keep, alias } = aliasTable(weights);
        const p = impliedProbabilities(keep, alias);
        for (let i = 0; i < weights.length; i++) {
          expect(keep[i]).toBeGreaterThanOrEqual(0);
          expect(keep[i]).toBeLessThanOrEqual(1);
          expect(p[i]).toBeCloseTo(weights[i]! / sum, 12);
        }
      }),
    );
  });

  it('aliasTable(weights) never aliases to a zero-weight column', () => {
    const { keep, alias } = aliasTable([0, 3, 0, 1]);
    expect(keep[0]).toBe(0);
    expect(keep[2]).toBe(0);
    for (let i = 0; i < 4; i++) if (keep[i]! < 1) expect([1, 3]).toContain(alias[i]);
  });
});
