import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { DIGEST_BYTES } from './distributionDigest.js';
import { SamplingError, TokenError } from './SamplingError.js';
import type { SamplingMode } from './SamplingMode.js';
import type { Seed } from './seedState.js';

/** Token format version; bump it whenever the stream a token resumes could change. */
export const TOKEN_VERSION = 2;

/** Everything a sampler needs to continue exactly where it was. */
export interface TokenFields {
  mode: SamplingMode;
  seed: Seed;
  /** xoshiro128** state after `position` draws. */
  state: Int32Array;
  position: number;
  digest: Uint8Array;
  /** Binning options of density mode (0: binDensity's default resolution). */
  resolution: number;
  fullResolution: boolean;
}

// Layout (little-endian): version u8, mode u8, flags u8, resolution u32, state 4 x i32,
// position u64, digest, then the seed (f64, or u16 length + UTF-8), then the trailer:
// HMAC-SHA256 truncated to 16 bytes when signed, else 8 bytes of SHA-256 as a checksum.
const FLAG_SIGNED = 1;
const FLAG_FULL_RESOLUTION = 2;
const FLAG_STRING_SEED = 4;
const FIXED_BYTES = 1 + 1 + 1 + 4 + 16 + 8 + DIGEST_BYTES;
const MAC_BYTES = 16;
const CHECK_BYTES = 8;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** A secret as HMAC key bytes; an empty secret would sign nothing, so it is refused. */
export function secretKey(secret: string | Uint8Array): Uint8Array {
  // A copy, so that a caller reusing its buffer cannot change the key under a live sampler.
  const key = typeof secret === 'string' ? Buffer.from(secret, 'utf8') : secret instanceof Uint8Array ? Uint8Array.from(secret) : secret;
  if (!(key instanceof Uint8Array) || key.length === 0) {
    throw new SamplingError('bad-secret', 'the token secret must be a non-empty string or Uint8Array');
  }
  return key;
}

function trailer(body: Uint8Array, key: Uint8Array | undefined): Buffer {
  if (key !== undefined) return createHmac('sha256', key).update(body).digest().subarray(0, MAC_BYTES);
  return createHash('sha256').update(body).digest().subarray(0, CHECK_BYTES);
}

/** Serialises a sampler's position as an opaque base64url string. */
export function encodeToken(fields: TokenFields, key: Uint8Array | undefined): string {
  const seedBytes = typeof fields.seed === 'string' ? Buffer.from(fields.seed, 'utf8') : undefined;
  const body = Buffer.alloc(FIXED_BYTES + (seedBytes === undefined ? 8 : 2 + seedBytes.length));
  let flags = 0;
  if (key !== undefined) flags |= FLAG_SIGNED;
  if (fields.fullResolution) flags |= FLAG_FULL_RESOLUTION;
  if (seedBytes !== undefined) flags |= FLAG_STRING_SEED;
  body.writeUInt8(TOKEN_VERSION, 0);
  body.writeUInt8(fields.mode === 'density' ? 1 : 0, 1);
  body.writeUInt8(flags, 2);
  body.writeUInt32LE(fields.resolution, 3);
  for (let i = 0; i < 4; i++) body.writeInt32LE(fields.state[i]!, 7 + 4 * i);
  body.writeBigUInt64LE(BigInt(fields.position), 23);
  body.set(fields.digest, 31);
  if (seedBytes === undefined) body.writeDoubleLE(fields.seed as number, FIXED_BYTES);
  else {
    body.writeUInt16LE(seedBytes.length, FIXED_BYTES);
    body.set(seedBytes, FIXED_BYTES + 2);
  }
  return Buffer.concat([body, trailer(body, key)]).toString('base64url');
}

function malformed(why: string): TokenError {
  return new TokenError('malformed', `continuation token is malformed: ${why}`);
}

/**
 * Parses and checks a token. With a key, the token must carry a valid HMAC; without one, an
 * unsigned token's checksum catches corruption and truncation (not forgery: that needs a key).
 */
export function decodeToken(token: unknown, key: Uint8Array | undefined): TokenFields {
  if (typeof token !== 'string' || !BASE64URL.test(token)) throw malformed('not a base64url string');
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.toString('base64url') !== token) throw malformed('not canonical base64url');
  const version = bytes[0]!;
  if (version !== TOKEN_VERSION) {
    throw new TokenError('version', `continuation token has format version ${version}; this uxkit reads version ${TOKEN_VERSION}`);
  }
  if (bytes.length < FIXED_BYTES + 2) throw malformed('truncated');
  const flags = bytes[2]!;
  const signed = (flags & FLAG_SIGNED) !== 0;
  const stringSeed = (flags & FLAG_STRING_SEED) !== 0;
  const bodyLength = FIXED_BYTES + (stringSeed ? 2 + bytes.readUInt16LE(FIXED_BYTES) : 8);
  if (bytes.length !== bodyLength + (signed ? MAC_BYTES : CHECK_BYTES)) throw malformed('wrong length (truncated or padded)');
  if (signed && key === undefined) {
    throw new TokenError('bad-signature', 'continuation token is signed; the secret is needed to resume it');
  }
  if (!signed && key !== undefined) {
    throw new TokenError('bad-signature', 'continuation token is not signed; signed tokens are required here');
  }
  const body = bytes.subarray(0, bodyLength);
  if (!timingSafeEqual(bytes.subarray(bodyLength), trailer(body, key))) {
    if (signed) throw new TokenError('bad-signature', 'continuation token signature does not match: it was altered or signed with another secret');
    throw malformed('checksum mismatch (corrupted)');
  }
  const modeByte = bytes[1]!;
  if (modeByte > 1 || (flags & ~7) !== 0) throw malformed('unknown mode or flags');
  const state = new Int32Array(4);
  for (let i = 0; i < 4; i++) state[i] = bytes.readInt32LE(7 + 4 * i);
  if ((state[0]! | state[1]! | state[2]! | state[3]!) === 0) throw malformed('zero generator state');
  const resolution = bytes.readUInt32LE(3);
  if (resolution === 1) throw malformed('resolution out of range');
  const position = bytes.readBigUInt64LE(23);
  if (position > BigInt(Number.MAX_SAFE_INTEGER)) throw malformed('position out of range');
  const seed = stringSeed
    ? bytes.subarray(FIXED_BYTES + 2, bodyLength).toString('utf8')
    : bytes.readDoubleLE(FIXED_BYTES);
  if (typeof seed === 'number' && !Number.isSafeInteger(seed)) throw malformed('seed is not a safe integer');
  return {
    mode: modeByte === 1 ? 'density' : 'particles',
    seed,
    state,
    position: Number(position),
    digest: new Uint8Array(bytes.subarray(31, 31 + DIGEST_BYTES)),
    resolution,
    fullResolution: (flags & FLAG_FULL_RESOLUTION) !== 0,
  };
}
