import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Distribution } from '../dist/Distribution.js';
import { densitySpec } from '../plot/densitySpec.js';
import { parsePlotOptions } from '../plot/parsePlotOptions.js';
import { renderDensity } from '../plot/renderDensity.js';
import { parseUx } from '../ux/parseUx.js';
import { argOrStdin, type CliCommand, CliUsageError } from './io.js';

export const usage =
  'usage: uxkit plot <ux | -> -o FILE [--format png|svg|vega] [--x-min N] [--x-max N] [--y-min N] [--y-max N] ' +
  '[--x-label TEXT] [--full-resolution] [--width W] [--height H] [--pixel-ratio R]';

/** Without --format, the output file's extension decides; PNG otherwise. */
function formatFor(file: string, given: string | undefined): string {
  if (given !== undefined) return given;
  if (/\.svg$/i.test(file)) return 'svg';
  if (/\.json$/i.test(file)) return 'vega';
  return 'png';
}

/** `uxkit plot`: draws a Ux value's density to a PNG, SVG or Vega spec file (`-o -`: stdout). */
export const run: CliCommand = async (args, io) => {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      output: { type: 'string', short: 'o' },
      format: { type: 'string' },
      'x-min': { type: 'string' },
      'x-max': { type: 'string' },
      'y-min': { type: 'string' },
      'y-max': { type: 'string' },
      'x-label': { type: 'string' },
      'full-resolution': { type: 'boolean' },
      width: { type: 'string' },
      height: { type: 'string' },
      'pixel-ratio': { type: 'string' },
    },
  });
  if (positionals.length > 1) throw new CliUsageError('extra-arguments', `expected one Ux value, got ${positionals.length}\n${usage}`);
  const file = values.output;
  if (file === undefined) throw new CliUsageError('missing-output', `missing -o FILE (- for stdout)\n${usage}`);
  const format = formatFor(file, values.format);
  if (format !== 'png' && format !== 'svg' && format !== 'vega') {
    throw new CliUsageError('bad-format', `--format must be png, svg or vega, not ${JSON.stringify(format)}`);
  }
  const opts = parsePlotOptions({
    xLimMin: values['x-min'],
    xLimMax: values['x-max'],
    yLimMin: values['y-min'],
    yLimMax: values['y-max'],
    xAxisLabel: values['x-label'],
    fullResolution: values['full-resolution'],
    width: values.width,
    height: values.height,
    pixelRatio: values['pixel-ratio'],
  });
  const dist = Distribution.fromUx(parseUx(await argOrStdin(positionals[0], io, 'Ux value')));
  const bytes = format === 'vega'
    ? new TextEncoder().encode(`${JSON.stringify(densitySpec(dist, opts), null, 2)}\n`)
    : renderDensity(dist, { ...opts, format }).bytes;
  if (file === '-') io.stdout(bytes);
  else {
    try {
      writeFileSync(file, bytes);
    } catch (error) {
      throw new CliUsageError('cannot-write', `cannot write ${file}: ${(error as Error).message}`);
    }
  }
  return 0;
};
