import { describe, expect, it } from 'vitest';
import { seedFromText } from '../../src/sampling/seedState.js';

describe('seedFromText', () => {
  it('reads whole numbers that float64 holds exactly as integer seeds, anything else as string seeds', () => {
    expect(seedFromText('42')).toBe(42);
    expect(seedFromText('-7')).toBe(-7);
    expect(seedFromText('9007199254740991')).toBe(9007199254740991);
    expect(seedFromText('9007199254740993')).toBe('9007199254740993');
    expect(seedFromText('1.5')).toBe('1.5');
    expect(seedFromText('1e3')).toBe('1e3');
    expect(seedFromText('hello')).toBe('hello');
    expect(seedFromText('')).toBe('');
  });
});
