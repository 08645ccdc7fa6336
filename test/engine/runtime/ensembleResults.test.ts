import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnsembleResultsError, readEnsembleResults } from '../../../src/engine/ensembleResults.js';
import { scratch } from './helpers.js';

/** Builds a runs.index by hand, following CONTRACT.md section 4. */
function index(records: bigint[][], runFlags: number[], headerFlags = 0): Buffer {
  const buffer = Buffer.alloc(16 + 68 * records.length);
  buffer.write('UXKRUNS1', 0, 'latin1');
  buffer.writeUInt32LE(records.length, 8);
  buffer.writeUInt32LE(headerFlags, 12);
  records.forEach((fields, i) => fields.forEach((v, j) => buffer.writeBigInt64LE(v, 16 + 64 * i + 8 * j)));
  runFlags.forEach((f, i) => buffer.writeUInt32LE(f, 16 + 64 * records.length + 4 * i));
  return buffer;
}

let count = 0;
async function dir(files: Record<string, Buffer | string>): Promise<string> {
  const path = join(await scratch(), `reader-${count++}`);
  await mkdir(path);
  for (const [name, content] of Object.entries(files)) await writeFile(join(path, name), content);
  return path;
}

describe('readEnsembleResults', () => {
  it('decodes records, stream slices and flags from a hand-built index', async () => {
    const path = await dir({
      'runs.index': index(
        [
          [0n, 0n, 0n, 1500n, 0n, 3n, 0n, 0n],
          [1n, -1n, 9n, 20n, 3n, 4n, 0n, 2n],
        ],
        [0, 3],
        3,
      ),
      'runs.stdout': 'ab\ncde\n',
      'runs.stderr': 'e\n',
    });
    const results = await readEnsembleResults(path);
    expect(results.runs).toBe(2);
    expect(results.flags).toBe(3);
    expect(results.records.map((r) => [r.index, r.exitCode, r.signal, r.cpuMicros, r.truncated, r.killed])).toEqual([
      [0, 0, 0, 1500, false, false],
      [1, -1, 9, 20, true, true],
    ]);
    expect(results.records.map((r) => [r.stdout.toString(), r.stderr.toString()])).toEqual([
      ['ab\n', ''],
      ['cde\n', 'e\n'],
    ]);
  });

  it('reads int64 fields up to +-(2^53 - 1) exactly', async () => {
    const big = 2n ** 53n - 1n;
    const path = await dir({ 'runs.index': index([[0n, -1n, 0n, big, 0n, 0n, 0n, 0n]], [0]), 'runs.stdout': '', 'runs.stderr': '' });
    const [record] = (await readEnsembleResults(path)).records;
    expect([record!.exitCode, record!.cpuMicros]).toEqual([-1, Number(big)]);
  });

  it('reports missing results with UXK_ERR_RESULTS_MISSING', async () => {
    const path = await dir({ 'runs.stdout': '' });
    await expect(readEnsembleResults(path)).rejects.toBeInstanceOf(EnsembleResultsError);
    await expect(readEnsembleResults(path)).rejects.toMatchObject({ code: 'UXK_ERR_RESULTS_MISSING' });
  });

  it('reports a bad magic, a wrong size or an out-of-range slice with UXK_ERR_RESULTS_CORRUPT', async () => {
    const good = index([[0n, 0n, 0n, 0n, 0n, 2n, 0n, 0n]], [0]);
    const badMagic = Buffer.from(good);
    badMagic.write('UXKRUNS2', 0, 'latin1');
    const cases = [
      { 'runs.index': badMagic, 'runs.stdout': 'ok', 'runs.stderr': '' },
      { 'runs.index': good.subarray(0, good.length - 1), 'runs.stdout': 'ok', 'runs.stderr': '' },
      { 'runs.index': good, 'runs.stdout': 'o', 'runs.stderr': '' },
      { 'runs.index': index([[5n, 0n, 0n, 0n, 0n, 0n, 0n, 0n]], [0]), 'runs.stdout': '', 'runs.stderr': '' },
      { 'runs.index': index([[0n, 0n, 0n, 2n ** 53n, 0n, 0n, 0n, 0n]], [0]), 'runs.stdout': '', 'runs.stderr': '' },
      { 'runs.index': index([[0n, 0n, 0n, -(2n ** 53n), 0n, 0n, 0n, 0n]], [0]), 'runs.stdout': '', 'runs.stderr': '' },
    ];
    for (const files of cases) {
      await expect(readEnsembleResults(await dir(files))).rejects.toMatchObject({ code: 'UXK_ERR_RESULTS_CORRUPT' });
    }
  });
});
