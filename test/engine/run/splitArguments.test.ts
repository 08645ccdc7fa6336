import { describe, expect, it } from 'vitest';
import { EngineInputError } from '../../../src/engine/errors.js';
import { ensemblePlan } from '../../../src/engine/run/ensemblePlan.js';
import { splitArguments } from '../../../src/engine/run/splitArguments.js';

describe('splitArguments', () => {
  it('splits a string like a shell would, with quotes and escapes', () => {
    expect(splitArguments(`-n 5 "two words" 'single q' a\\ b`)).toEqual(['-n', '5', 'two words', 'single q', 'a b']);
    expect(splitArguments('')).toEqual([]);
  });

  it('leaves $VARIABLES as literal text', () => {
    expect(splitArguments('$HOME ${X}')).toEqual(['$HOME', '$X']);
  });

  it('passes an argv through unchanged', () => {
    expect(splitArguments(['a;b', '*'])).toEqual(['a;b', '*']);
  });

  it.each(['a; rm x', 'a | b', 'a > f', 'a && b', '*.c', 'a # c'])('rejects %j with a typed error', (s) => {
    expect(() => splitArguments(s)).toThrow(EngineInputError);
  });
});

describe('ensemblePlan', () => {
  it('runs Bypass cores once and tracking cores as max(1024, 32 x Precision) runs', () => {
    expect(ensemblePlan({ Microarchitecture: 'Bypass', Precision: 32, MemorySize: 0 })).toEqual({ mode: 'bypass', runs: 1, reference: false });
    expect(ensemblePlan({ Microarchitecture: 'Athens', Precision: 32, MemorySize: 0 }).runs).toBe(1024);
    expect(ensemblePlan({ Microarchitecture: 'Zurich', Precision: 128, MemorySize: 0 }).runs).toBe(4096);
    expect(ensemblePlan({ Microarchitecture: 'Athens', Precision: 32, MemorySize: 0 }, 10).runs).toBe(10);
  });

  it('runs Reference cores Precision times', () => {
    expect(ensemblePlan({ Microarchitecture: 'Reference', Precision: 32, MemorySize: 0 })).toEqual({ mode: 'ensemble', runs: 32, reference: true });
  });

  it('rejects an unknown microarchitecture and a bad run count with typed errors', () => {
    expect(() => ensemblePlan({ Microarchitecture: 'Mars', Precision: 32, MemorySize: 0 })).toThrow(EngineInputError);
    expect(() => ensemblePlan({ Microarchitecture: 'Athens', Precision: 32, MemorySize: 0 }, 0)).toThrow(/runs must be/);
  });
});
