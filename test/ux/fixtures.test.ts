import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Distribution, mean, variance } from '../../src/dist/index.js';
import { formatUx, parseUx, scanUx } from '../../src/ux/index.js';

const fixture = (name: string): string => readFileSync(new URL(`../../fixtures/ux/${name}`, import.meta.url), 'utf8');
const line = (name: string): string => fixture(name).trim();

describe('published examples (reference.md section 1)', () => {
  it('parseUx reads the pi/4 example as type 4, one delta at pi/4 with mass 1', () => {
    const v = parseUx(line('pi-over-4.ux'));
    expect(v.type).toBe(4);
    expect(v.particle).toBe(0.785398);
    expect(v.particleText).toBe('0.785398');
    expect(v.sampleCount).toBe(0n);
    expect(v.headerMean).toBe(Math.PI / 4);
    expect(Array.from(v.positions)).toEqual([Math.PI / 4]);
    expect(Array.from(v.rawMasses)).toEqual([2n ** 63n]);
    expect(Array.from(v.masses)).toEqual([1]);
    expect(v.positionPrecision).toBe('double');
    expect(v.hexCase).toBe('upper');
  });

  it('parseUx reads the 21.5 example as deltas 21.25 and 21.75 of mass 0.5: mean 21.5, variance 0.0625', () => {
    const v = parseUx(line('two-deltas-21.5.ux'));
    expect(Array.from(v.positions)).toEqual([21.25, 21.75]);
    expect(Array.from(v.masses)).toEqual([0.5, 0.5]);
    expect(Array.from(v.rawMasses)).toEqual([2n ** 62n, 2n ** 62n]);
    const d = Distribution.fromUx(v);
    expect(mean(d)).toBe(21.5);
    expect(variance(d)).toBe(0.0625);
  });

  it('parseUx keeps special positions, C\'s -nan bits, lower-case hex and the sample count', () => {
    const text = line('special-lowercase.ux');
    const v = parseUx(text);
    expect(v.particleText).toBe('-nan');
    expect(v.particle).toBeNaN();
    expect(v.hexCase).toBe('lower');
    expect(v.sampleCount).toBe(1024n);
    expect(v.headerMean).toBeNaN();
    expect(v.positions[0]).toBe(1.5);
    expect(v.positions[1]).toBeNaN();
    expect(v.positions[2]).toBe(Infinity);
    expect(Array.from(v.masses)).toEqual([0.5, 0.25, 0.25]);
    expect(formatUx(v)).toBe(text);
  });

  it('parseUx reads mixed-case hex (legal per the platform regex) as the same value, hexCase mixed', () => {
    const v = parseUx(line('pi-over-4-mixed-case.ux'));
    const { hexCase, hexCaseMask, ...fields } = v;
    expect(hexCase).toBe('mixed');
    expect(hexCaseMask).toBeInstanceOf(Uint8Array);
    const { hexCase: upper, ...want } = parseUx(line('pi-over-4.ux'));
    expect(upper).toBe('upper');
    expect(fields).toEqual(want);
  });

  it('parseUx reads float32 positions when the pairs are 12 bytes each', () => {
    const v = parseUx(line('float32-positions.ux'));
    expect(v.positionPrecision).toBe('single');
    expect(Array.from(v.positions)).toEqual([0.5, 1.5]);
    expect(v.sampleCount).toBe(32n);
    expect(v.particle).toBe(1);
  });

  it('formatUx re-encodes every fixture byte for byte', () => {
    for (const name of ['pi-over-4.ux', 'two-deltas-21.5.ux', 'special-lowercase.ux', 'float32-positions.ux', 'pi-over-4-mixed-case.ux']) {
      expect(formatUx(parseUx(line(name)))).toBe(line(name));
    }
  });

  it('scanUx finds the values and the ValueID in a program output and reports the cut-short value', () => {
    const text = fixture('program-output.txt');
    const { values, valueIds, issues } = scanUx(text);
    expect(values.map((m) => text.slice(m.start, m.end))).toEqual([line('pi-over-4.ux'), line('two-deltas-21.5.ux')]);
    expect(values.map((m) => m.value.particle)).toEqual([0.785398, 21.5]);
    expect(valueIds).toHaveLength(1);
    expect(valueIds[0]).toMatchObject({ particle: 3.141593, particleText: '3.141593', valueId: 'val_0a1b2c' });
    expect(text.slice(valueIds[0]!.start, valueIds[0]!.end)).toBe('3.141593<ValueID>val_0a1b2c</ValueID>');
    expect(issues).toHaveLength(1);
    expect(issues[0]!.error.code).toBe('truncated');
    expect(text.slice(issues[0]!.start, issues[0]!.end)).toBe('1.5Ux04000000');
  });

  it('parseUx reads the spec\'s bare Ux string: particleText empty, particle the header mean, re-encoded as is', () => {
    const bare = line('pi-over-4.ux').slice('0.785398'.length);
    const v = parseUx(bare);
    expect(v.particleText).toBe('');
    expect(v.particle).toBe(Math.PI / 4);
    expect(formatUx(v)).toBe(bare);
  });
});
