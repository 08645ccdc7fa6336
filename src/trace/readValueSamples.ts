import { open } from 'node:fs/promises';
import { ValueStoreError } from './ValueStoreError.js';
import { VALUE_STORE_ENTRY_BYTES, VALUE_STORE_HEADER_BYTES, VALUE_STORE_MAGIC } from './valueStoreLayout.js';

export interface SampleSlice {
  /** The samples from `offset`, at most `count` of them. */
  samples: Float64Array;
  /** How many samples the value holds in all. */
  total: number;
}

/**
 * Reads `count` samples of value `index` from `offset` with positional reads: the header,
 * the value's directory entry and the slice, never the whole file. An offset at or past the
 * end gives no samples. Throws ValueStoreError for a missing or malformed file or an index
 * the store does not hold.
 */
export async function readValueSamples(path: string, index: number, offset: number, count: number): Promise<SampleSlice> {
  let file;
  try {
    file = await open(path, 'r');
  } catch (error) {
    throw new ValueStoreError('UXK_ERR_VALUE_STORE_MISSING', `value store ${path} cannot be opened: ${(error as Error).message}`);
  }
  try {
    const size = (await file.stat()).size;
    const head = Buffer.alloc(VALUE_STORE_HEADER_BYTES);
    await file.read(head, 0, head.length, 0);
    if (size < head.length || head.toString('latin1', 0, 8) !== VALUE_STORE_MAGIC) {
      throw new ValueStoreError('UXK_ERR_VALUE_STORE_CORRUPT', `${path} is not a value store`);
    }
    const n = head.readUInt32LE(8);
    if (!(Number.isInteger(index) && index >= 0 && index < n)) {
      throw new ValueStoreError('UXK_ERR_VALUE_STORE_INDEX', `value store ${path} holds ${n} values, not index ${index}`);
    }
    const entry = Buffer.alloc(VALUE_STORE_ENTRY_BYTES);
    await file.read(entry, 0, entry.length, VALUE_STORE_HEADER_BYTES + VALUE_STORE_ENTRY_BYTES * index);
    const start = Number(entry.readBigUInt64LE(0));
    const total = Number(entry.readBigUInt64LE(8));
    if (start + total * 8 > size) throw new ValueStoreError('UXK_ERR_VALUE_STORE_CORRUPT', `value store ${path} is truncated`);
    const from = Math.min(Math.max(0, Math.floor(offset)), total);
    const take = Math.min(Math.max(0, Math.floor(count)), total - from);
    const samples = new Float64Array(take);
    if (take > 0) await file.read(new Uint8Array(samples.buffer), 0, take * 8, start + from * 8);
    return { samples, total };
  } finally {
    await file.close();
  }
}
