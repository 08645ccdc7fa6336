import type { PlotOptions } from './PlotOptions.js';
import { PlotOptionsError } from './PlotOptionsError.js';
import { resolvePlotOptions } from './resolvePlotOptions.js';

const NUMBERS = ['width', 'height', 'pixelRatio', 'xLimMin', 'xLimMax', 'yLimMin', 'yLimMax'] as const;

/**
 * Converts options that arrive as strings (a query string, a form) into checked PlotOptions.
 * Numbers may be numbers or numeric strings; `fullResolution` takes true/false/'true'/'false'/
 * '1'/'0'; an empty string counts as absent. Keys this function does not know are ignored, so
 * a whole query record can be passed. Throws PlotOptionsError.
 */
export function parsePlotOptions(record: Record<string, unknown>): PlotOptions {
  if (record === null || typeof record !== 'object') throw new PlotOptionsError('options', 'expected an object');
  const out: PlotOptions = {};
  for (const name of NUMBERS) {
    const value = scalar(record, name);
    if (value !== undefined) out[name] = toNumber(name, value);
  }
  const format = scalar(record, 'format');
  if (format !== undefined) {
    if (format !== 'png' && format !== 'svg') throw new PlotOptionsError('format', `expected 'png' or 'svg', got ${JSON.stringify(format)}`);
    out.format = format;
  }
  const label = scalar(record, 'xAxisLabel');
  if (label !== undefined) {
    if (typeof label !== 'string') throw new PlotOptionsError('xAxisLabel', `expected a string, got ${String(label)}`);
    out.xAxisLabel = label;
  }
  const full = scalar(record, 'fullResolution');
  if (full !== undefined) out.fullResolution = toBoolean('fullResolution', full);
  // Resolving here reports range errors (min >= max, sizes) at parse time too.
  resolvePlotOptions(out);
  return out;
}

/** The option's single value; undefined when absent or empty; an error when repeated. */
function scalar(record: Record<string, unknown>, name: string): unknown {
  const value = record[name];
  if (Array.isArray(value)) throw new PlotOptionsError(name, 'given more than once');
  if (value === undefined || value === null || value === '') return undefined;
  return value;
}

function toNumber(name: string, value: unknown): number {
  if (typeof value === 'number') return value;
  // Number('') and Number(' ') are 0 and Number('0x10') is 16: accept decimal text only.
  if (typeof value === 'string' && /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/.test(value)) return Number(value);
  throw new PlotOptionsError(name, `expected a number, got ${JSON.stringify(value)}`);
}

function toBoolean(name: string, value: unknown): boolean {
  if (value === true || value === 'true' || value === '1') return true;
  if (value === false || value === 'false' || value === '0') return false;
  throw new PlotOptionsError(name, `expected true or false, got ${JSON.stringify(value)}`);
}
