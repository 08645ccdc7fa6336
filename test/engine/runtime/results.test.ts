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

// Ignores SIGCHLD before the fork (ended runs would then vanish unreaped), some runs crash,
// the others meet at a query.
const IGNORES_SIGCHLD = `
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include "uxhw.h"
int main(void) {
  signal(SIGCHLD, SIG_IGN);
  double u = UxHwDoubleUniformDist(0.0, 1.0);
  if (u < 0.25) abort();
  printf("%.6f %.6f\\n", u, UxHwDoubleNthMoment(u, 1));
  return 0;
}
`;

async function buildProgram(name: string, text: string): Promise<string> {
  const dir = join(await scratch(), 'results-test');
  await mkdir(dir, { recursive: true });
  const source = join(dir, `${name}.c`);
  await writeFile(source, text);
  const runtime = readdirSync(RUNTIME_DIR).filter((f) => f.endsWith('.c')).map((f) => join(RUNTIME_DIR, f));
  const exe = join(dir, name);
  execFileSync('gcc', ['-std=gnu11', '-O2', '-I', RUNTIME_DIR, source, ...runtime, '-lm', '-o', exe]);
  return exe;
}

describe('ensemble results files', () => {
  it('hold every run output in run order, whole, when runs finish out of order and outputs exceed the spool buffer', async () => {
    const exe = await buildProgram('blocks', PROGRAM);
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

  it('records every run, crashed ones with their signal, and answers the others, when the program ignored SIGCHLD', async () => {
    const exe = await buildProgram('ignores_sigchld', IGNORES_SIGCHLD);
    for (const parallel of [1, 3]) {
      const { results } = await ensemble(exe, [], { runs: 40, parallel });
      const answered = results.records.filter((r) => r.signal === 0);
      const crashed = results.records.filter((r) => r.signal === 6);
      expect(answered.length + crashed.length).toBe(40);
      expect(crashed.length).toBeGreaterThan(0);
      const values = answered.map((r) => r.stdout.toString().trim().split(' ').map(Number) as [number, number]);
      const mean = values.reduce((a, v) => a + v[0], 0) / values.length;
      for (const [, m] of values) expect(m).toBeCloseTo(mean, 5);
    }
  });
});
