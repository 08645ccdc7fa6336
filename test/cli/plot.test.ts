import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runInMemory } from './runInMemory.js';
import { decodePng } from '../plot/pixels.js';
import { checkWellFormedXml } from '../plot/xml.js';

// Two deltas at 21.25 and 21.75, mass 0.5 each (the public decoder's test value).
const UX = '21.5Ux040000000000000000403580000000000000000002403540000000000040000000000000004035C000000000004000000000000000';

const dir = mkdtempSync(join(tmpdir(), 'uxkit-plot-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cli = (args: string[], stdin = '') => runInMemory(['plot', ...args], stdin);

describe('uxkit plot', () => {
  it('uxkit plot writes a PNG of the requested size', async () => {
    const file = join(dir, 'a.png');
    const r = await cli([UX, '-o', file, '--width', '640', '--height', '400', '--pixel-ratio', '1']);
    expect(r).toMatchObject({ status: 0, stderr: '' });
    const png = await decodePng(readFileSync(file));
    expect([png.width, png.height]).toEqual([640, 400]);
  });

  it('uxkit plot reads the value from stdin and writes SVG to stdout with the options applied', async () => {
    const r = await cli(['-', '-o', '-', '--format', 'svg', '--x-label', 'Temperature', '--x-min', '20', '--x-max', '23', '--full-resolution'], `${UX}\n`);
    expect(r.status).toBe(0);
    const svg = r.stdout.toString();
    checkWellFormedXml(svg);
    expect(svg).toContain('>Temperature</text>');
    expect(svg).toContain('>22.5</text>');
  });

  it('uxkit plot picks the format from the file extension and writes a Vega spec for .json', async () => {
    const file = join(dir, 'spec.json');
    expect((await cli([UX, '-o', file])).status).toBe(0);
    const spec = JSON.parse(readFileSync(file, 'utf8'));
    expect(spec.$schema).toMatch(/vega/);
    expect(spec.axes[0].title).toBe('Distribution Support');
  });

  const bad: Array<[string, string[], RegExp]> = [
    ['no output file', [UX], /missing -o FILE/],
    ['an unknown format', [UX, '-o', '-', '--format', 'gif'], /--format must be png, svg or vega/],
    ['x-min above x-max', [UX, '-o', '-', '--x-min', '3', '--x-max', '1'], /xLimMin: must be below xLimMax/],
    ['a non-numeric limit', [UX, '-o', '-', '--y-max', 'high'], /yLimMax: expected a number/],
    ['an absurd width', [UX, '-o', '-', '--width', '99999'], /width: expected an integer/],
    ['a malformed Ux value', ['12Ux04ZZ', '-o', '-'], /at least 42 hex digits/],
    ['an unknown flag', [UX, '-o', '-', '--colour', 'red'], /colour/],
    ['an unwritable file', [UX, '-o', join(dir, 'no/such/dir/x.png')], /cannot write/],
  ];
  for (const [what, args, message] of bad) {
    it(`uxkit plot exits with status 2 and a message for ${what}`, async () => {
      const r = await cli(args);
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/^uxkit plot: /);
      expect(r.stderr).toMatch(message);
      expect(r.stdout.length).toBe(0);
    });
  }

  it('the real uxkit process writes a PNG and fails with status 2 on bad input', () => {
    const root = fileURLToPath(new URL('../../', import.meta.url));
    const file = join(dir, 'proc.png');
    const good = spawnSync('node', ['bin/uxkit', 'plot', UX, '-o', file], { cwd: root, encoding: 'utf8' });
    expect(good.stderr).toBe('');
    expect(good.status).toBe(0);
    expect(readFileSync(file).subarray(1, 4).toString()).toBe('PNG');
    const bad = spawnSync('node', ['bin/uxkit', 'plot', UX, '-o', file, '--y-min', 'NaN'], { cwd: root, encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/yLimMin: expected a number/);
  });
});
