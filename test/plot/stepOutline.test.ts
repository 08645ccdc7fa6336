import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stepOutline } from '../../src/plot/stepOutline.js';

const sx = (v: number) => v;
const sy = (v: number) => 100 - v;

describe('stepOutline', () => {
  it('stepOutline traces baseline, each bin at its height, and back to the baseline', () => {
    const p = stepOutline(Float64Array.of(0, 10, 30), Float64Array.of(5, 20), sx, sy);
    expect(Array.from(p)).toEqual([0, 100, 0, 95, 10, 95, 10, 80, 30, 80, 30, 100]);
  });

  it('stepOutline merges sub-pixel bins into one stroke spanning their heights', () => {
    const edges = Float64Array.of(0, 10, 10.05, 10.1, 10.15, 20);
    const heights = Float64Array.of(5, 30, 1, 12, 5);
    const p = stepOutline(edges, heights, sx, sy);
    expect(Array.from(p)).toEqual([0, 100, 0, 95, 10, 95, 10, 70, 10, 99, 10.15, 88, 10.15, 95, 20, 95, 20, 100]);
  });

  it('stepOutline keeps the first and last edges, the highest bin and never more points than bins allow', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.double({ min: 0.001, max: 3, noNaN: true }), fc.double({ min: 0, max: 90, noNaN: true })), { minLength: 1, maxLength: 200 }), (bins) => {
        const edges = new Float64Array(bins.length + 1);
        const heights = new Float64Array(bins.length);
        for (let i = 0; i < bins.length; i++) {
          edges[i + 1] = edges[i]! + bins[i]![0];
          heights[i] = bins[i]![1];
        }
        const p = stepOutline(edges, heights, sx, sy);
        expect(p.length).toBeLessThanOrEqual(4 * bins.length + 4);
        expect([p[0], p[1]]).toEqual([0, 100]);
        expect([p[p.length - 2], p[p.length - 1]]).toEqual([edges[bins.length], 100]);
        let top = Infinity;
        for (let i = 1; i < p.length; i += 2) top = Math.min(top, p[i]!);
        expect(top).toBe(100 - Math.max(...heights));
        for (let i = 2; i < p.length; i += 2) expect(p[i]!).toBeGreaterThanOrEqual(p[i - 2]!);
      }),
    );
  });
});
