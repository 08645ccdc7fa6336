import { createHash } from 'node:crypto';
import type { Distribution } from '../dist/Distribution.js';
import type { PlotOptions } from './PlotOptions.js';
import { resolvePlotOptions } from './resolvePlotOptions.js';

/** Bumped whenever the pictures change, so that cached plots of an older look are not reused. */
export const PLOT_RENDERER_VERSION = 1;

/**
 * A hex SHA-256 that identifies the picture renderDensity would draw: the value (its Ux text,
 * or a distribution's deltas and special masses) and the options with their defaults filled
 * in, so `{}` and `{ format: 'png' }` share a key. Throws PlotOptionsError for bad options.
 */
export function plotCacheKey(value: string | Distribution, opts: PlotOptions = {}): string {
  const resolved = resolvePlotOptions(opts);
  const hash = createHash('sha256');
  hash.update(`uxkit-plot/${PLOT_RENDERER_VERSION}\n${JSON.stringify(resolved, Object.keys(resolved).sort())}\n`);
  if (typeof value === 'string') hash.update(`ux\n${value.trim()}`);
  else {
    hash.update('dist\n');
    hash.update(new Uint8Array(value.positions.buffer, value.positions.byteOffset, value.positions.byteLength));
    hash.update(new Uint8Array(value.masses.buffer, value.masses.byteOffset, value.masses.byteLength));
    hash.update(Float64Array.of(value.nanMass, value.negInfMass, value.posInfMass));
  }
  return hash.digest('hex');
}
