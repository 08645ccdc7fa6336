import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { VALUE_STORE_ENTRY_BYTES, VALUE_STORE_HEADER_BYTES, VALUE_STORE_MAGIC } from './valueStoreLayout.js';

/**
 * Writes every value's samples (float64, in order) to one value store file (layout in
 * valueStoreLayout.ts). Written to a temporary file renamed into place, so a reader never
 * sees half a store. Value i of `values` is read back as index i.
 */
export async function writeValueStore(path: string, values: readonly Float64Array[]): Promise<void> {
  const n = values.length;
  const header = Buffer.alloc(VALUE_STORE_HEADER_BYTES + VALUE_STORE_ENTRY_BYTES * n);
  header.write(VALUE_STORE_MAGIC, 0, 'latin1');
  header.writeUInt32LE(n, 8);
  let offset = header.length;
  for (let i = 0; i < n; i++) {
    const at = VALUE_STORE_HEADER_BYTES + VALUE_STORE_ENTRY_BYTES * i;
    header.writeBigUInt64LE(BigInt(offset), at);
    header.writeBigUInt64LE(BigInt(values[i]!.length), at + 8);
    offset += values[i]!.length * 8;
  }
  mkdirSync(dirname(path), { recursive: true });
  const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  const file = await open(temp, 'w');
  try {
    await file.write(header);
    for (let i = 0; i < n; i++) {
      const v = values[i]!;
      // Float64Array is host-endian; every platform Node supports here is little-endian.
      await file.write(new Uint8Array(v.buffer, v.byteOffset, v.byteLength));
    }
    await file.close();
    await rename(temp, path);
  } catch (error) {
    await file.close().catch(() => undefined);
    await rm(temp, { force: true });
    throw error;
  }
}
