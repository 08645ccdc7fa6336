import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ValueTokenError } from '../../src/trace/ValueStoreError.js';
import { signValueToken, verifyValueToken } from '../../src/trace/valueToken.js';

const key = 'k'.repeat(64);
const task = `tsk_${'a'.repeat(32)}`;
const value = 'val_0123456789abcdef';

describe('value continuation tokens', () => {
  it('verify to the offset they were signed with (property)', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (offset) => {
      expect(verifyValueToken(key, signValueToken(key, { taskId: task, valueId: value, offset }), task, value)).toBe(offset);
    }));
  });

  it('are refused for another value, another task or another key', () => {
    const t = signValueToken(key, { taskId: task, valueId: value, offset: 10000 });
    expect(() => verifyValueToken(key, t, task, 'val_ffffffffffffffff')).toThrow(ValueTokenError);
    expect(() => verifyValueToken(key, t, `tsk_${'b'.repeat(32)}`, value)).toThrow(/not valid/);
    expect(() => verifyValueToken('other', t, task, value)).toThrow(ValueTokenError);
  });

  it('are refused when the offset is edited or the text is malformed', () => {
    const t = signValueToken(key, { taskId: task, valueId: value, offset: 10000 });
    const forged = `${Buffer.from('20000').toString('base64url')}.${t.split('.')[1]}`;
    expect(() => verifyValueToken(key, forged, task, value)).toThrow(/not valid/);
    for (const bad of ['', 'abc', `${t}x`, 'LTE.' + 'A'.repeat(43), t.replace('.', '')]) {
      expect(() => verifyValueToken(key, bad, task, value)).toThrow(ValueTokenError);
    }
  });
});
