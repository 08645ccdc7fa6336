import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatUx, scanUx } from '../../src/ux/index.js';

// A real C program writes Ux values the way a runtime would: the particle with printf, the
// layout as big-endian hex of the raw bit patterns. NaN comes from a runtime 0.0/0.0, which on
// x86 and arm64 has its own bit pattern (x86: the sign bit set, printed as -nan).
const program = String.raw`
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
static uint64_t bits(double x) { uint64_t b; memcpy(&b, &x, 8); return b; }
static void ux(const char *fmt, double particle, int lower, int n, const double *xs, const uint64_t *ms) {
  printf(fmt, particle);
  printf(lower ? "Ux%02x%016" PRIx64 "%016" PRIx64 "%08x" : "Ux%02X%016" PRIX64 "%016" PRIX64 "%08X", 4, (uint64_t)n * 32, bits(particle), (unsigned)n);
  for (int i = 0; i < n; i++) printf(lower ? "%016" PRIx64 "%016" PRIx64 : "%016" PRIX64 "%016" PRIX64, bits(xs[i]), ms[i]);
}
int main(int argc, char **argv) {
  volatile double zero = 0.0 * argc;
  double nan = zero / zero;
  double xs[3] = {21.25, 21.75, nan};
  uint64_t half = UINT64_C(1) << 62, quarter = UINT64_C(1) << 61;
  uint64_t ms[3] = {half, quarter, quarter};
  printf("start\nx = "); ux("%lf", 21.5, 0, 2, xs, (uint64_t[]){half, half});
  printf("\ny = "); ux("%e", -1.5e-7, 1, 3, xs, ms);
  printf("\nz = "); ux("%lf", nan, 0, 3, xs, ms);
  printf("\nref: %lf<ValueID>val_1f</ValueID>\ndone\n", 3.5);
  return 0;
}`;

describe('Ux values printed by a real C program', () => {
  it('scanUx finds every value a C program printed, with its printf particle, and formatUx reprints each exactly', () => {
    const dir = mkdtempSync(join(tmpdir(), 'uxkit-cux-'));
    writeFileSync(join(dir, 'p.c'), program);
    execFileSync('gcc', ['-std=c11', '-O0', '-o', join(dir, 'p'), join(dir, 'p.c')]);
    const out = execFileSync(join(dir, 'p'), { encoding: 'utf8' });
    const { values, valueIds, issues } = scanUx(out);
    expect(issues).toEqual([]);
    expect(values.map((m) => m.value.particleText)).toEqual(['21.500000', '-1.500000e-07', expect.stringMatching(/^-?nan$/)]);
    for (const m of values) expect(formatUx(m.value)).toBe(out.slice(m.start, m.end));
    const [x, y, z] = values.map((m) => m.value);
    expect(Array.from(x!.positions)).toEqual([21.25, 21.75]);
    expect(Array.from(x!.masses)).toEqual([0.5, 0.5]);
    expect(x!.sampleCount).toBe(64n);
    expect(y!.hexCase).toBe('lower');
    expect(y!.headerMean).toBe(-1.5e-7);
    expect(y!.positions[2]).toBeNaN();
    expect(Array.from(y!.masses)).toEqual([0.5, 0.25, 0.25]);
    expect(z!.particle).toBeNaN();
    expect(valueIds).toMatchObject([{ particle: 3.5, valueId: 'val_1f' }]);
  });
});
