import { describe, expect, it } from 'vitest';
import { Distribution } from '../../src/dist/Distribution.js';
import { PlotOptionsError, plotCacheKey } from '../../src/plot/index.js';

const UX = '0.785398Ux0400000000000000003FE921FB54442D18000000013FE921FB54442D188000000000000000';

describe('plotCacheKey', () => {
  it('plotCacheKey is a SHA-256 hex that ignores spelling out defaults', () => {
    const key = plotCacheKey(UX);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(plotCacheKey(UX, { format: 'png', width: 800, pixelRatio: 2 })).toBe(key);
    expect(plotCacheKey(` ${UX}\n`)).toBe(key);
  });

  it('plotCacheKey changes with the value and with every option that changes the picture', () => {
    const keys = new Set([
      plotCacheKey(UX),
      plotCacheKey(UX.replace('3FE9', '3FE8')),
      plotCacheKey(UX, { format: 'svg' }),
      plotCacheKey(UX, { xLimMin: 0 }),
      plotCacheKey(UX, { xAxisLabel: 'V' }),
      plotCacheKey(UX, { fullResolution: true }),
      plotCacheKey(Distribution.fromParticles([1, 2], [1, 1])),
      plotCacheKey(Distribution.fromParticles([1, 2], [1, 2])),
      plotCacheKey(Distribution.fromParticles([1, 2, NaN], [1, 1, 1])),
    ]);
    expect(keys.size).toBe(9);
  });

  it('plotCacheKey rejects bad options like renderDensity does', () => {
    expect(() => plotCacheKey(UX, { width: -1 })).toThrow(PlotOptionsError);
  });
});
