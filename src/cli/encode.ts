import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { formatUx } from '../ux/formatUx.js';
import { uxFromJson } from '../ux/uxJson.js';
import { UxFormatError } from '../ux/UxFormatError.js';
import { type CliCommand, CliUsageError } from './io.js';

export const usage = 'usage: uxkit encode --json <file | ->';

/** `uxkit encode --json <file | ->`: the JSON that `decode --json` prints back to its Ux string. */
export const run: CliCommand = async (args, io) => {
  const { values, positionals } = parseArgs({ args, options: { json: { type: 'boolean' } }, allowPositionals: true });
  const source = positionals[0];
  if (!values.json) throw new CliUsageError('missing-option', `only --json input is supported\n${usage}`);
  if (source === undefined) throw new CliUsageError('missing-argument', `missing the JSON file (or - for stdin)\n${usage}`);
  let text: string;
  try {
    text = source === '-' ? (await io.readStdin()).toString('utf8') : await readFile(source, 'utf8');
  } catch (error) {
    throw new CliUsageError('unreadable-input', `cannot read ${source}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new UxFormatError('bad-json', 0, `${source === '-' ? 'stdin' : source} is not JSON: ${(error as Error).message}`);
  }
  io.stdout(`${formatUx(uxFromJson(json))}\n`);
  return 0;
};
