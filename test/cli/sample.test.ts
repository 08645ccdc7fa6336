import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { runInMemory } from './runInMemory.js';

// Two deltas at 21.25 and 21.75, mass 0.5 each (the public decoder's test value).
const UX = '21.5Ux040000000000000000403580000000000000000002403540000000000040000000000000004035C000000000004000000000000000';
// pi/4 with mass 1 (reference.md).
const POINT = '0.785398Ux0400000000000000003FE921FB54442D18000000013FE921FB54442D188000000000000000';

const cli = (args: string[], stdin = '') => runInMemory(['sample', ...args], stdin);

describe('uxkit sample', () => {
  it('prints {Samples, Count, ContinuationToken} as JSON, reproducibly for a seed', async () => {
    const a = await cli([POINT, '-n', '5', '--seed', '7', '--mode', 'particles']);
    expect(a.status).toBe(0);
    const body = JSON.parse(a.stdout.toString());
    expect(body.Count).toBe(5);
    expect(body.Samples).toEqual([0.7853981633974483, 0.7853981633974483, 0.7853981633974483, 0.7853981633974483, 0.7853981633974483]);
    expect(body.ContinuationToken).toMatch(/^[A-Za-z0-9_-]+$/);
    const b = await cli([UX, '-n', '50', '--seed', '7', '--mode', 'particles']);
    const c = await cli([UX, '-n', '50', '--seed', '7', '--mode', 'particles']);
    expect(b.stdout.equals(c.stdout)).toBe(true);
    for (const v of JSON.parse(b.stdout.toString()).Samples) expect([21.25, 21.75]).toContain(v);
  });

  it('--token continues the stream: two runs of 30 equal one run of 60', async () => {
    const whole = JSON.parse((await cli([UX, '-n', '60', '--seed', 's', '--mode', 'particles'])).stdout.toString());
    const first = JSON.parse((await cli([UX, '-n', '30', '--seed', 's', '--mode', 'particles'])).stdout.toString());
    const second = JSON.parse((await cli([UX, '-n', '30', '--token', first.ContinuationToken])).stdout.toString());
    expect([...first.Samples, ...second.Samples]).toEqual(whole.Samples);
    expect(second.ContinuationToken).toBe(whole.ContinuationToken);
  });

  it('reads the Ux value from stdin with -', async () => {
    const run = await cli(['-', '-n', '3', '--seed', '1', '--mode', 'particles'], `${POINT}\n`);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout.toString()).Count).toBe(3);
  });

  it('--format csv prints one draw per line and the token on stderr; bin prints little-endian float64', async () => {
    const json = JSON.parse((await cli([UX, '-n', '10', '--seed', '3', '--mode', 'particles'])).stdout.toString());
    const csv = await cli([UX, '-n', '10', '--seed', '3', '--mode', 'particles', '--format', 'csv']);
    expect(csv.stdout.toString().trimEnd().split('\n').map(Number)).toEqual(json.Samples);
    expect(csv.stderr).toBe(`ContinuationToken: ${json.ContinuationToken}\n`);
    const bin = await cli([UX, '-n', '10', '--seed', '3', '--mode', 'particles', '--format', 'bin']);
    expect(bin.stdout.length).toBe(80);
    expect(Array.from(new Float64Array(new Uint8Array(bin.stdout).buffer))).toEqual(json.Samples);
  });

  it('-n 0 prints an empty sample list with a token', async () => {
    const run = await cli([UX, '-n', '0', '--seed', '1', '--mode', 'particles']);
    const body = JSON.parse(run.stdout.toString());
    expect(body.Samples).toEqual([]);
    expect(body.Count).toBe(0);
  });

  it('counts spanning several output chunks stay valid JSON', async () => {
    const run = await cli([UX, '-n', '150000', '--seed', '1', '--mode', 'particles']);
    const body = JSON.parse(run.stdout.toString());
    expect(body.Samples.length).toBe(150_000);
  });

  it('bad input exits with status 2, a clear message and nothing on stdout', async () => {
    const cases: [string[], RegExp][] = [
      [[UX, '--count=-3'], /-n must be an integer/],
      [[UX, '-n', '-3'], /-n/],
      [[UX, '-n', '2.5'], /-n must be an integer/],
      [[UX, '-n', 'ten'], /-n must be a non-negative integer/],
      [[UX], /missing -n/],
      [['Ux12', '-n', '3'], /./],
      [[UX, '-n', '3', '--mode', 'histogram'], /mode must be/],
      [[UX, '-n', '3', '--format', 'xml'], /--format must be/],
      [[UX, '-n', '3', '--token', 'garbage!'], /token is malformed/],
      [[POINT, '-n', '3', '--token', 'AgAAAAAAADiAAD4RJqEUgK_I-TYLLioDAAAAAAAAAAowhcaCeHe_gb-S1Mx1SCcAAAAAAABFQHpyJ881pqri'], /another distribution/],
      [[UX, '-n', '3', '--seed', '1', '--token', 'x'], /exclude each other/],
      [[UX, '-n', '3', '--bogus'], /bogus/],
    ];
    for (const [args, message] of cases) {
      const run = await cli(args);
      expect(run.status, args.join(' ')).toBe(2);
      expect(run.stderr).toMatch(message);
      expect(run.stdout.length).toBe(0);
    }
  });

  it('runs as a real process through bin/uxkit', () => {
    const result = spawnSync('node', ['bin/uxkit', 'sample', POINT, '-n', '2', '--seed', '1', '--mode', 'particles'], { encoding: 'utf8' });
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout).Samples).toEqual([0.7853981633974483, 0.7853981633974483]);
  });
});
