import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UxFormatError, formatParticle, parseParticle } from '../../src/ux/index.js';

// A real C program prints doubles with every printf conversion and reads each text back with
// strtod: parseParticle must agree with the C library bit for bit.
const program = String.raw`
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(void) {
  double xs[] = {0.785398163397, -21.5, 1.5e-7, 6.02214076e23, 5.0, -0.0, 1e300, 4.9e-324, 123456.789, NAN, -NAN, INFINITY, -INFINITY};
  const char *fmts[] = {"%lf", "%f", "%e", "%E", "%g", "%G", "%a", "%A", "%+lf", "%.0f", "%#.0f", "%.17g", "%.3e"};
  char text[512];
  for (size_t i = 0; i < sizeof xs / sizeof *xs; i++)
    for (size_t f = 0; f < sizeof fmts / sizeof *fmts; f++) {
      snprintf(text, sizeof text, fmts[f], xs[i]);
      double back = strtod(text, NULL);
      unsigned long long bits; memcpy(&bits, &back, 8);
      printf("%s %016llx %d\n", text, bits, isnan(back) ? 1 : 0);
    }
  return 0;
}`;

function printfCases(): { text: string; bits: bigint; nan: boolean }[] {
  const dir = mkdtempSync(join(tmpdir(), 'uxkit-particle-'));
  writeFileSync(join(dir, 'p.c'), program);
  execFileSync('gcc', ['-O0', '-o', join(dir, 'p'), join(dir, 'p.c'), '-lm']);
  return execFileSync(join(dir, 'p'), { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => {
      const [text, bits, nan] = line.split(' ');
      return { text: text!, bits: BigInt(`0x${bits}`), nan: nan === '1' };
    });
}

const bitsOf = (x: number): bigint => {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  return view.getBigUint64(0);
};

describe('parseParticle', () => {
  it('parseParticle reads every printf conversion of a double as strtod does', () => {
    const cases = printfCases();
    expect(cases.length).toBe(13 * 13);
    for (const c of cases) {
      const x = parseParticle(c.text);
      if (c.nan) expect(x, c.text).toBeNaN();
      else expect(bitsOf(x), c.text).toBe(c.bits);
    }
  });

  it('parseParticle rejects text that is not one number with bad-particle', () => {
    for (const bad of ['', ' 1.5', '1.5 ', '1.5.2', 'e5', '1e', '--1', 'nanx', 'infinity', '0x1.8', '+', '.', '1,5']) {
      expect(() => parseParticle(bad), bad).toThrow(UxFormatError);
    }
  });

  it('formatParticle prints a particle that parseParticle reads back as the same double', () => {
    fc.assert(
      fc.property(fc.double(), (x) => {
        const text = formatParticle(x);
        expect(text).toMatch(/^(-?\d+\.\d*(e[-+]\d+)?|nan|-?inf)$/);
        expect(parseParticle(text)).toBe(x);
      }),
      { numRuns: 2000 },
    );
  });
});
