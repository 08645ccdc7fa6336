import type { Distribution } from '../dist/Distribution.js';
import { toDensityPicture } from './toDensityPicture.js';
import { layoutDensity } from './layoutDensity.js';
import type { PlotOptions } from './PlotOptions.js';
import { resolvePlotOptions } from './resolvePlotOptions.js';
import { sceneToPng } from './sceneToPng.js';
import { sceneToSvg } from './sceneToSvg.js';

/** An encoded plot, ready to be written to a file or sent with its content type. */
export interface RenderedPlot {
  contentType: 'image/png' | 'image/svg+xml';
  bytes: Uint8Array;
}

/**
 * Draws the density of `dist` as a PNG (default) or SVG. Synchronous: the work is CPU-bound
 * (a few milliseconds to a few tens). The same value and options always give the same bytes.
 * Throws PlotOptionsError for bad options.
 */
export function renderDensity(dist: Distribution, opts: PlotOptions = {}): RenderedPlot {
  const resolved = resolvePlotOptions(opts);
  const scene = layoutDensity(toDensityPicture(dist, resolved.fullResolution), resolved);
  if (resolved.format === 'svg') {
    return { contentType: 'image/svg+xml', bytes: new TextEncoder().encode(sceneToSvg(scene)) };
  }
  return { contentType: 'image/png', bytes: sceneToPng(scene, resolved.pixelRatio) };
}
