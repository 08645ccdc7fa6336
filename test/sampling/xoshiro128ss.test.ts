import { describe, expect, it } from 'vitest';
import { xoshiro128ss } from '../../src/sampling/xoshiro128ss.js';

// Known answers from the reference C code (https://prng.di.unimi.it/xoshiro128starstar.c),
// compiled with gcc and run from the states below.
describe('xoshiro128ss', () => {
  it('xoshiro128ss(state) matches the reference outputs from state {1, 2, 3, 4}', () => {
    const state = Int32Array.of(1, 2, 3, 4);
    const outputs = Array.from({ length: 8 }, () => xoshiro128ss(state));
    expect(outputs).toEqual([11520, 0, 5927040, 70819200, 2031721883, 1637235492, 1287239034, 3734860849]);
  });

  it('xoshiro128ss(state) matches the reference after 1000 steps from a mixed state', () => {
    const state = Int32Array.of(0x9e3779b9, 0x243f6a88, 0xb7e15162, 0xdeadbeef);
    for (let i = 0; i < 1000; i++) xoshiro128ss(state);
    const outputs = Array.from({ length: 4 }, () => xoshiro128ss(state));
    expect(outputs).toEqual([2541037969, 1849389561, 1502624387, 2643130287]);
  });
});
