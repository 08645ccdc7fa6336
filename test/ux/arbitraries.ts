import fc from 'fast-check';
import { formatUx, parseParticle } from '../../src/ux/index.js';
import type { UxValue } from '../../src/ux/index.js';

/** C's %e exponent has at least two digits: 1.5e-07, not 1.5e-7. */
function cExponent(s: string): string {
  return s.replace(/e([+-])(\d)$/, 'e$10$2');
}

/** Particle texts as printf prints a double with %lf, %e, %E, %g, %a and for the special values. */
export const particleText: fc.Arbitrary<string> = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e15, max: 1e15 }).map((x) => x.toFixed(6)),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => cExponent(x.toExponential(6))),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => cExponent(x.toExponential(6)).toUpperCase()),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => cExponent(String(x.toPrecision(6)).replace(/\.?0+(e|$)/, '$1'))),
  fc.integer({ min: -1000, max: 1000 }).map((n) => (n >= 0 && n % 3 === 0 ? `+${n}` : String(n))),
  fc.constantFrom('nan', '-nan', 'inf', '-inf', 'NAN', '-INF', '0x1.921fb54442d18p-1', '-0x1p+0', '3.', '.5', '-0.000000'),
);

const f32Bits = new Float32Array(1);
const position = (single: boolean): fc.Arbitrary<number> =>
  single
    ? fc.float().map((x) => ((f32Bits[0] = x), f32Bits[0]!))
    : fc.oneof(fc.double(), fc.constantFrom(NaN, Infinity, -Infinity, -0));

/** Enough random case bits for the longest generated hex: 42 + 64 * 32 digits. */
const CASE_BITS = Math.ceil((42 + 64 * 32) / 8);

/** `s` with hex letter i after `Ux` in lower case where bit i of `bits` is set, else upper case. */
export function recase(s: string, bits: Uint8Array): string {
  const ux = s.indexOf('Ux') + 2;
  const hex = Array.from(s.slice(ux), (c, i) => (bits[i >> 3]! & (1 << (i & 7)) ? c.toLowerCase() : c.toUpperCase()));
  return s.slice(0, ux) + hex.join('');
}

/** Random per-char case bits for recase. */
export const caseBits: fc.Arbitrary<Uint8Array> = fc.uint8Array({ minLength: CASE_BITS, maxLength: CASE_BITS });

/**
 * `value` with the hex case parseUx would report for its hex recased by `bits`: 'mixed' with
 * the canonical mask (bits of lower-case letters only) when both cases occur, else one case.
 */
function withCase(value: UxValue, bits: Uint8Array): UxValue {
  const s = formatUx({ ...value, hexCase: 'upper' });
  const hex = s.slice(s.indexOf('Ux') + 2);
  const mask = new Uint8Array(Math.ceil(hex.length / 8));
  let lower = false;
  let upper = false;
  for (let i = 0; i < hex.length; i++) {
    if (hex[i]! < 'A') continue;
    if (bits[i >> 3]! & (1 << (i & 7))) {
      mask[i >> 3]! |= 1 << (i & 7);
      lower = true;
    } else {
      upper = true;
    }
  }
  if (lower && upper) return { ...value, hexCase: 'mixed', hexCaseMask: mask };
  return { ...value, hexCase: lower ? 'lower' : 'upper' };
}

/** Random decoded values: any type byte, counts 1..64, special and float32 positions, upper, lower and mixed-case hex. */
export const uxValue: fc.Arbitrary<UxValue> = fc
  .record({
    type: fc.integer({ min: 0, max: 255 }),
    particleText,
    sampleCount: fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }),
    headerMean: fc.double(),
    single: fc.boolean(),
    hexCase: fc.constantFrom('upper' as const, 'lower' as const, 'mixed' as const),
    bits: caseBits,
    count: fc.integer({ min: 1, max: 64 }),
  })
  .chain((r) =>
    fc
      .record({
        positions: fc.array(position(r.single), { minLength: r.count, maxLength: r.count }),
        masses: fc.array(fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }), { minLength: r.count, maxLength: r.count }),
      })
      .map(({ positions, masses }): UxValue => {
        const value: UxValue = {
          type: r.type,
          particle: parseParticle(r.particleText),
          particleText: r.particleText,
          sampleCount: r.sampleCount,
          headerMean: r.headerMean,
          positions: Float64Array.from(positions),
          rawMasses: BigUint64Array.from(masses),
          masses: Float64Array.from(masses, (m) => Number(m) / 2 ** 63),
          positionPrecision: r.single ? 'single' : 'double',
          hexCase: r.hexCase === 'mixed' ? 'upper' : r.hexCase,
        };
        return r.hexCase === 'mixed' ? withCase(value, r.bits) : value;
      }),
  );
