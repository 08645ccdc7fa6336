import { DEFAULT_X_AXIS_LABEL, PLOT_LIMITS, type PlotOptions, type ResolvedPlotOptions } from './PlotOptions.js';
import { PlotOptionsError } from './PlotOptionsError.js';

const KNOWN = new Set([
  'format', 'width', 'height', 'pixelRatio', 'xLimMin', 'xLimMax', 'yLimMin', 'yLimMax', 'xAxisLabel', 'fullResolution',
]);

/**
 * Checks typed options (a JavaScript caller may pass anything) and fills in the defaults.
 * Throws PlotOptionsError naming the first bad option.
 */
export function resolvePlotOptions(opts: PlotOptions = {}): ResolvedPlotOptions {
  if (opts === null || typeof opts !== 'object') throw new PlotOptionsError('options', 'expected an object');
  for (const key of Object.keys(opts)) {
    if (!KNOWN.has(key)) throw new PlotOptionsError(key, `unknown option; known: ${[...KNOWN].join(', ')}`);
  }
  const format = opts.format ?? 'png';
  if (format !== 'png' && format !== 'svg') throw new PlotOptionsError('format', `expected 'png' or 'svg', got ${show(format)}`);
  const width = size('width', opts.width, 800);
  const height = size('height', opts.height, 500);
  const pixelRatio = opts.pixelRatio ?? 2;
  if (typeof pixelRatio !== 'number' || !(pixelRatio > 0) || pixelRatio > PLOT_LIMITS.maxPixelRatio) {
    throw new PlotOptionsError('pixelRatio', `expected a number in (0, ${PLOT_LIMITS.maxPixelRatio}], got ${show(pixelRatio)}`);
  }
  const devicePixels = Math.round(width * pixelRatio) * Math.round(height * pixelRatio);
  if (devicePixels > PLOT_LIMITS.maxDevicePixels) {
    throw new PlotOptionsError('pixelRatio', `${width}x${height} at ratio ${pixelRatio} is ${devicePixels} device pixels; the limit is ${PLOT_LIMITS.maxDevicePixels}`);
  }
  if (Math.round(width * pixelRatio) < 1 || Math.round(height * pixelRatio) < 1) {
    throw new PlotOptionsError('pixelRatio', `${pixelRatio} leaves no device pixels`);
  }
  const xLimMin = limit('xLimMin', opts.xLimMin);
  const xLimMax = limit('xLimMax', opts.xLimMax);
  const yLimMin = limit('yLimMin', opts.yLimMin);
  const yLimMax = limit('yLimMax', opts.yLimMax);
  ordered('xLimMin', xLimMin, 'xLimMax', xLimMax);
  ordered('yLimMin', yLimMin, 'yLimMax', yLimMax);
  const xAxisLabel = opts.xAxisLabel ?? DEFAULT_X_AXIS_LABEL;
  if (typeof xAxisLabel !== 'string') throw new PlotOptionsError('xAxisLabel', `expected a string, got ${show(xAxisLabel)}`);
  if (xAxisLabel.length > PLOT_LIMITS.maxLabelLength) {
    throw new PlotOptionsError('xAxisLabel', `is ${xAxisLabel.length} characters long; the limit is ${PLOT_LIMITS.maxLabelLength}`);
  }
  // Control characters cannot appear in XML (the SVG output) and make no sense on a chart.
  if (/[\u0000-\u001f\u007f]/.test(xAxisLabel)) throw new PlotOptionsError('xAxisLabel', 'must not contain control characters');
  const fullResolution = opts.fullResolution ?? false;
  if (typeof fullResolution !== 'boolean') throw new PlotOptionsError('fullResolution', `expected a boolean, got ${show(fullResolution)}`);
  return { format, width, height, pixelRatio, xLimMin, xLimMax, yLimMin, yLimMax, xAxisLabel, fullResolution };
}

function size(name: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < PLOT_LIMITS.minSize || value > PLOT_LIMITS.maxSize) {
    throw new PlotOptionsError(name, `expected an integer number of CSS pixels in [${PLOT_LIMITS.minSize}, ${PLOT_LIMITS.maxSize}], got ${show(value)}`);
  }
  return value;
}

function limit(name: string, value: unknown): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new PlotOptionsError(name, `expected a finite number, got ${show(value)}`);
  return value;
}

function ordered(minName: string, min: number | undefined, maxName: string, max: number | undefined): void {
  if (min !== undefined && max !== undefined && !(min < max)) {
    throw new PlotOptionsError(minName, `must be below ${maxName} (got ${min} >= ${max})`);
  }
}

function show(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}
