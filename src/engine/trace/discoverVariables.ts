import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { ProgramVariable } from '../../store/values.js';
import { parseDwarfVariables } from './parseDwarfVariables.js';

const run = promisify(execFile);

/**
 * The program's variables from the compiler's own debug information: `readelf
 * --debug-dump=info` of a binary compiled with -g (no shell; binutils ships with gcc),
 * parsed by parseDwarfVariables. `sourceRoot` is the folder the sources were compiled in
 * (file names are given relative to it).
 */
export async function discoverVariables(binaryPath: string, sourceRoot: string, signal?: AbortSignal): Promise<ProgramVariable[]> {
  const { stdout } = await run('readelf', ['--debug-dump=info', '--wide', binaryPath], {
    maxBuffer: 512 << 20, timeout: 120_000, encoding: 'utf8', ...(signal !== undefined && { signal }),
  });
  return parseDwarfVariables(stdout, sourceRoot);
}
