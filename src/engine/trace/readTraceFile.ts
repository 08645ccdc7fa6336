import { existsSync, readFileSync } from 'node:fs';
import { EngineSetupError } from '../errors.js';

/**
 * Reads `runs.trace`, written by the runtime's uxhw_trace.c (CONTRACT.md section 9): for
 * each trace id, the last value of every run that recorded one, in run order. A run that
 * never passed the line but whose process recorded it before the fork takes that value.
 * When the ensemble never forked (`forked` false: the program made no UxHw call), only the
 * single process's own values count. An absent file gives empty arrays.
 */
export function readTraceFile(path: string, count: number, forked = true): Float64Array[] {
  const out: Float64Array[] = [];
  if (!existsSync(path)) {
    for (let t = 0; t < count; t++) out.push(new Float64Array(0));
    return out;
  }
  const bytes = readFileSync(path);
  const runs = bytes.length >= 16 ? bytes.readUInt32LE(8) : 0;
  const n = bytes.length >= 16 ? bytes.readUInt32LE(12) : 0;
  const rows = runs + 1;
  if (bytes.toString('latin1', 0, 8) !== 'UXKTRAC1' || n !== count || bytes.length !== 16 + rows * n * 9) {
    throw new EngineSetupError('UXK_ERR_TRACE_RESULTS', `${path} does not match the build's ${count} traced values`);
  }
  const values = new Float64Array(bytes.buffer.slice(bytes.byteOffset + 16, bytes.byteOffset + 16 + rows * n * 8));
  const set = bytes.subarray(16 + rows * n * 8);
  const scratch = new Float64Array(runs); // reused per id, copied out at its length
  for (let t = 0; t < n; t++) {
    let k = 0;
    const pre = set[runs * n + t] === 1;
    if (!forked) {
      if (pre) scratch[k++] = values[runs * n + t]!;
      out.push(scratch.slice(0, k));
      continue;
    }
    for (let r = 0; r < runs; r++) {
      const at = r * n + t;
      if (set[at] === 1) scratch[k++] = values[at]!;
      else if (pre) scratch[k++] = values[runs * n + t]!;
    }
    out.push(scratch.slice(0, k));
  }
  return out;
}
