import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_SCAN_ISSUES, UxFormatError, createUxValue, formatUx, scanUx } from '../../src/ux/index.js';
import { uxValue } from './arbitraries.js';

const PI = '0.785398Ux0400000000000000003FE921FB54442D18000000013FE921FB54442D188000000000000000';

/** Literal program text between values: starts and ends with a char that cannot touch a number or hex. */
const literal = fc.stringMatching(/^[ \n,)][a-z =:,()\n]{0,12}[ =:,(\n]$/);
const reference = fc
  .tuple(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.stringMatching(/^[A-Za-z0-9_-]{1,24}$/))
  .map(([x, id]) => ({ text: `${x.toFixed(6)}<ValueID>${id}</ValueID>`, id }));

describe('scanUx', () => {
  it('scanUx finds every value and reference of a generated output at its exact offsets', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(literal, fc.oneof(uxValue.map((v) => ({ v })), reference.map((r) => ({ r }))))), literal, (parts, tail) => {
        let text = '';
        const wantValues: { start: number; end: number }[] = [];
        const wantIds: { start: number; end: number; id: string }[] = [];
        for (const [lit, item] of parts) {
          text += lit;
          const piece = 'v' in item ? formatUx(item.v) : item.r.text;
          if ('v' in item) wantValues.push({ start: text.length, end: text.length + piece.length });
          else wantIds.push({ start: text.length, end: text.length + piece.length, id: item.r.id });
          text += piece;
        }
        text += tail;
        const got = scanUx(text);
        expect(got.issues.map((i) => i.error.message)).toEqual([]);
        expect(got.values.map((m) => ({ start: m.start, end: m.end }))).toEqual(wantValues);
        expect(got.valueIds.map((m) => ({ start: m.start, end: m.end, id: m.valueId }))).toEqual(wantIds);
        for (const m of got.values) expect(formatUx(m.value)).toBe(text.slice(m.start, m.end));
      }),
      { numRuns: 200 },
    );
  });

  it('scanUx never throws on random text and reports issues only as UxFormatError', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.constantFrom('Ux', '<ValueID>', '</ValueID>', '1.5', PI, '0x1p+0', 'nan'))), (chunks) => {
        const text = chunks.join('');
        const got = scanUx(text);
        for (const issue of got.issues) {
          expect(issue.error).toBeInstanceOf(UxFormatError);
          expect(issue.start).toBeLessThanOrEqual(issue.end);
        }
        for (const m of got.values) expect(text.slice(m.start, m.end)).toBe(formatUx(m.value));
      }),
      { numRuns: 500 },
    );
  });

  it('scanUx ignores prose like UxHwDoubleGaussDist and values of other words', () => {
    const got = scanUx('calls UxHwDoubleGaussDist(UxHw) then Uxe; x=1UxHw\n');
    expect(got).toEqual({ values: [], valueIds: [], issues: [], issuesOmitted: 0 });
  });

  it('scanUx reports two values printed with nothing between them as overlap, not guessed', () => {
    const got = scanUx(`a=${PI}${PI}\n`);
    expect(got.values).toEqual([]);
    // The first value's hex runs on into the second's particle: it is odd, the second overlaps it.
    expect(got.issues.map((i) => i.error.code)).toEqual(['odd-hex', 'overlap']);
  });

  it('scanUx reports a number running into the particle as bad-particle', () => {
    const got = scanUx(`v=1.2${PI} and 12-${PI.slice(0)}`);
    expect(got.values).toEqual([]);
    expect(got.issues.map((i) => [i.start, i.error.code])).toEqual([
      [4, 'bad-particle'],
      [PI.length + 12, 'bad-particle'],
    ]);
  });

  it('scanUx reports hex with no number before it, unclosed tags and bad IDs with their offsets', () => {
    const text = `x Ux${'0'.repeat(40)} 1.0<ValueID>abc 2.0<ValueID>a b</ValueID>`;
    const got = scanUx(text);
    expect(got.issues.map((i) => [i.start, i.error.code])).toEqual([
      [2, 'bad-particle'],
      [45, 'bad-value-id'],
      [61, 'bad-value-id'],
    ]);
    expect(got.issues[0]!.error.message).toContain('char 2');
  });

  it('scanUx accepts every printf particle form before a value', () => {
    const v = createUxValue({ positions: [1, 2], masses: [1, 1] });
    for (const p of ['1.500000', '-1.5e-07', '1E+10', '5', '+3.', '-nan', 'INF', '0x1.8p+0']) {
      const text = `r=${formatUx({ ...v, particleText: p })}\n`;
      const got = scanUx(text);
      expect(got.issues, p).toEqual([]);
      expect(got.values[0]!.value.particleText).toBe(p);
      expect(got.values[0]!.start).toBe(2);
    }
  });

  it('scanUx keeps the first MAX_SCAN_ISSUES issues, counts the rest, and still finds values after junk', () => {
    const junk = '1Ux'.repeat(3000) + '\n' + '<ValueID>'.repeat(2000) + '\n';
    const text = `${junk}x=${PI}\n`;
    const got = scanUx(text);
    expect(got.values.map((m) => text.slice(m.start, m.end))).toEqual([PI]);
    expect(got.issues).toHaveLength(MAX_SCAN_ISSUES);
    // The last `1Ux` has no hex after it: prose, not a candidate.
    expect(got.issues.length + got.issuesOmitted).toBe(2999 + 2000);
  });
});
