import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { numberValue, shapeKey, tokenizeOutput } from '../../../src/engine/aggregate/tokenizeOutput.js';

describe('tokenizeOutput', () => {
  it('finds printf decimals, exponents, signs, nan and inf', () => {
    const t = tokenizeOutput('a = -0.500000, b=1.5e-07 c: +3 d .25 e -nan f inf g NaN h -Infinity\n');
    expect(t.numbers).toEqual(['-0.500000', '1.5e-07', '+3', '.25', '-nan', 'inf', 'NaN', '-Infinity']);
    expect(t.literals[0]).toBe('a = ');
    expect(t.literals.at(-1)).toBe('\n');
  });

  it('keeps numbers glued to a word before them as literal text', () => {
    expect(tokenizeOutput('x1 v2.0 item_3').numbers).toEqual([]);
    expect(tokenizeOutput('0x1F').numbers).toEqual(['0']);
    expect(tokenizeOutput('version 1.5.3').numbers).toEqual(['1.5']);
  });

  it('splits dates and ranges into unsigned numbers and dashes', () => {
    expect(tokenizeOutput('2024-01-05').numbers).toEqual(['2024', '01', '05']);
    expect(tokenizeOutput('1-2').numbers).toEqual(['1', '2']);
  });

  it('takes units after a number as literal text and does not read words as nan or inf', () => {
    const t = tokenizeOutput('took 5ms; information banana 2eggs');
    expect(t.numbers).toEqual(['5', '2']);
  });

  it('reassembles the original text from its literals and numbers', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789.-+eE xnaif\n_=ab'.split('')) }), (s) => {
        const t = tokenizeOutput(s);
        let joined = '';
        for (let i = 0; i < t.numbers.length; i++) joined += t.literals[i]! + t.numbers[i]!;
        expect(joined + t.literals.at(-1)!).toBe(s);
        expect(t.literals.length).toBe(t.numbers.length + 1);
        for (const n of t.numbers) expect(Number.isNaN(numberValue(n)) && !/nan/i.test(n)).toBe(false);
      }),
    );
  });

  it('gives fixed-width fields of different padding the same shape', () => {
    expect(shapeKey(tokenizeOutput('v=   6.00000\n'))).toBe(shapeKey(tokenizeOutput('v=  10.00000\n')));
    expect(shapeKey(tokenizeOutput('a 1\n'))).not.toBe(shapeKey(tokenizeOutput('b 1\n')));
  });
});
