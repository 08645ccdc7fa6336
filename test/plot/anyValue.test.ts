import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Distribution } from '../../src/dist/Distribution.js';
import { densitySpec, renderDensity } from '../../src/plot/index.js';
import { decodePng } from './pixels.js';
import { checkWellFormedXml } from './xml.js';

const position = fc.oneof(
  fc.double({ noNaN: false }),
  fc.double({ min: -10, max: 10, noNaN: true }),
  fc.constantFrom(NaN, Infinity, -Infinity, 0, 5e-324, -Number.MAX_VALUE, Number.MAX_VALUE),
);
const particles = fc.array(fc.tuple(position, fc.double({ min: 1e-6, max: 1, noNaN: true })), { minLength: 1, maxLength: 40 });

describe('plots of arbitrary values', () => {
  it('any value renders to well-formed SVG with finite coordinates and to a JSON-safe Vega spec', () => {
    fc.assert(
      fc.property(particles, (pairs) => {
        const d = Distribution.fromParticles(pairs.map((p) => p[0]), pairs.map((p) => p[1]));
        const svg = new TextDecoder().decode(renderDensity(d, { format: 'svg' }).bytes);
        const { elements } = checkWellFormedXml(svg);
        for (const e of elements) {
          for (const name of ['x', 'y', 'width', 'height', 'd']) {
            const v = e.attrs[name];
            if (v !== undefined) expect(v).not.toMatch(/NaN|Infinity/);
          }
        }
        const spec = densitySpec(d);
        expect(JSON.stringify(spec)).not.toMatch(/null/);
      }),
      { numRuns: 1000 },
    );
  });

  it('any value renders to a PNG that decodes at the requested size', async () => {
    await fc.assert(
      fc.asyncProperty(particles, async (pairs) => {
        const d = Distribution.fromParticles(pairs.map((p) => p[0]), pairs.map((p) => p[1]));
        const png = await decodePng(renderDensity(d, { width: 300, height: 200, pixelRatio: 1 }).bytes);
        expect([png.width, png.height]).toEqual([300, 200]);
      }),
      { numRuns: 40 },
    );
  });
});
