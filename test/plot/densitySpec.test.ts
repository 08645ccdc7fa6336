import * as vega from 'vega';
import { describe, expect, it } from 'vitest';
import { Distribution } from '../../src/dist/Distribution.js';
import { densitySpec, PlotOptionsError } from '../../src/plot/index.js';
import { twoDeltas } from './pixels.js';
import { checkWellFormedXml } from './xml.js';

async function vegaSvg(spec: object): Promise<string> {
  const view = new vega.View(vega.parse(spec as vega.Spec), { renderer: 'none' });
  const svg = await view.toSVG();
  view.finalize();
  return svg;
}

describe('densitySpec', () => {
  it('densitySpec is plain JSON that vega renders with the density, mean and axis titles', async () => {
    const spec = densitySpec(twoDeltas(), { xAxisLabel: 'Volts' });
    const json = JSON.parse(JSON.stringify(spec)) as typeof spec;
    expect(json).toEqual(spec);
    const svg = await vegaSvg(spec);
    checkWellFormedXml(svg);
    expect(svg).toContain('Volts');
    expect(svg).toContain('Probability Density');
    expect(svg).toContain('E(X)');
    expect(svg).toContain('fill="#33A333"');
    const outline = (json.data as Array<{ name: string; values: unknown[] }>).find((d) => d.name === 'outline')!;
    expect(outline.values).toEqual([
      { x: -0.5, y: 0 }, { x: -0.5, y: 0.5 }, { x: 0, y: 0.5 }, { x: 0, y: 0.5 }, { x: 0.5, y: 0.5 },
      { x: 0.5, y: 0.5 }, { x: 1, y: 0.5 }, { x: 1, y: 0.5 }, { x: 1.5, y: 0.5 }, { x: 1.5, y: 0 },
    ]);
  });

  it('densitySpec adds the special-values panel and the delta arrow when they apply', async () => {
    const svg = await vegaSvg(densitySpec(Distribution.fromParticles([2, NaN], [0.75, 0.25])));
    expect(svg).toContain('Special values');
    expect(svg).toContain('NaN');
    expect(svg).toContain('P = 0.75');
  });

  it('densitySpec uses the x limits as the scale domain and rejects bad ones', () => {
    const spec = densitySpec(twoDeltas(), { xLimMin: -2, xLimMax: 2 });
    expect((spec.scales as Array<{ domain: number[] }>)[0]!.domain).toEqual([-2, 2]);
    expect(() => densitySpec(twoDeltas(), { yLimMin: 1, yLimMax: 0 })).toThrow(PlotOptionsError);
  });
});
