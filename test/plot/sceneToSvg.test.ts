import { describe, expect, it } from 'vitest';
import { Distribution } from '../../src/dist/Distribution.js';
import { renderDensity } from '../../src/plot/index.js';
import { theme } from '../../src/plot/theme.js';
import { twoDeltas } from './pixels.js';
import { checkWellFormedXml } from './xml.js';

const svgOf = (d: Distribution, opts = {}) => {
  const plot = renderDensity(d, { format: 'svg', ...opts });
  expect(plot.contentType).toBe('image/svg+xml');
  return new TextDecoder().decode(plot.bytes);
};

describe('renderDensity to SVG', () => {
  it('the SVG is well-formed XML with the density, mean line, axes and titles', () => {
    const { elements } = checkWellFormedXml(svgOf(twoDeltas()));
    const root = elements[0]!;
    expect(root.name).toBe('svg');
    expect(root.attrs).toMatchObject({ xmlns: 'http://www.w3.org/2000/svg', width: '800', height: '500' });
    const byClass = (c: string) => elements.filter((e) => e.attrs.class === c);
    const fill = byClass('density-fill')[0]!;
    expect(fill.attrs.fill).toBe(theme.densityFill);
    expect(fill.attrs['fill-opacity']).toBe(String(theme.densityFillOpacity));
    expect(fill.attrs['clip-path']).toBe('url(#uxkit-plot-area)');
    // Flat density on [-0.5, 1.5]: baseline, then 4 bins of two points each, then baseline.
    expect(fill.attrs.d!.match(/[ML]/g)!.length).toBe(10);
    expect(byClass('density-outline')).toHaveLength(1);
    expect(byClass('mean')).toHaveLength(1);
    const texts = elements.filter((e) => e.name === 'text').map((e) => e.text);
    expect(texts).toContain('E(X)');
    expect(texts).toContain('Distribution Support');
    expect(texts).toContain('Probability Density');
    expect(texts).toContain('0.5');
    expect(byClass('special-nan')).toHaveLength(0);
  });

  it('the SVG escapes the x axis label', () => {
    const svg = svgOf(twoDeltas(), { xAxisLabel: 'a < b & "c"' });
    const { elements } = checkWellFormedXml(svg);
    expect(svg).toContain('a &#60; b &#38; &#34;c&#34;');
    expect(elements.some((e) => e.attrs.class === 'x-title')).toBe(true);
  });

  it('the SVG has a side panel with one bar per present special mass', () => {
    const d = Distribution.fromParticles([0, 1, NaN, -Infinity], [0.25, 0.25, 0.25, 0.25]);
    const { elements } = checkWellFormedXml(svgOf(d));
    const classes = elements.map((e) => e.attrs.class);
    expect(classes).toContain('special-nan');
    expect(classes).toContain('special-neg-inf');
    expect(classes).not.toContain('special-pos-inf');
    expect(elements.filter((e) => e.attrs.class === 'special-label').map((e) => e.text)).toEqual(['NaN', '-Inf', '+Inf']);
  });

  it('the SVG of a single delta has an arrow and its mass, and no histogram', () => {
    const { elements } = checkWellFormedXml(svgOf(Distribution.fromParticles([3], [1])));
    const classes = elements.map((e) => e.attrs.class);
    expect(classes).toContain('delta');
    expect(classes).toContain('delta-head');
    expect(classes).not.toContain('density-fill');
    expect(elements.find((e) => e.attrs.class === 'delta-label')!.text).toBe('P = 1');
  });

  it('the SVG is byte-identical for the same value and options', () => {
    expect(svgOf(twoDeltas())).toBe(svgOf(twoDeltas()));
  });
});
