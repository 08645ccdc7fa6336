import { createHmac, timingSafeEqual } from 'node:crypto';
import { ValueTokenError } from './ValueStoreError.js';

/** Where a batch of a value's samples ends: the next batch starts at `offset`. */
export interface ValuePosition {
  taskId: string;
  valueId: string;
  offset: number;
}

const VERSION = 'v1';

function mac(key: string | Uint8Array, body: string): string {
  return createHmac('sha256', key).update(body).digest('base64url');
}

/**
 * An opaque continuation token: the offset in base64url, signed with HMAC-SHA256 over
 * (version, task, value, offset), so it only continues the value it was issued for.
 */
export function signValueToken(key: string | Uint8Array, p: ValuePosition): string {
  const body = Buffer.from(String(p.offset)).toString('base64url');
  return `${body}.${mac(key, `${VERSION}\0${p.taskId}\0${p.valueId}\0${p.offset}`)}`;
}

/**
 * The offset a token continues from. Throws ValueTokenError when it is malformed, forged, or
 * was issued for another task or value (its signature then does not match).
 */
export function verifyValueToken(key: string | Uint8Array, token: string, taskId: string, valueId: string): number {
  const bad = (why: string) => new ValueTokenError('UXK_ERR_VALUE_TOKEN', `continuation token ${why}`);
  const m = /^([A-Za-z0-9_-]{1,24})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (m === null) throw bad('is malformed');
  const text = Buffer.from(m[1]!, 'base64url').toString('latin1');
  if (!/^(0|[1-9]\d{0,15})$/.test(text)) throw bad('is malformed');
  const offset = Number(text);
  const expected = Buffer.from(mac(key, `${VERSION}\0${taskId}\0${valueId}\0${offset}`));
  const given = Buffer.from(m[2]!);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw bad('is not valid for this task and value');
  }
  return offset;
}
