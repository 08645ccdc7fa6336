/**
 * xoshiro128** 1.0 (Blackman and Vigna, https://prng.di.unimi.it/xoshiro128starstar.c):
 * 128 bits of state, 32-bit outputs, period 2^128 - 1. The state is four int32 words; the
 * all-zero state is the one state it must never hold.
 *
 * The samplers inline this step in their hot loops (locals, no calls); this function is the
 * reference those loops are tested against, and the generator for cold paths.
 */
export function xoshiro128ss(state: Int32Array): number {
  const s0 = state[0]!;
  const s1 = state[1]!;
  const s2 = state[2]!;
  const s3 = state[3]!;
  const m = Math.imul(s1, 5);
  const result = Math.imul((m << 7) | (m >>> 25), 9) >>> 0;
  const t = s1 << 9;
  const n2 = s2 ^ s0;
  const n3 = s3 ^ s1;
  state[1] = s1 ^ n2;
  state[0] = s0 ^ n3;
  state[2] = n2 ^ t;
  state[3] = (n3 << 11) | (n3 >>> 21);
  return result;
}
