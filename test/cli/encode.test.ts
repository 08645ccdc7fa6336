import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runInMemory } from './runInMemory.js';
import { formatUx } from '../../src/ux/index.js';
import { uxValue } from '../ux/arbitraries.js';

async function cli(args: string[], stdin = ''): Promise<{ status: number; stdout: string; stderr: string }> {
  const r = await runInMemory(args, stdin);
  return { ...r, stdout: r.stdout.toString() };
}

describe('uxkit encode', () => {
  it('encode --json of decode --json gives back the exact Ux string (random values, stdin)', async () => {
    await fc.assert(
      fc.asyncProperty(uxValue, async (x) => {
        const ux = formatUx(x);
        const decoded = await cli(['decode', '-', '--json'], ux);
        expect(decoded.status).toBe(0);
        const encoded = await cli(['encode', '--json', '-'], decoded.stdout);
        expect(encoded.stderr).toBe('');
        expect(encoded.stdout).toBe(`${ux}\n`);
      }),
      { numRuns: 60 },
    );
  });

  it('encode --json gives back a bare Ux string (no particle) from its decode --json', async () => {
    const bare = 'Ux0400000000000000003FE921FB54442D18000000013FE921FB54442D188000000000000000';
    const decoded = await cli(['decode', bare, '--json']);
    expect(JSON.parse(decoded.stdout).particleText).toBe('');
    expect((await cli(['encode', '--json', '-'], decoded.stdout)).stdout).toBe(`${bare}\n`);
  });

  it('encode --json reads a file and prints a hand-written value with a sensible particle', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'uxkit-encode-'));
    const file = join(dir, 'v.json');
    writeFileSync(file, JSON.stringify({ particle: 21.5, headerMean: 21.5, positions: [21.25, 21.75], rawMasses: ['4611686018427387904', '4611686018427387904'] }));
    const r = await cli(['encode', '--json', file]);
    expect(r.stdout).toBe('21.5Ux040000000000000000403580000000000000000002403540000000000040000000000000004035C000000000004000000000000000\n');
  });

  it('bad JSON, bad fields and a missing --json exit with status 2 and a message naming the problem', async () => {
    expect(await cli(['encode', '--json', '-'], '{')).toMatchObject({ status: 2, stderr: expect.stringContaining('is not JSON') });
    const bad = JSON.stringify({ headerMean: 0, positions: [1], rawMasses: ['-5'] });
    expect(await cli(['encode', '--json', '-'], bad)).toMatchObject({ status: 2, stderr: expect.stringContaining('rawMasses[0]') });
    const nan = JSON.stringify({ particle: 1, headerMean: 'nan', positions: [1], rawMasses: ['1'] });
    expect(await cli(['encode', '--json', '-'], nan)).toMatchObject({ status: 2, stderr: expect.stringContaining('headerMean') });
    expect((await cli(['encode', '-'], '{}')).status).toBe(2);
    expect((await cli(['encode', '--json', '/nonexistent/v.json'])).stderr).toContain('cannot read');
  });
});
