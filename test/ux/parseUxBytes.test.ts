import { describe, expect, it } from 'vitest';
import { formatUxBytes, parseUx, parseUxBytes } from '../../src/ux/index.js';

// pi/4 (reference.md section 1) in the binary form, built by hand from the layout:
// particle f64 LE, [F0 00 00], type, count u64 LE, mean f64 LE, N u32 LE, position f64 LE, mass u64 LE.
const PI4_LE = '182d4454fb21e93f';
const BODY = `04${'00'.repeat(8)}${PI4_LE}01000000${PI4_LE}0000000000000080`;
const hex = (s: string) => Uint8Array.from(Buffer.from(s, 'hex'));

describe('parseUxBytes', () => {
  it('parseUxBytes reads the pi/4 example with and without the F0 00 00 marker', () => {
    for (const [bytes, marker] of [[hex(`${PI4_LE}f00000${BODY}`), true], [hex(`${PI4_LE}${BODY}`), false]] as const) {
      const v = parseUxBytes(bytes);
      expect(v.marker).toBe(marker);
      expect(v.particle).toBe(Math.PI / 4);
      expect(v.type).toBe(4);
      expect(Array.from(v.positions)).toEqual([Math.PI / 4]);
      expect(Array.from(v.rawMasses)).toEqual([2n ** 63n]);
      expect(Buffer.from(formatUxBytes(v)).toString('hex')).toBe(Buffer.from(bytes).toString('hex'));
    }
  });

  it('formatUxBytes of a parsed string gives the same fields in little-endian', () => {
    const v = parseUx('0.785398Ux0400000000000000003FE921FB54442D18000000013FE921FB54442D188000000000000000');
    const particle = Buffer.from(new Float64Array([0.785398]).buffer).toString('hex');
    expect(Buffer.from(formatUxBytes(v, { marker: false })).toString('hex')).toBe(`${particle}${BODY}`);
    expect(Buffer.from(formatUxBytes(v)).toString('hex')).toBe(`${particle}f00000${BODY}`);
  });

  it('parseUxBytes names the byte offset of truncation, bad counts and a bad marker', () => {
    expect(() => parseUxBytes(hex(PI4_LE))).toThrow(/truncated.*byte 8/);
    const big = hex(`${PI4_LE}04${'00'.repeat(16)}ffffff7f`);
    expect(() => parseUxBytes(big)).toThrow(expect.objectContaining({ code: 'count-too-large', offset: 29 }));
    expect(() => parseUxBytes(hex(`${PI4_LE}f00100${BODY}`))).toThrow(expect.objectContaining({ code: 'bad-marker', offset: 9 }));
  });
});
