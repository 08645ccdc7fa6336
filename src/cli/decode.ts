import { parseArgs } from 'node:util';
import { Distribution, DistributionError } from '../dist/Distribution.js';
import { excessKurtosis, mean, skewness, stddev, supportMax, supportMin, variance } from '../dist/index.js';
import { massSumError } from '../ux/massSumError.js';
import { parseUx } from '../ux/parseUx.js';
import { jsonNumber, uxToJson } from '../ux/uxJson.js';
import type { UxValue } from '../ux/UxValue.js';
import { argOrStdin, type CliCommand, CliUsageError } from './io.js';

export const usage = 'usage: uxkit decode <ux | -> [--json]';

/** Statistics of a value's deltas; NaN throughout when its masses are all zero. */
function statistics(value: UxValue): Record<string, number> {
  let d: Distribution | undefined;
  try {
    d = Distribution.fromUx(value);
  } catch (error) {
    if (!(error instanceof DistributionError)) throw error;
  }
  const of = (f: (d: Distribution) => number): number => (d === undefined ? NaN : f(d));
  return {
    mean: of(mean),
    variance: of(variance),
    stddev: of(stddev),
    skewness: of(skewness),
    excessKurtosis: of(excessKurtosis),
    supportMin: of(supportMin),
    supportMax: of(supportMax),
    nanMass: of((x) => x.nanMass),
    negInfMass: of((x) => x.negInfMass),
    posInfMass: of((x) => x.posInfMass),
  };
}

function summary(value: UxValue, stats: Record<string, number>): string {
  const hex = (n: number) => `0x${n.toString(16).padStart(2, '0')}`;
  const rows: [string, string][] = [
    ['particle', value.particleText || '(none: bare Ux string)'],
    ['type', `${hex(value.type)}${value.type === 4 ? ' (TTR)' : ''}`],
    ['sample count', value.sampleCount.toString()],
    ['deltas', `${value.positions.length}${value.positionPrecision === 'single' ? ' (float32 positions)' : ''}`],
    ['header mean', String(value.headerMean)],
    ['mean', String(stats.mean)],
    ['stddev', String(stats.stddev)],
    ['support', `[${stats.supportMin}, ${stats.supportMax}]`],
    ['NaN mass', String(stats.nanMass)],
    ['-Inf mass', String(stats.negInfMass)],
    ['+Inf mass', String(stats.posInfMass)],
  ];
  const off = massSumError(value);
  // Statistics normalise the masses; say so when the producer's fixed-point sum was off.
  if (off !== 0n) rows.push(['mass sum', `2^63 ${off < 0n ? '-' : '+'} ${off < 0n ? -off : off} (not exactly 1)`]);
  return `${rows.map(([k, v]) => `${k.padEnd(13)} ${v}`).join('\n')}\n`;
}

/** `uxkit decode <ux | -> [--json]`: a readable summary, or every field and statistics as JSON. */
export const run: CliCommand = async (args, io) => {
  // A Ux value may start with '-' (a negative particle): arguments holding "Ux" are values, not options.
  const uxArgs = args.filter((a) => a.includes('Ux'));
  const rest = args.filter((a) => !a.includes('Ux'));
  const { values, positionals } = parseArgs({ args: rest, options: { json: { type: 'boolean' } }, allowPositionals: true });
  const all = [...uxArgs, ...positionals];
  if (all.length > 1) throw new CliUsageError('too-many-arguments', `give one Ux value (or -), got ${all.length}\n${usage}`);
  const value = parseUx(await argOrStdin(all[0], io, 'Ux value'));
  const stats = statistics(value);
  if (values.json) {
    const json = { ...uxToJson(value), statistics: Object.fromEntries(Object.entries(stats).map(([k, v]) => [k, jsonNumber(v)])) };
    io.stdout(`${JSON.stringify(json, null, 2)}\n`);
  } else {
    io.stdout(summary(value, stats));
  }
  return 0;
};
