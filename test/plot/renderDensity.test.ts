import { describe, expect, it } from 'vitest';
import { Distribution } from '../../src/dist/Distribution.js';
import { PlotOptionsError, renderDensity } from '../../src/plot/index.js';
import { theme } from '../../src/plot/theme.js';
import { decodePng, locate, near, overWhite, twoDeltas } from './pixels.js';

const WHITE: [number, number, number] = [255, 255, 255];
const FILL = overWhite(theme.densityFill, theme.densityFillOpacity);
const MEAN = overWhite(theme.meanStroke, 1);
const OUTLINE = overWhite(theme.densityStroke, 1);
const SPECIAL = overWhite(theme.specialFill, theme.specialFillOpacity);

describe('renderDensity to PNG', () => {
  it('renderDensity draws an 800x500 picture at pixel ratio 2 by default', async () => {
    const plot = renderDensity(twoDeltas());
    expect(plot.contentType).toBe('image/png');
    expect(Array.from(plot.bytes.subarray(0, 8))).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const png = await decodePng(plot.bytes);
    expect([png.width, png.height]).toEqual([1600, 1000]);
  });

  it('renderDensity honours width, height and pixelRatio', async () => {
    const png = await decodePng(renderDensity(twoDeltas(), { width: 400, height: 300, pixelRatio: 1 }).bytes);
    expect([png.width, png.height]).toEqual([400, 300]);
  });

  it('renderDensity fills the area under the density green and leaves the area above it white', async () => {
    const d = twoDeltas();
    const png = await decodePng(renderDensity(d).bytes);
    const at = locate(d, {});
    expect(near(png.rgb(...at(0.25, 0.25)), FILL)).toBe(true);
    expect(near(png.rgb(...at(1.25, 0.13)), FILL)).toBe(true);
    expect(near(png.rgb(...at(0.25, 0.52)), WHITE)).toBe(true);
    // Outside the support [-0.5, 1.5] there is no density.
    expect(near(png.rgb(...at(-0.55, 0.13)), WHITE)).toBe(true);
    // The outline runs along the top of the flat density.
    expect(near(png.rgb(...at(0.25, 0.5)), OUTLINE, 40)).toBe(true);
  });

  it('renderDensity draws the E(X) line at the mean', async () => {
    const d = Distribution.fromParticles([0, 1], [0.25, 0.75]);
    const png = await decodePng(renderDensity(d).bytes);
    const at = locate(d, {});
    expect(near(png.rgb(...at(0.75, 0.1)), MEAN, 10)).toBe(true);
    expect(near(png.rgb(...at(0.5, 0.1)), MEAN, 10)).toBe(false);
  });

  it('renderDensity clips the density to xLimMin..xLimMax', async () => {
    const d = twoDeltas();
    const opts = { xLimMin: 0.5, xLimMax: 3 };
    const png = await decodePng(renderDensity(d, opts).bytes);
    const at = locate(d, opts);
    expect(near(png.rgb(...at(1.0, 0.25)), FILL)).toBe(true);
    expect(near(png.rgb(...at(2.0, 0.25)), WHITE)).toBe(true);
    // Left of the plot area (where x < 0.5 would be) nothing green is drawn.
    const [x, y] = at(0.5, 0.25);
    expect(near(png.rgb(x - 6, y), FILL)).toBe(false);
  });

  it('renderDensity shows a side panel with bars only when NaN or infinite mass exists', async () => {
    const plain = await decodePng(renderDensity(twoDeltas(), { pixelRatio: 1 }).bytes);
    const special = Distribution.fromParticles([0, 1, NaN, Infinity], [0.25, 0.25, 0.375, 0.125]);
    const png = await decodePng(renderDensity(special, { pixelRatio: 1 }).bytes);
    // The NaN bar (mass 0.375) sits in the right-hand panel, near the baseline.
    const bluish = (rgb: [number, number, number]) => near(rgb, SPECIAL, 8);
    let found = 0;
    let foundPlain = 0;
    for (let x = 600; x < 800; x++) {
      if (bluish(png.rgb(x, 400))) found++;
      if (bluish(plain.rgb(x, 400))) foundPlain++;
    }
    expect(found).toBeGreaterThan(40);
    expect(foundPlain).toBe(0);
  });

  it('renderDensity draws a single delta as an arrow at its position', async () => {
    const d = Distribution.fromParticles([0.785398], [1]);
    const png = await decodePng(renderDensity(d).bytes);
    const at = locate(d, {});
    const [x, y] = at(0.785398, 0.5);
    expect(near(png.rgb(x, y), OUTLINE, 12)).toBe(true);
    expect(near(png.rgb(x + 40, y), WHITE)).toBe(true);
  });

  it('renderDensity gives identical bytes for the same value and options', () => {
    const d = Distribution.fromSamples([1, 2, 2, 3, 5, 8, 13, NaN]);
    const a = renderDensity(d, { xAxisLabel: 'Volts' });
    const b = renderDensity(Distribution.fromSamples([1, 2, 2, 3, 5, 8, 13, NaN]), { xAxisLabel: 'Volts' });
    expect(Buffer.from(a.bytes).equals(Buffer.from(b.bytes))).toBe(true);
    const c = renderDensity(d, { xAxisLabel: 'Amps' });
    expect(Buffer.from(a.bytes).equals(Buffer.from(c.bytes))).toBe(false);
  });

  it('renderDensity throws PlotOptionsError for bad options, including limits that leave no range', () => {
    expect(() => renderDensity(twoDeltas(), { xLimMin: 1, xLimMax: 0 })).toThrow(PlotOptionsError);
    // The data reach 1.58 at most: a lone xLimMin of 5 leaves nothing to show.
    expect(() => renderDensity(twoDeltas(), { xLimMin: 5 })).toThrow(/xLimMin: leaves an empty x range/);
  });

  it('renderDensity draws values at extreme magnitudes and with only special values', async () => {
    for (const d of [
      Distribution.fromParticles([1e-300, 3e-300], [0.5, 0.5]),
      Distribution.fromParticles([-1e308, 1e308], [0.5, 0.5]),
      Distribution.fromParticles([NaN, -Infinity], [0.5, 0.5]),
    ]) {
      const png = await decodePng(renderDensity(d, { pixelRatio: 1 }).bytes);
      expect([png.width, png.height]).toEqual([800, 500]);
    }
  });
});
