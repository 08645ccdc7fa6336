import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Distribution } from '../../src/dist/Distribution.js';
import { renderDensity } from '../../src/plot/index.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

// Draws the same value in a separate Node process, so nothing cached in this one can help.
const script = `
import { createHash } from 'node:crypto';
import { Distribution } from './src/dist/Distribution.ts';
import { renderDensity } from './src/plot/index.ts';
const d = Distribution.fromParticles([-1, 0.5, 2, 7, NaN], [0.1, 0.3, 0.3, 0.2, 0.1]);
for (const format of ['png', 'svg']) {
  process.stdout.write(createHash('sha256').update(renderDensity(d, { format, xAxisLabel: 'Volts' }).bytes).digest('hex') + '\\n');
}
`;

describe('plot determinism', () => {
  it('another process draws byte-identical PNG and SVG for the same value and options', () => {
    const d = Distribution.fromParticles([-1, 0.5, 2, 7, NaN], [0.1, 0.3, 0.3, 0.2, 0.1]);
    const here = ['png', 'svg'].map((format) => sha(renderDensity(d, { format: format as 'png' | 'svg', xAxisLabel: 'Volts' }).bytes));
    const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));
    const there = execFileSync(tsx, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' }).trim().split('\n');
    expect(there).toEqual(here);
  });

  it('a PNG drawn after other pictures (clipped, rotated text, other sizes) equals the first drawing of it', () => {
    const d = Distribution.fromParticles([-1, 0.5, 2, 7, NaN], [0.1, 0.3, 0.3, 0.2, 0.1]);
    const first = sha(renderDensity(d).bytes);
    expect(sha(renderDensity(d).bytes)).toBe(first);
    renderDensity(Distribution.fromParticles([0.785398], [1]), { xLimMin: 0, xLimMax: 2, xAxisLabel: 'Amps' });
    renderDensity(d, { pixelRatio: 1 });
    renderDensity(Distribution.fromParticles([0, 1], [0.5, 0.5]), { xLimMin: 0.5, xLimMax: 3 });
    expect(sha(renderDensity(d).bytes)).toBe(first);
  });
});
