import { createHash } from 'node:crypto';
import { endianness } from 'node:os';
import type { Distribution } from '../dist/Distribution.js';

/** Bytes of the digest a token carries: 128 bits of SHA-256, plenty to tell distributions apart. */
export const DIGEST_BYTES = 16;

const cache = new WeakMap<Distribution, Uint8Array>();
const littleEndian = endianness() === 'LE';

/** Float64 values as little-endian bytes, whatever the machine, so digests travel. */
function leBytes(values: Float64Array): Uint8Array {
  const bytes = new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
  if (littleEndian) return bytes;
  const copy = Buffer.alloc(values.byteLength);
  for (let i = 0; i < values.length; i++) copy.writeDoubleLE(values[i]!, i * 8);
  return copy;
}

/**
 * Truncated SHA-256 of a distribution's positions, masses and special-value masses. Computed
 * once per Distribution object (cached weakly), since a server resumes many tokens on one value.
 */
export function distributionDigest(dist: Distribution): Uint8Array {
  const cached = cache.get(dist);
  if (cached !== undefined) return cached;
  const hash = createHash('sha256');
  const header = Buffer.alloc(4);
  header.writeUInt32LE(dist.size, 0);
  hash.update(header);
  hash.update(leBytes(dist.positions));
  hash.update(leBytes(dist.masses));
  hash.update(leBytes(Float64Array.of(dist.nanMass, dist.negInfMass, dist.posInfMass)));
  const digest = new Uint8Array(hash.digest().subarray(0, DIGEST_BYTES));
  cache.set(dist, digest);
  return digest;
}
