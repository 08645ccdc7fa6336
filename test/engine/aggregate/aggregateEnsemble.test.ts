import { describe, expect, it } from 'vitest';
import { aggregateEnsemble, type RunOutput } from '../../../src/engine/aggregate/aggregateEnsemble.js';
import type { SlotEncoder } from '../../../src/engine/aggregate/aggregateStream.js';
import { uxSlotEncoder } from '../../../src/engine/aggregate/uxSlotEncoder.js';
import { Distribution } from '../../../src/dist/Distribution.js';
import { mean } from '../../../src/dist/mean.js';
import { parseUx } from '../../../src/ux/parseUx.js';

const run = (stdout: string, stderr = '', exitCode = 0, signal = 0): RunOutput => ({
  stdout: Buffer.from(stdout), stderr: Buffer.from(stderr), exitCode, signal,
});
/** Prints a slot as particle[min..max;count] so tests can read what aggregation passed. */
const probe: SlotEncoder = (s, particle) => `${particle}[${Math.min(...s)}..${Math.max(...s)};${s.length}]`;

describe('aggregateEnsemble', () => {
  it('keeps slots equal in every run as printed and turns varying slots into distributions', () => {
    const runs = [run('n=3 x=1.00\n'), run('n=3 x=2.00\n'), run('n=3 x=4.50\n')];
    const a = aggregateEnsemble({ runs, precision: 4, encode: probe });
    expect(a.stdout.toString()).toBe('n=3 x=2.50[1..4.5;3]\n');
    expect(a.divergentRuns).toBe(0);
    expect(a.exitCode).toBe(0);
  });

  it('prints the particle with the slot format: decimals and C-style exponents', () => {
    const runs = [run('v 1.000000e-03'), run('v 3.000000e-03')];
    expect(aggregateEnsemble({ runs, precision: 2, encode: probe }).stdout.toString()).toBe('v 2.000000e-03[0.001..0.003;2]');
    const ints = [run('k 1'), run('k 2')];
    expect(aggregateEnsemble({ runs: ints, precision: 2, encode: probe }).stdout.toString()).toBe('k 1.5[1..2;2]');
  });

  it('puts the shared prefix first, once', () => {
    const a = aggregateEnsemble({ runs: [run('1\n'), run('1\n')], prefixStdout: Buffer.from('hello\n'), precision: 2, encode: probe });
    expect(a.stdout.toString()).toBe('hello\n1\n');
  });

  it('uses the majority shape and reports the other runs on stderr with their share', () => {
    const runs = [run('ok 1\n'), run('ok 2\n'), run('ok 3\n'), run('diverged 9 9\n')];
    const a = aggregateEnsemble({ runs, precision: 2, encode: probe });
    expect(a.stdout.toString()).toBe('ok 2.0[1..3;3]\n');
    expect(a.divergentRuns).toBe(1);
    expect(a.stderr.toString()).toContain('1 of 4 runs (25.0%) printed stdout of another shape');
    expect(a.stderr.toString()).toContain('run 3 printed:\ndiverged 9 9\n');
  });

  it('reports the majority exit status and notes runs that ended differently', () => {
    const runs = [run('a', '', -1, 11), run('a', '', -1, 11), run('a', '', 0, 0)];
    const a = aggregateEnsemble({ runs, precision: 2, encode: probe });
    expect(a.exitCode).toBeNull();
    expect(a.signal).toBe(11);
    expect(a.stderr.toString()).toMatch(/runs ended differently: signal 11 \(SIGSEGV\) in 2 runs, exit status 0 in 1 runs/);
  });

  it('aggregates stderr the same way as stdout', () => {
    const runs = [run('', 'err 1\n'), run('', 'err 3\n')];
    expect(aggregateEnsemble({ runs, precision: 2, encode: probe }).stderr.toString()).toBe('err 2.0[1..3;2]\n');
  });

  it('encodes varying slots as Ux strings whose decoded mean is the samples mean', () => {
    const runs = Array.from({ length: 64 }, (_, i) => run(`x=${(i / 8).toFixed(3)}\n`));
    const text = aggregateEnsemble({ runs, precision: 8, encode: uxSlotEncoder }).stdout.toString();
    const m = /^x=(\S+)\n$/.exec(text)!;
    const v = parseUx(m[1]!);
    expect(v.particleText).toBe('3.938');
    expect(v.type).toBe(4);
    expect(v.sampleCount).toBe(64n);
    expect(v.positions.length).toBe(8);
    expect(mean(Distribution.fromUx(v))).toBeCloseTo(3.9375, 12);
  });

  it('keeps NaN and infinite samples as special-value deltas', () => {
    const runs = [run('1.0'), run('3.0'), run('nan'), run('inf')];
    const text = aggregateEnsemble({ runs, precision: 4, encode: uxSlotEncoder }).stdout.toString();
    const d = Distribution.fromUx(parseUx(text));
    expect(d.nanMass).toBeCloseTo(0.25);
    expect(d.posInfMass).toBeCloseTo(0.25);
    expect(text.startsWith('nan')).toBe(true);
  });
});
