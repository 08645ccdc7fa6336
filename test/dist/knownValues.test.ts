import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Distribution } from '../../src/dist/Distribution.js';
import {
  binDensity,
  cdf,
  excessKurtosis,
  mean,
  probabilityGreaterThan,
  quantile,
  skewness,
  supportMax,
  supportMin,
  toUxValue,
  variance,
} from '../../src/dist/index.js';
import { formatUx } from '../../src/ux/formatUx.js';
import { parseUx } from '../../src/ux/parseUx.js';

type Num = number | string;
interface Known {
  name: string;
  ux: string;
  mean: Num;
  variance: Num;
  skewness: Num;
  excessKurtosis: Num;
  supportMin: Num;
  supportMax: Num;
  cdf: [Num, Num][];
  quantile: [Num, Num][];
  probabilityGreaterThan: [Num, Num][];
  edges?: number[];
  heights?: number[];
  pointPosition?: number;
}

const fixture = JSON.parse(readFileSync(new URL('../../fixtures/dist/known-statistics.json', import.meta.url), 'utf8')) as {
  values: Known[];
};
const num = (v: Num): number => (typeof v === 'number' ? v : Number(v));

function same(actual: number, expected: Num): void {
  const e = num(expected);
  if (Number.isNaN(e)) expect(Number.isNaN(actual)).toBe(true);
  else if (!Number.isFinite(e) || e === 0) expect(actual).toBe(e);
  else expect(actual).toBeCloseTo(e, 13);
}

describe('known values from fixtures/dist/known-statistics.json', () => {
  for (const k of fixture.values) {
    it(`${k.name}: statistics, order statistics and bins match the worked answers`, () => {
      const d = Distribution.fromUx(parseUx(k.ux));
      same(mean(d), k.mean);
      same(variance(d), k.variance);
      same(skewness(d), k.skewness);
      same(excessKurtosis(d), k.excessKurtosis);
      same(supportMin(d), k.supportMin);
      same(supportMax(d), k.supportMax);
      for (const [x, p] of k.cdf) same(cdf(d, num(x)), p);
      for (const [p, x] of k.quantile) same(quantile(d, num(p)), x);
      for (const [c, p] of k.probabilityGreaterThan) same(probabilityGreaterThan(d, num(c)), p);
      const bins = binDensity(d);
      if (k.edges) expect(Array.from(bins.edges)).toEqual(k.edges);
      if (k.heights) expect(Array.from(bins.heights)).toEqual(k.heights);
      if (k.pointPosition !== undefined) expect(bins.pointPosition).toBe(k.pointPosition);
    });
  }

  it('toUxValue re-encodes the published two-delta value byte for byte', () => {
    const k = fixture.values[0]!;
    const d = Distribution.fromUx(parseUx(k.ux));
    expect(formatUx(toUxValue(d, { particleText: '21.5' }))).toBe(k.ux);
  });
});
