import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { readValueSamples } from '../../src/trace/readValueSamples.js';
import { ValueStoreError } from '../../src/trace/ValueStoreError.js';
import { writeValueStore } from '../../src/trace/writeValueStore.js';

const dir = mkdtempSync(join(tmpdir(), 'uxkit-values-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('value store files', () => {
  it('reads back every value exactly, NaN and infinities included, at 8 bytes a sample plus a 16-byte entry', async () => {
    const a = Float64Array.from([1.5, -0, NaN, Infinity, -Infinity, 5e-324]);
    const b = Float64Array.from({ length: 1000 }, (_, i) => i / 7);
    const path = join(dir, 'two.bin');
    await writeValueStore(path, [a, b, new Float64Array(0)]);
    expect(statSync(path).size).toBe(16 + 3 * 16 + 8 * (6 + 1000));
    const ra = await readValueSamples(path, 0, 0, 100);
    expect(ra.total).toBe(6);
    expect(Array.from(ra.samples)).toEqual(Array.from(a));
    expect(Object.is(ra.samples[1], -0)).toBe(true);
    const rb = await readValueSamples(path, 1, 990, 50);
    expect(rb.total).toBe(1000);
    expect(Array.from(rb.samples)).toEqual(Array.from(b.subarray(990)));
    expect((await readValueSamples(path, 2, 0, 10)).samples.length).toBe(0);
  });

  it('slices concatenated in order equal the whole value for any batch size (property)', async () => {
    const path = join(dir, 'prop.bin');
    await fc.assert(fc.asyncProperty(
      fc.array(fc.double(), { minLength: 0, maxLength: 300 }), fc.integer({ min: 1, max: 64 }),
      async (xs, batch) => {
        await writeValueStore(path, [Float64Array.from([7]), Float64Array.from(xs)]);
        const got: number[] = [];
        for (let offset = 0; ; offset += batch) {
          const s = await readValueSamples(path, 1, offset, batch);
          got.push(...s.samples);
          if (s.samples.length < batch) break;
        }
        expect(got).toEqual(xs);
      }), { numRuns: 60 });
  });

  it('an offset past the end gives no samples, not an error', async () => {
    const path = join(dir, 'end.bin');
    await writeValueStore(path, [Float64Array.from([1, 2])]);
    expect((await readValueSamples(path, 0, 5, 10)).samples.length).toBe(0);
  });

  it('a missing file, a foreign file and an index out of range are typed errors', async () => {
    await expect(readValueSamples(join(dir, 'nope.bin'), 0, 0, 1)).rejects.toThrow(ValueStoreError);
    const junk = join(dir, 'junk.bin');
    writeFileSync(junk, 'not a value store at all');
    await expect(readValueSamples(junk, 0, 0, 1)).rejects.toMatchObject({ code: 'UXK_ERR_VALUE_STORE_CORRUPT' });
    const path = join(dir, 'one.bin');
    await writeValueStore(path, [Float64Array.from([1])]);
    await expect(readValueSamples(path, 1, 0, 1)).rejects.toMatchObject({ code: 'UXK_ERR_VALUE_STORE_INDEX' });
  });
});
