import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { UxkitError } from '../errors.js';

/** The results of an ensemble are missing or do not match the layout of CONTRACT.md. */
export class EnsembleResultsError extends UxkitError {}

/** One run of an ensemble, as the supervisor recorded it. */
export interface EnsembleRunRecord {
  index: number;
  /** Exit status 0..255, or -1 when a signal ended the run. */
  exitCode: number;
  /** Terminating signal number, 0 if none. */
  signal: number;
  /** User + system CPU time of the run (and its reaped children), microseconds. */
  cpuMicros: number;
  /** A view into the whole runs.stdout (no copy). */
  stdout: Buffer;
  stderr: Buffer;
  /** Output cut at UXKIT_MAX_OUTPUT. */
  truncated: boolean;
  /** Killed by the supervisor (output cap). */
  killed: boolean;
}

export interface EnsembleResults {
  runs: number;
  /** Header flags: bit 0 some run truncated, bit 1 some run killed by the supervisor. */
  flags: number;
  records: EnsembleRunRecord[];
}

const MAGIC = 'UXKRUNS1';
const HEADER_BYTES = 16;
const RECORD_BYTES = 64;
const RUN_TRUNCATED = 1;
const RUN_KILLED = 2;

async function readPart(dir: string, name: string): Promise<Buffer> {
  try {
    return await readFile(join(dir, name));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') {
      throw new EnsembleResultsError('UXK_ERR_RESULTS_MISSING', `no ${name} in ${dir}: the ensemble did not finish`, {
        cause: error,
      });
    }
    throw error;
  }
}

function corrupt(dir: string, what: string): EnsembleResultsError {
  return new EnsembleResultsError('UXK_ERR_RESULTS_CORRUPT', `ensemble results in ${dir} are corrupt: ${what}`);
}

/** Safe integer from an int64 field (offsets, lengths, CPU time never approach 2^53). */
function int64At(index: Buffer, at: number, dir: string): number {
  const value = index.readBigInt64LE(at);
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw corrupt(dir, `field at byte ${at} is out of range`);
  }
  return Number(value);
}

function slice(stream: Buffer, offset: number, length: number, what: string, dir: string): Buffer {
  if (offset < 0 || length < 0 || offset + length > stream.length) {
    throw corrupt(dir, `${what} range ${offset}+${length} exceeds the file (${stream.length} bytes)`);
  }
  return stream.subarray(offset, offset + length);
}

/**
 * Reads runs.index, runs.stdout and runs.stderr written by the UxHw supervisor into `dir`
 * (layout: src/engine/runtime/CONTRACT.md section 4). Throws EnsembleResultsError with code
 * UXK_ERR_RESULTS_MISSING when runs.index is absent (the program never called UxHw, or the
 * ensemble was killed), UXK_ERR_RESULTS_CORRUPT when the files disagree with the layout.
 */
export async function readEnsembleResults(dir: string): Promise<EnsembleResults> {
  const index = await readPart(dir, 'runs.index');
  if (index.length < HEADER_BYTES || index.toString('latin1', 0, 8) !== MAGIC) {
    throw corrupt(dir, `runs.index does not start with ${MAGIC}`);
  }
  const runs = index.readUInt32LE(8);
  const flags = index.readUInt32LE(12);
  const expected = HEADER_BYTES + runs * (RECORD_BYTES + 4);
  if (index.length !== expected) {
    throw corrupt(dir, `runs.index has ${index.length} bytes, ${expected} expected for ${runs} runs`);
  }
  const [stdout, stderr] = await Promise.all([readPart(dir, 'runs.stdout'), readPart(dir, 'runs.stderr')]);
  const flagsBase = HEADER_BYTES + runs * RECORD_BYTES;
  const records: EnsembleRunRecord[] = new Array(runs);
  for (let i = 0; i < runs; i++) {
    const at = HEADER_BYTES + i * RECORD_BYTES;
    const runFlags = index.readUInt32LE(flagsBase + 4 * i);
    records[i] = {
      index: int64At(index, at, dir),
      exitCode: int64At(index, at + 8, dir),
      signal: int64At(index, at + 16, dir),
      cpuMicros: int64At(index, at + 24, dir),
      stdout: slice(stdout, int64At(index, at + 32, dir), int64At(index, at + 40, dir), `run ${i} stdout`, dir),
      stderr: slice(stderr, int64At(index, at + 48, dir), int64At(index, at + 56, dir), `run ${i} stderr`, dir),
      truncated: (runFlags & RUN_TRUNCATED) !== 0,
      killed: (runFlags & RUN_KILLED) !== 0,
    };
    if (records[i]!.index !== i) throw corrupt(dir, `record ${i} carries run index ${records[i]!.index}`);
  }
  return { runs, flags, records };
}
