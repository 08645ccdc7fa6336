import type { DrawTable } from './DrawTable.js';

const TWO_POW_M32 = 2 ** -32;

/**
 * Every draw takes a fixed number of xoshiro128** outputs (1 in particles mode, 2 in density
 * mode), so that a stream position is a fixed number of generator steps.
 *
 * `particles` draws: one output u; its low `shift` bits pick the alias column exactly
 * uniformly (the column count is a power of two) and its high bits are the coin compared with
 * the column's integer threshold. The generator step is inlined (see xoshiro128ss.ts) with
 * its state in locals: this loop is the hot path, and a call or an allocation per draw would
 * halve its speed.
 */
export function drawPoints(table: DrawTable, state: Int32Array, out: Float64Array, offset: number, count: number): void {
  const { columns, shift, lastKept, cells } = table;
  const mask = columns - 1;
  let s0 = state[0]!;
  let s1 = state[1]!;
  let s2 = state[2]!;
  let s3 = state[3]!;
  const end = offset + count;
  for (let j = offset; j < end; j++) {
    const m = Math.imul(s1, 5);
    const u = Math.imul((m << 7) | (m >>> 25), 9);
    const t = s1 << 9;
    s2 ^= s0;
    s3 ^= s1;
    s1 ^= s2;
    s0 ^= s3;
    s2 ^= t;
    s3 = (s3 << 11) | (s3 >>> 21);
    const i = u & mask;
    // lastKept - coin is negative exactly when the draw is aliased: its sign bit, spread by
    // >> 31 and masked to `columns`, selects the alias half without a branch.
    out[j] = cells[(i | (((lastKept[i]! - (u >>> shift)) >> 31) & columns)) << 1]!;
  }
  state[0] = s0;
  state[1] = s1;
  state[2] = s2;
  state[3] = s3;
}

/**
 * `density` draws: the column is picked from one output as in drawPoints, then a second
 * output w places the draw uniformly inside the column's interval: low + span * (w * 2^-32),
 * 32 bits of resolution within one bin. (Folding 2^-32 into the table measured no faster and
 * would lose bits on subnormal spans.)
 */
export function drawIntervals(table: DrawTable, state: Int32Array, out: Float64Array, offset: number, count: number): void {
  const { columns, shift, lastKept, cells } = table;
  const mask = columns - 1;
  let s0 = state[0]!;
  let s1 = state[1]!;
  let s2 = state[2]!;
  let s3 = state[3]!;
  const end = offset + count;
  for (let j = offset; j < end; j++) {
    let m = Math.imul(s1, 5);
    const u = Math.imul((m << 7) | (m >>> 25), 9);
    let t = s1 << 9;
    s2 ^= s0;
    s3 ^= s1;
    s1 ^= s2;
    s0 ^= s3;
    s2 ^= t;
    s3 = (s3 << 11) | (s3 >>> 21);
    m = Math.imul(s1, 5);
    const w = Math.imul((m << 7) | (m >>> 25), 9);
    t = s1 << 9;
    s2 ^= s0;
    s3 ^= s1;
    s1 ^= s2;
    s0 ^= s3;
    s2 ^= t;
    s3 = (s3 << 11) | (s3 >>> 21);
    const i = u & mask;
    const k = (i | (((lastKept[i]! - (u >>> shift)) >> 31) & columns)) << 1;
    out[j] = cells[k]! + cells[k + 1]! * ((w >>> 0) * TWO_POW_M32);
  }
  state[0] = s0;
  state[1] = s1;
  state[2] = s2;
  state[3] = s3;
}
