import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { UxkitError } from '../errors.js';
import type { RunOutputRanges } from './aggregate/RunOutputRanges.js';

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

/** The whole runs.stdout and runs.stderr, shared by every record. */
interface Streams {
  readonly stdout: Buffer;
  readonly stderr: Buffer;
}

/**
 * A record holding its output as byte ranges of the shared streams: `stdout`/`stderr` make
 * their view on read, so reading R runs costs no 2R Buffer objects, and aggregation reads
 * the ranges directly (RunOutputRanges).
 */
class RangedRunRecord implements EnsembleRunRecord, RunOutputRanges {
  constructor(
    readonly index: number,
    readonly exitCode: number,
    readonly signal: number,
    readonly cpuMicros: number,
    readonly streams: Streams,
    readonly stdoutStart: number,
    readonly stdoutEnd: number,
    readonly stderrStart: number,
    readonly stderrEnd: number,
    readonly truncated: boolean,
    readonly killed: boolean,
  ) {}

  get stdout(): Buffer {
    return this.streams.stdout.subarray(this.stdoutStart, this.stdoutEnd);
  }

  get stderr(): Buffer {
    return this.streams.stderr.subarray(this.stderrStart, this.stderrEnd);
  }
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

/**
 * Safe integer from the little-endian int64 field at byte `at`, read as two 32-bit halves
 * (a BigInt per field dominated reading). Offsets, lengths and CPU time never approach 2^53.
 */
function int64At(view: DataView, at: number, dir: string): number {
  const low = view.getUint32(at, true);
  const high = view.getInt32(at + 4, true);
  // |value| <= 2^53 - 1: high in [-2^21, 2^21 - 1], and -2^53 itself (high -2^21, low 0) excluded.
  if (high > 0x1fffff || high < -0x200000 || (high === -0x200000 && low === 0)) {
    throw corrupt(dir, `field at byte ${at} is out of range`);
  }
  return high * 0x100000000 + low;
}

function checkRange(length: number, start: number, size: number, what: string, dir: string): void {
  if (start < 0 || size < 0 || start + size > length) {
    throw corrupt(dir, `${what} range ${start}+${size} exceeds the file (${length} bytes)`);
  }
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
  const view = new DataView(index.buffer, index.byteOffset, index.byteLength);
  const runs = view.getUint32(8, true);
  const flags = view.getUint32(12, true);
  const expected = HEADER_BYTES + runs * (RECORD_BYTES + 4);
  if (index.length !== expected) {
    throw corrupt(dir, `runs.index has ${index.length} bytes, ${expected} expected for ${runs} runs`);
  }
  const [stdout, stderr] = await Promise.all([readPart(dir, 'runs.stdout'), readPart(dir, 'runs.stderr')]);
  const streams: Streams = { stdout, stderr };
  const flagsBase = HEADER_BYTES + runs * RECORD_BYTES;
  const records: EnsembleRunRecord[] = new Array(runs);
  for (let i = 0; i < runs; i++) {
    const at = HEADER_BYTES + i * RECORD_BYTES;
    const runIndex = int64At(view, at, dir);
    if (runIndex !== i) throw corrupt(dir, `record ${i} carries run index ${runIndex}`);
    const outStart = int64At(view, at + 32, dir);
    const outSize = int64At(view, at + 40, dir);
    checkRange(stdout.length, outStart, outSize, `run ${i} stdout`, dir);
    const errStart = int64At(view, at + 48, dir);
    const errSize = int64At(view, at + 56, dir);
    checkRange(stderr.length, errStart, errSize, `run ${i} stderr`, dir);
    const runFlags = view.getUint32(flagsBase + 4 * i, true);
    records[i] = new RangedRunRecord(
      i,
      int64At(view, at + 8, dir),
      int64At(view, at + 16, dir),
      int64At(view, at + 24, dir),
      streams,
      outStart,
      outStart + outSize,
      errStart,
      errStart + errSize,
      (runFlags & RUN_TRUNCATED) !== 0,
      (runFlags & RUN_KILLED) !== 0,
    );
  }
  return { runs, flags, records };
}
