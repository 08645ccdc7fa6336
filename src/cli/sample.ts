import { parseArgs } from 'node:util';
import { Distribution } from '../dist/Distribution.js';
import { checkMode } from '../sampling/SamplingMode.js';
import { createSampler } from '../sampling/createSampler.js';
import { resumeSampler } from '../sampling/resumeSampler.js';
import { checkCount, type Sampler } from '../sampling/Sampler.js';
import { seedFromText } from '../sampling/seedState.js';
import { parseUx } from '../ux/parseUx.js';
import { argOrStdin, type CliCommand, CliUsageError, type CliIO } from './io.js';

export const usage = 'usage: uxkit sample <ux | -> -n COUNT [--seed S] [--mode density|particles] [--token T] [--format json|csv|bin]';

/** Draws are written in chunks of this many, from one reused buffer, so any count streams. */
const CHUNK = 65_536;

const FORMATS = ['json', 'csv', 'bin'] as const;
type Format = (typeof FORMATS)[number];

function parseCount(text: string | undefined): number {
  if (text === undefined) throw new CliUsageError('missing-count', `missing -n COUNT\n${usage}`);
  if (!/^[+-]?\d+(\.\d*)?([eE][+-]?\d+)?$/.test(text)) {
    throw new CliUsageError('bad-count', `-n must be a non-negative integer, not ${JSON.stringify(text)}`);
  }
  // The sampler rejects negative and fractional counts with its own typed error.
  return Number(text);
}

/** A draw as JSON: non-finite values become the strings "NaN", "Infinity", "-Infinity". */
function jsonNumber(v: number): string {
  return Number.isFinite(v) ? String(v) : `"${String(v)}"`;
}

function writeDraws(sampler: Sampler, count: number, format: Format, io: CliIO): void {
  const buffer = new Float64Array(Math.min(CHUNK, count));
  for (let done = 0; done < count; ) {
    const k = Math.min(CHUNK, count - done);
    sampler.nextInto(buffer, 0, k);
    if (format === 'bin') {
      const bytes = Buffer.alloc(k * 8);
      for (let i = 0; i < k; i++) bytes.writeDoubleLE(buffer[i]!, i * 8);
      io.stdout(bytes);
    } else {
      const parts = new Array<string>(k);
      for (let i = 0; i < k; i++) parts[i] = format === 'json' ? jsonNumber(buffer[i]!) : String(buffer[i]!);
      const separator = format === 'json' ? ',' : '\n';
      io.stdout((format === 'json' && done > 0 ? ',' : '') + parts.join(separator) + (format === 'csv' ? '\n' : ''));
    }
    done += k;
  }
}

/** `uxkit sample`: draws from a Ux value to stdout, resumable through a continuation token. */
export const run: CliCommand = async (args, io) => {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      count: { type: 'string', short: 'n' },
      seed: { type: 'string' },
      mode: { type: 'string' },
      token: { type: 'string' },
      format: { type: 'string', default: 'json' },
    },
  });
  if (positionals.length > 1) throw new CliUsageError('extra-argument', `expected one Ux value, got ${positionals.length}\n${usage}`);
  const format = values.format as Format;
  if (!FORMATS.includes(format)) throw new CliUsageError('bad-format', `--format must be json, csv or bin, not ${JSON.stringify(values.format)}`);
  if (values.token !== undefined && values.seed !== undefined) {
    throw new CliUsageError('seed-and-token', '--seed and --token exclude each other: the token already fixes the stream');
  }
  // Checked before any output, so a bad count prints nothing on stdout.
  const count = checkCount(parseCount(values.count), '-n');
  const mode = values.mode === undefined ? undefined : checkMode(values.mode);
  const text = (await argOrStdin(positionals[0], io, 'Ux value')).trim();
  const dist = Distribution.fromUx(parseUx(text));

  let sampler: Sampler;
  if (values.token !== undefined) sampler = resumeSampler(dist, values.token, mode === undefined ? {} : { mode });
  else {
    sampler = createSampler(dist, {
      ...(mode === undefined ? {} : { mode }),
      ...(values.seed === undefined ? {} : { seed: seedFromText(values.seed) }),
    });
  }
  if (format === 'json') io.stdout('{"Samples":[');
  writeDraws(sampler, count, format, io);
  const token = sampler.token();
  if (format === 'json') io.stdout(`],"Count":${count},"ContinuationToken":"${token}"}\n`);
  else io.stderr(`ContinuationToken: ${token}\n`);
  return 0;
};
