import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quantizeMasses, UNITS } from '../../src/sampling/quantizeMasses.js';
import { unitAliasTable } from '../../src/sampling/unitAliasTable.js';

/** Units of probability each outcome gets from the table: kept coins plus aliased coins. */
function impliedUnits(weights: number, table: ReturnType<typeof unitAliasTable>): Float64Array {
  const { columns, lastKept, alias } = table;
  const capacity = UNITS / columns;
  const units = new Float64Array(columns);
  for (let i = 0; i < columns; i++) {
    units[i] = units[i]! + lastKept[i]! + 1;
    units[alias[i]!] = units[alias[i]!]! + capacity - (lastKept[i]! + 1);
  }
  return units.subarray(0, weights);
}

const weightArrays = fc
  .array(fc.double({ min: 0, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 300 })
  .map((raw) => raw.map((w, i) => (i === 0 ? w + 1e-3 : w)));

describe('quantizeMasses', () => {
  it('quantizeMasses(weights) gives integer units summing to exactly 2^32, each within one unit of its share', () => {
    fc.assert(
      fc.property(weightArrays, (weights) => {
        const sum = weights.reduce((a, b) => a + b, 0);
        const units = quantizeMasses(weights);
        let total = 0;
        for (let i = 0; i < weights.length; i++) {
          expect(Number.isInteger(units[i])).toBe(true);
          expect(Math.abs(units[i]! - (weights[i]! / sum) * UNITS)).toBeLessThan(1);
          if (weights[i] === 0) expect(units[i]).toBe(0);
          total += units[i]!;
        }
        expect(total).toBe(UNITS);
      }),
    );
  });

  it('quantizeMasses of thirds rounds to 1431655765, 1431655765 and 1431655766 units', () => {
    expect(Array.from(quantizeMasses([1, 1, 1])).sort()).toEqual([1431655765, 1431655765, 1431655766]);
  });
});

describe('unitAliasTable', () => {
  it('unitAliasTable(weights) implies exactly the quantized units of every outcome', () => {
    fc.assert(
      fc.property(weightArrays, (weights) => {
        const table = unitAliasTable(weights);
        expect(table.columns).toBe(2 ** table.shift);
        expect(table.columns).toBeGreaterThanOrEqual(Math.max(2, weights.length));
        expect(table.columns).toBeLessThan(Math.max(4, 2 * weights.length));
        expect(impliedUnits(weights.length, table)).toEqual(quantizeMasses(weights));
      }),
    );
  });

  it('padding columns and zero-weight outcomes are never drawn: they are always aliased to a weighted outcome', () => {
    const table = unitAliasTable([0, 3, 0, 1, 2]);
    expect(table.columns).toBe(8);
    for (let i = 0; i < 8; i++) {
      if (i === 0 || i === 2 || i >= 5) {
        expect(table.lastKept[i]).toBe(-1);
        expect([1, 3, 4]).toContain(table.alias[i]);
      }
    }
  });

  it('a single outcome fills both columns of a two-column table', () => {
    const table = unitAliasTable([5]);
    expect(table.columns).toBe(2);
    expect(table.shift).toBe(1);
    expect(table.lastKept[0]).toBe(2 ** 31 - 1);
    expect(table.lastKept[1]).toBe(-1);
    expect(table.alias[1]).toBe(0);
  });
});
