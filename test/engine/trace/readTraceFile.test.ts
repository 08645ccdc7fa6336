import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readTraceFile } from '../../../src/engine/trace/readTraceFile.js';

const dir = mkdtempSync(join(tmpdir(), 'uxkit-trace-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A runs.trace as uxhw_trace.c lays it out: rows 0..R-1 are runs, row R the pre-fork process. */
function traceFile(runs: number, count: number, set: [row: number, id: number, value: number][]): string {
  const rows = runs + 1;
  const b = Buffer.alloc(16 + rows * count * 9);
  b.write('UXKTRAC1', 0, 'latin1');
  b.writeUInt32LE(runs, 8);
  b.writeUInt32LE(count, 12);
  for (const [row, id, value] of set) {
    b.writeDoubleLE(value, 16 + (row * count + id) * 8);
    b[16 + rows * count * 8 + row * count + id] = 1;
  }
  const path = join(dir, `t${Math.random()}.trace`);
  writeFileSync(path, b);
  return path;
}

describe('readTraceFile', () => {
  it('gives each id the values of the runs that recorded it, in run order', () => {
    const path = traceFile(3, 2, [[0, 0, 1.5], [2, 0, 3.5], [1, 1, -2]]);
    expect(readTraceFile(path, 2).map((a) => Array.from(a))).toEqual([[1.5, 3.5], [-2]]);
  });

  it('a value recorded before the fork counts for every run that did not record its own', () => {
    const path = traceFile(3, 1, [[3, 0, 7], [1, 0, 9]]);
    expect(Array.from(readTraceFile(path, 1)[0]!)).toEqual([7, 9, 7]);
    expect(Array.from(readTraceFile(path, 1, false)[0]!)).toEqual([7]);
  });

  it('a missing file gives empty values; a file of another shape is a typed error', () => {
    expect(readTraceFile(join(dir, 'none'), 2).map((a) => a.length)).toEqual([0, 0]);
    expect(() => readTraceFile(traceFile(2, 1, []), 3)).toThrow(/does not match/);
  });
});
