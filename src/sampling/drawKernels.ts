import type { DrawTable } from './DrawTable.js';

const TWO_POW_M53 = 2 ** -53;
const TWO_POW_M32 = 2 ** -32;

/**
 * Every draw takes a fixed number of generator outputs (2 in particles mode, 3 in density
 * mode), so that a stream position is a fixed number of generator steps.
 *
 * `particles` draws: two xoshiro128** outputs make a 53-bit uniform u; floor(u * n) picks the
 * alias column and the fraction left over decides between the column and its alias.
 * The generator step is inlined (see xoshiro128ss.ts) with its state in locals: this loop is
 * the hot path, and calls or allocation per draw would halve its speed.
 */
export function drawPoints(table: DrawTable, state: Int32Array, out: Float64Array, offset: number, count: number): void {
  const { size, keep, low } = table;
  // u * size in one rounding: the 53-bit integer times the exact power-of-two-scaled size.
  const scale = TWO_POW_M53 * size;
  let s0 = state[0]!;
  let s1 = state[1]!;
  let s2 = state[2]!;
  let s3 = state[3]!;
  const end = offset + count;
  for (let j = offset; j < end; j++) {
    let m = Math.imul(s1, 5);
    const a = Math.imul((m << 7) | (m >>> 25), 9);
    let t = s1 << 9;
    s2 ^= s0;
    s3 ^= s1;
    s1 ^= s2;
    s0 ^= s3;
    s2 ^= t;
    s3 = (s3 << 11) | (s3 >>> 21);
    m = Math.imul(s1, 5);
    const b = Math.imul((m << 7) | (m >>> 25), 9);
    t = s1 << 9;
    s2 ^= s0;
    s3 ^= s1;
    s1 ^= s2;
    s0 ^= s3;
    s2 ^= t;
    s3 = (s3 << 11) | (s3 >>> 21);
    const x = ((a >>> 5) * 67108864 + (b >>> 6)) * scale;
    const i = x | 0;
    // The boolean as a number selects the alias half without a branch.
    out[j] = low[i + size * +(x - i >= keep[i]!)]!;
  }
  state[0] = s0;
  state[1] = s1;
  state[2] = s2;
  state[3] = s3;
}

/**
 * `density` draws: the column is picked as in drawPoints, then a third output places the draw
 * uniformly inside the column's interval (32 bits of resolution within one bin). Reusing the
 * leftover alias fraction instead would save that output, but measured 18% slower on
 * binDensity tables (two more dependent loads per draw), so it is not done.
 */
export function drawIntervals(table: DrawTable, state: Int32Array, out: Float64Array, offset: number, count: number): void {
  const { size, keep, low, span } = table;
  const scale = TWO_POW_M53 * size;
  let s0 = state[0]!;
  let s1 = state[1]!;
  let s2 = state[2]!;
  let s3 = state[3]!;
  const end = offset + count;
  for (let j = offset; j < end; j++) {
    let m = Math.imul(s1, 5);
    const a = Math.imul((m << 7) | (m >>> 25), 9);
    let t = s1 << 9;
    s2 ^= s0;
    s3 ^= s1;
    s1 ^= s2;
    s0 ^= s3;
    s2 ^= t;
    s3 = (s3 << 11) | (s3 >>> 21);
    m = Math.imul(s1, 5);
    const b = Math.imul((m << 7) | (m >>> 25), 9);
    t = s1 << 9;
    s2 ^= s0;
    s3 ^= s1;
    s1 ^= s2;
    s0 ^= s3;
    s2 ^= t;
    s3 = (s3 << 11) | (s3 >>> 21);
    m = Math.imul(s1, 5);
    const c = Math.imul((m << 7) | (m >>> 25), 9);
    t = s1 << 9;
    s2 ^= s0;
    s3 ^= s1;
    s1 ^= s2;
    s0 ^= s3;
    s2 ^= t;
    s3 = (s3 << 11) | (s3 >>> 21);
    const x = ((a >>> 5) * 67108864 + (b >>> 6)) * scale;
    const i = x | 0;
    const v = (c >>> 0) * TWO_POW_M32;
    const k = i + size * +(x - i >= keep[i]!);
    out[j] = low[k]! + span[k]! * v;
  }
  state[0] = s0;
  state[1] = s1;
  state[2] = s2;
  state[3] = s3;
}
