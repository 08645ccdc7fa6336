import { Distribution } from '../../src/dist/Distribution.js';
import { xoshiro128ss } from '../../src/sampling/xoshiro128ss.js';

/** A seeded source of uniforms in [0, 1) for building test data deterministically. */
export function testRandom(seed: number): () => number {
  const state = Int32Array.of(seed | 1, 0x243f6a88, 0xb7e15162, seed ^ 0x5bd1e995);
  return () => xoshiro128ss(state) / 2 ** 32;
}

/** A random distribution of `n` finite deltas with uneven masses, plus optional specials. */
export function randomDistribution(seed: number, n: number, specials = false): Distribution {
  const rand = testRandom(seed);
  const positions: number[] = [];
  const masses: number[] = [];
  for (let i = 0; i < n; i++) {
    positions.push((rand() - 0.5) * 100);
    masses.push(rand() ** 3 + 1e-3);
  }
  if (specials) {
    positions.push(NaN, -Infinity, Infinity);
    masses.push(0.05, 0.02, 0.08);
  }
  return Distribution.fromParticles(positions, masses);
}
