import { randomInt } from 'node:crypto';
import seedrandom from 'seedrandom';
import { SamplingError } from './SamplingError.js';

/** A sampler seed: an integer or a string, seeded the way `seedrandom(seed)` seeds. */
export type Seed = number | string;

/** Longest string seed, in UTF-8 bytes: tokens carry the seed, so it must stay short. */
export const MAX_SEED_BYTES = 256;

/**
 * A seed given as text (a query string, a command-line flag): an integer when the text is
 * one that float64 holds exactly, otherwise the string itself (seeded as a string).
 */
export function seedFromText(text: string): Seed {
  const n = Number(text);
  return /^-?\d+$/.test(text) && Number.isSafeInteger(n) ? n : text;
}

/** Checks a user-given seed, or draws a fresh random one (an integer below 2^48). */
export function resolveSeed(seed: Seed | undefined): Seed {
  if (seed === undefined) return randomInt(0, 2 ** 48 - 1);
  if (typeof seed === 'number') {
    if (!Number.isSafeInteger(seed)) {
      throw new SamplingError('bad-seed', `seed ${seed} is not a safe integer; give an integer or a string`);
    }
    return seed;
  }
  if (typeof seed === 'string') {
    if (Buffer.byteLength(seed, 'utf8') > MAX_SEED_BYTES) {
      throw new SamplingError('bad-seed', `string seeds are limited to ${MAX_SEED_BYTES} UTF-8 bytes`);
    }
    return seed;
  }
  throw new SamplingError('bad-seed', `seed must be an integer or a string, not ${typeof seed}`);
}

/**
 * The initial xoshiro128** state for a seed: four int32 outputs of seedrandom's ARC4 generator
 * seeded with the seed as given (so a number and its decimal string are different seeds, as in
 * seedrandom). seedrandom is too slow for the hot path but mixes any string into 128 bits.
 */
export function seedState(seed: Seed): Int32Array {
  // seedrandom accepts numbers at run time (it mixes `seed + '\0'`); its typings say string.
  const arc4 = seedrandom(seed as string);
  const state = new Int32Array(4);
  for (let i = 0; i < 4; i++) state[i] = arc4.int32();
  // xoshiro must not start from all zeros; ARC4 giving 128 zero bits is astronomically rare.
  if ((state[0]! | state[1]! | state[2]! | state[3]!) === 0) state[0] = 1;
  return state;
}
