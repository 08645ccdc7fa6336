import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runInMemory } from './runInMemory.js';

const fixture = (name: string): string =>
  readFileSync(new URL(`../../fixtures/ux/${name}`, import.meta.url), 'utf8').trim();
const TWO = fixture('two-deltas-21.5.ux');
const SPECIAL = fixture('special-lowercase.ux');

async function cli(args: string[], stdin = ''): Promise<{ status: number; stdout: string; stderr: string }> {
  const r = await runInMemory(['decode', ...args], stdin);
  return { ...r, stdout: r.stdout.toString() };
}

describe('uxkit decode', () => {
  it('prints a readable summary: type, sample count, deltas, mean, stddev, support, special masses', async () => {
    const r = await cli([TWO]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^particle\s+21\.5$/m);
    expect(r.stdout).toMatch(/^type\s+0x04 \(TTR\)$/m);
    expect(r.stdout).toMatch(/^sample count\s+0$/m);
    expect(r.stdout).toMatch(/^deltas\s+2$/m);
    expect(r.stdout).toMatch(/^mean\s+21\.5$/m);
    expect(r.stdout).toMatch(/^stddev\s+0\.25$/m);
    expect(r.stdout).toMatch(/^support\s+\[21\.25, 21\.75\]$/m);
    expect(r.stdout).toMatch(/^NaN mass\s+0$/m);
  });

  it('the summary says how far the raw masses are from 2^63 only when they are off', async () => {
    expect((await cli([TWO])).stdout).not.toContain('mass sum');
    // Lower the last delta's raw mass 0x4000000000000000 by 5.
    const off = await cli([TWO.replace(/4000000000000000$/, '3FFFFFFFFFFFFFFB')]);
    expect(off.status).toBe(0);
    expect(off.stdout).toMatch(/^mass sum\s+2\^63 - 5 \(not exactly 1\)$/m);
  });

  it('--json prints every field, raw masses as decimal strings, non-finite numbers as strings, and statistics', async () => {
    const r = await cli([SPECIAL, '--json']);
    expect(r.status).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j).toMatchObject({
      type: 4,
      particle: 'NaN',
      particleText: '-nan',
      sampleCount: '1024',
      headerMean: '-NaN',
      positions: [1.5, '-NaN', 'Infinity'],
      rawMasses: ['4611686018427387904', '2305843009213693952', '2305843009213693952'],
      masses: [0.5, 0.25, 0.25],
      positionPrecision: 'double',
      hexCase: 'lower',
    });
    expect(j.statistics).toMatchObject({ mean: 'NaN', supportMin: 1.5, supportMax: 'Infinity', nanMass: 0.25, posInfMass: 0.25, negInfMass: 0 });
  });

  it('reads the value from stdin with -, and takes a negative particle as the value, not an option', async () => {
    const r = await cli(['-', '--json'], `${TWO}\n`);
    expect(JSON.parse(r.stdout).statistics.variance).toBe(0.0625);
    const negative = TWO.replace(/^21\.5/, '-21.5');
    expect((await cli([negative])).stdout).toMatch(/^particle\s+-21\.5$/m);
  });

  it('invalid input exits with status 2 and the UxFormatError message on stderr', async () => {
    const r = await cli([`${TWO}0`]);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^uxkit decode: odd number of hex digits .* at char 6\n$/);
    const count = await cli([`1.5Ux04${'0'.repeat(32)}FFFFFFFF${'0'.repeat(58)}`]);
    expect(count.status).toBe(2);
    expect(count.stderr).toContain('count too large');
    expect((await cli([])).status).toBe(2);
  });

  it('bin/uxkit decode runs as a real process: summary on stdout, status 2 and stderr for bad input', () => {
    const bin = new URL('../../bin/uxkit', import.meta.url).pathname;
    const ok = spawnSync(bin, ['decode', TWO], { encoding: 'utf8' });
    expect(ok.status).toBe(0);
    expect(ok.stdout).toMatch(/^mean\s+21\.5$/m);
    const bad = spawnSync(bin, ['decode', 'hello'], { encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('not a Ux value');
  });
});
