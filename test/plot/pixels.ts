import { createCanvas, loadImage } from '@napi-rs/canvas';
import { Distribution } from '../../src/dist/Distribution.js';
import { linearScale } from '../../src/plot/linearScale.js';
import { layoutDensity } from '../../src/plot/layoutDensity.js';
import type { PlotOptions } from '../../src/plot/PlotOptions.js';
import { plotDomain } from '../../src/plot/plotDomain.js';
import { resolvePlotOptions } from '../../src/plot/resolvePlotOptions.js';
import { toDensityPicture } from '../../src/plot/toDensityPicture.js';

/** A decoded PNG: its size and RGBA pixel access. */
export interface Decoded {
  width: number;
  height: number;
  rgb(x: number, y: number): [number, number, number];
}

/** Decodes PNG bytes with @napi-rs/canvas (a real decoder, not ours). */
export async function decodePng(bytes: Uint8Array): Promise<Decoded> {
  const image = await loadImage(Buffer.from(bytes));
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  const data = ctx.getImageData(0, 0, image.width, image.height).data;
  return {
    width: image.width,
    height: image.height,
    rgb(x, y) {
      const i = (Math.round(y) * image.width + Math.round(x)) * 4;
      return [data[i]!, data[i + 1]!, data[i + 2]!];
    },
  };
}

/** Where a data point (x, density) lands, in device pixels, for this value and these options. */
export function locate(dist: Distribution, opts: PlotOptions): (x: number, y: number) => [number, number] {
  const o = resolvePlotOptions(opts);
  const pic = toDensityPicture(dist, o.fullResolution);
  const area = layoutDensity(pic, o).plotArea;
  const d = plotDomain(pic, o);
  const sx = linearScale(d.x0, d.x1, area.x, area.x + area.width, -1e9, 1e9);
  const sy = linearScale(d.y0, d.y1, area.y + area.height, area.y, -1e9, 1e9);
  return (x, y) => [sx(x) * o.pixelRatio, sy(y) * o.pixelRatio];
}

/** The colour of `fill` at `opacity` over white, as a PNG stores it. */
export function overWhite(hex: string, opacity: number): [number, number, number] {
  const c = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return c.map((v) => Math.round(255 + (v - 255) * opacity)) as [number, number, number];
}

export function near(actual: [number, number, number], expected: [number, number, number], tolerance = 6): boolean {
  return actual.every((v, i) => Math.abs(v - expected[i]!) <= tolerance);
}

/** Two deltas at 0 and 1, mass 1/2 each: binDensity makes a flat density 0.5 on [-0.5, 1.5]. */
export const twoDeltas = (): Distribution => Distribution.fromParticles([0, 1], [0.5, 0.5]);
