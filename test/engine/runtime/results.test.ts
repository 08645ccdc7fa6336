import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensemble, RUNTIME_DIR, scratch } from './helpers.js';

// Run i prints a block whose size depends on i (some far past the supervisor's 1 MiB spool
// buffer, some empty) and sleeps by parity, so runs finish out of order.
const PROGRAM = `
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "uxhw.h"
int main(void) {
  double u = UxHwDoubleUniformDist(0.0, 1.0);
  long i = (long)(u * 1e6) % 7;
  long bytes = i == 0 ? 0 : i * 400000L;
  char c = (char)('a' + (int)(u * 26.0));
  for (long k = 0; k < bytes; k++) putchar(c);
  printf("|%ld\\n", i);
  fprintf(stderr, "%ld\\n", bytes);
  if (i % 2 == 1) { struct timespec t = {0, 3000000}; nanosleep(&t, NULL); }
  return 0;
}
`;

async function buildProgram(): Promise<string> {
  const dir = join(await scratch(), 'results-test');
  await mkdir(dir, { recursive: true });
  const source = join(dir, 'blocks.c');
  await writeFile(source, PROGRAM);
  const runtime = readdirSync(RUNTIME_DIR).filter((f) => f.endsWith('.c')).map((f) => join(RUNTIME_DIR, f));
  const exe = join(dir, 'blocks');
  execFileSync('gcc', ['-std=gnu11', '-O2', '-I', RUNTIME_DIR, source, ...runtime, '-lm', '-o', exe]);
  return exe;
}

describe('ensemble results files', () => {
  it('hold every run output in run order, whole, when runs finish out of order and outputs exceed the spool buffer', async () => {
    const exe = await buildProgram();
    const { results } = await ensemble(exe, [], { runs: 24, parallel: 3 });
    let big = 0;
    for (const r of results.records) {
      const text = r.stdout.toString('latin1');
      const bytes = Number(r.stderr.toString().trim());
      expect(text.slice(bytes)).toMatch(/^\|\d\n$/);
      expect(bytes).toBe(Number(text.slice(bytes + 1)) * 400000);
      if (bytes > 0) expect(text[0]!.repeat(bytes)).toBe(text.slice(0, bytes));
      if (bytes > 1 << 20) big++;
    }
    expect(big).toBeGreaterThan(0);
  });
});
