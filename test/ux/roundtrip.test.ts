import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UxFormatError, formatUx, formatUxBytes, parseUx, parseUxBytes } from '../../src/ux/index.js';
import { caseBits, recase, uxValue } from './arbitraries.js';

describe('string and bytes round-trips', () => {
  it('parseUx(formatUx(x)) deep-equals x for random values', () => {
    fc.assert(
      fc.property(uxValue, (x) => {
        expect(parseUx(formatUx(x))).toEqual(x);
      }),
      { numRuns: 300 },
    );
  });

  it('formatUx(parseUx(s)) === s byte for byte, in upper, lower and mixed hex case', () => {
    fc.assert(
      fc.property(uxValue, (x) => {
        const s = formatUx(x);
        expect(formatUx(parseUx(s))).toBe(s);
        const hex = s.slice(s.indexOf('Ux') + 2);
        if (x.hexCase !== 'mixed') expect(hex).toBe(x.hexCase === 'lower' ? hex.toLowerCase() : hex.toUpperCase());
        else expect(hex).toMatch(/[a-f].*[A-F]|[A-F].*[a-f]/);
      }),
      { numRuns: 300 },
    );
  });

  it('formatUx(parseUx(s)) === s for any valid s with random per-char hex case', () => {
    fc.assert(
      fc.property(uxValue, caseBits, (x, bits) => {
        const s = recase(formatUx(x), bits);
        const v = parseUx(s);
        expect(formatUx(v)).toBe(s);
        expect(parseUx(formatUx(v))).toEqual(v);
      }),
      { numRuns: 300 },
    );
  });

  it('parseUx reports the case: a mask only for mixed hex, one bit per lower-case letter', () => {
    const pi = '0.785398Ux0400000000000000003FE921FB54442D18000000013FE921FB54442D188000000000000000';
    expect(parseUx(pi)).not.toHaveProperty('hexCaseMask');
    const lower = pi.replace(/Ux.*/, (ux) => `Ux${ux.slice(2).toLowerCase()}`);
    expect(parseUx(lower)).toMatchObject({ hexCase: 'lower' });
    expect(parseUx(lower)).not.toHaveProperty('hexCaseMask');
    const mixed = pi.replace('3FE921FB', '3fE921Fb');
    const v = parseUx(mixed);
    expect(v.hexCase).toBe('mixed');
    // 74 hex digits: a 10-byte mask; 'f' is hex digit 19 (bit 3 of byte 2), 'b' digit 25 (bit 1 of byte 3).
    expect(Array.from(v.hexCaseMask!)).toEqual([0, 0, 0b1000, 0b10, 0, 0, 0, 0, 0, 0]);
    expect(formatUx(v)).toBe(mixed);
  });

  it('formatUx falls back to upper case when a mixed value changed size, and keeps the mask when it did not', () => {
    const mixed = '0.785398Ux0400000000000000003fE921Fb54442D18000000013Fe921fB54442D188000000000000000';
    const v = parseUx(mixed);
    const grown = { ...v, positions: new Float64Array([1, 2]), rawMasses: new BigUint64Array([1n, 2n]) };
    expect(formatUx(grown)).toBe(formatUx({ ...grown, hexCase: 'upper' }));
    const single = { ...v, positionPrecision: 'single' as const };
    expect(formatUx(single)).toBe(formatUx({ ...single, hexCase: 'upper' }));
    const moved = { ...v, headerMean: 0.5 };
    expect(formatUx(moved)).toBe('0.785398Ux0400000000000000003fE0000000000000000000013Fe921fB54442D188000000000000000');
    expect(formatUx({ ...v, hexCaseMask: undefined as unknown as Uint8Array })).toBe(mixed.toUpperCase().replace('UX', 'Ux'));
  });

  it('formatUxBytes(parseUxBytes(b)) equals b with and without the marker', () => {
    fc.assert(
      fc.property(uxValue, fc.boolean(), (x, marker) => {
        const bytes = formatUxBytes(x, { marker });
        const back = parseUxBytes(bytes);
        expect(back.marker).toBe(marker || (bytes[8] === 0xf0 && bytes[9] === 0 && bytes[10] === 0));
        expect(formatUxBytes(back)).toEqual(bytes);
      }),
      { numRuns: 300 },
    );
  });

  it('parseUxBytes(formatUxBytes(x)) keeps every field of x', () => {
    fc.assert(
      fc.property(uxValue, (x) => {
        const back = parseUxBytes(formatUxBytes(x, { marker: true }));
        const { particleText: _a, hexCase: _b, hexCaseMask: _m, ...rest } = x;
        const { particleText: _c, marker, ...got } = back;
        expect(marker).toBe(true);
        expect(Object.is(got.particle, rest.particle) || (Number.isNaN(got.particle) && Number.isNaN(rest.particle))).toBe(true);
        expect(got).toEqual(rest);
      }),
      { numRuns: 200 },
    );
  });

  it('the masses are rawMasses / 2^63 rounded once, as Number(raw) / 2^63', () => {
    fc.assert(
      fc.property(uxValue, (x) => {
        const v = parseUx(formatUx(x));
        for (let k = 0; k < v.masses.length; k++) expect(v.masses[k]).toBe(Number(v.rawMasses[k]) / 2 ** 63);
      }),
      { numRuns: 100 },
    );
  });
});

/** Calls fn; passes when it returns or throws a UxFormatError, fails on any other exception. */
function onlyUxFormatErrors(fn: () => unknown): void {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(UxFormatError);
    expect((error as UxFormatError).message).toMatch(/(char|byte) \d+|string|Uint8Array/);
  }
}

describe('malformed input gives UxFormatError and nothing else', () => {
  it('random strings', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string().map((s) => `1.5Ux${s}`), fc.stringMatching(/^-?[0-9.e]{0,5}Ux[0-9a-fA-F]{0,80}$/)), (s) =>
        onlyUxFormatErrors(() => parseUx(s)),
      ),
      { numRuns: 1000 },
    );
  });

  it('truncations of valid encodings', () => {
    fc.assert(
      fc.property(uxValue, fc.nat(), (x, cut) => {
        const s = formatUx(x);
        const k = cut % s.length;
        // Cutting float64 pairs to exactly 12 bytes each leaves a valid float32 layout.
        const float32Cut = x.positionPrecision === 'double' && k === s.indexOf('Ux') + 2 + 42 + 24 * x.positions.length;
        if (float32Cut) onlyUxFormatErrors(() => parseUx(s.slice(0, k)));
        else expect(() => parseUx(s.slice(0, k))).toThrow(UxFormatError);
        const b = formatUxBytes(x);
        onlyUxFormatErrors(() => parseUxBytes(b.subarray(0, cut % b.length)));
      }),
      { numRuns: 300 },
    );
  });

  it('char and bit flips of valid encodings', () => {
    fc.assert(
      fc.property(uxValue, fc.nat(), fc.integer({ min: 0, max: 0xffff }), fc.integer({ min: 0, max: 7 }), (x, at, code, bit) => {
        const s = formatUx(x);
        const i = at % s.length;
        const flipped = s.slice(0, i) + String.fromCharCode(code) + s.slice(i + 1);
        onlyUxFormatErrors(() => expect(formatUx(parseUx(flipped))).toBe(flipped));
        const b = formatUxBytes(x);
        b[at % b.length]! ^= 1 << bit;
        onlyUxFormatErrors(() => parseUxBytes(b));
      }),
      { numRuns: 500 },
    );
  });

  it('a header claiming 4 billion deltas in a 100-byte string fails at once with count-too-large', () => {
    const s = `1.5Ux04${'0'.repeat(32)}FFFFFFFF${'0'.repeat(58)}`;
    expect(() => parseUx(s)).toThrow(expect.objectContaining({ code: 'count-too-large' }));
    const b = new Uint8Array(100);
    new DataView(b.buffer).setUint32(8 + 17, 0xffffffff, true);
    expect(() => parseUxBytes(b)).toThrow(expect.objectContaining({ code: 'count-too-large' }));
  });

  it('random huge counts written into valid encodings', () => {
    fc.assert(
      // From 86 up, even 12-byte pairs need more than the 64 * 16 bytes a generated value has.
      fc.property(uxValue, fc.integer({ min: 86, max: 0xffffffff }), (x, count) => {
        const s = formatUx(x);
        const ux = s.indexOf('Ux') + 2;
        const forged = s.slice(0, ux + 34) + count.toString(16).padStart(8, '0').toUpperCase() + s.slice(ux + 42);
        expect(() => parseUx(forged)).toThrow(UxFormatError);
      }),
      { numRuns: 200 },
    );
  });

  it('non-string input to parseUx is UxFormatError not-ux', () => {
    for (const bad of [null, undefined, 42, {}, ['1.5Ux']]) {
      expect(() => parseUx(bad as unknown as string)).toThrow(expect.objectContaining({ code: 'not-ux' }));
    }
    expect(() => parseUxBytes('abc' as unknown as Uint8Array)).toThrow(expect.objectContaining({ code: 'not-ux' }));
  });
});
