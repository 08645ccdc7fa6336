import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EngineInputError } from '../../../src/engine/errors.js';
import { runTask } from '../../../src/engine/run/runTask.js';
import { compileBuild } from '../../../src/engine/toolchain/compileBuild.js';
import { writeSourceBuild } from '../../../src/engine/toolchain/writeSourceBuild.js';
import { athens, cleanup, root, runFixture, uxValues } from './helpers.js';

afterAll(cleanup);

describe('programs that fail or hit limits end in the matching outcome', () => {
  it('a program that crashes completes with its signal, its stderr and its output before the crash', async () => {
    const r = await runFixture('crash', { runs: 64 });
    expect(r.kind).toBe('completed');
    if (r.kind !== 'completed') return;
    expect(r.exitCode).toBeNull();
    expect(r.signal).toBe(11);
    expect(r.stderr.toString()).toContain('about to crash');
    expect(uxValues(r.stdout.toString())).toHaveLength(1);
  });

  it('a program that never calls UxHw runs once plainly with its arguments and exit status', async () => {
    const r = await runFixture('no-uxhw', { args: 'a "b c"' });
    expect(r.kind).toBe('completed');
    if (r.kind !== 'completed') return;
    expect(r.stdout.toString()).toBe('args 2: a|b c\n');
    expect(r.stderr.toString()).toBe('plain stderr\n');
    expect(r.exitCode).toBe(4);
    expect(r.stats.Runs).toBe(1);
  });

  it('a program that loops forever ends as limit-exceeded wall-time', async () => {
    const r = await runFixture('forever', { runs: 16, limits: { wallTimeMs: 2000 } });
    expect(r).toMatchObject({ kind: 'limit-exceeded', limit: 'wall-time' });
    if (r.kind === 'limit-exceeded') expect(r.message).toContain('wall-time limit');
  });

  it('a run that spins past the CPU limit ends as limit-exceeded cpu-time', async () => {
    const r = await runFixture('forever', { runs: 2, limits: { cpuTimeSeconds: 1, wallTimeMs: 50_000 } });
    expect(r).toMatchObject({ kind: 'limit-exceeded', limit: 'cpu-time' });
    if (r.kind === 'limit-exceeded') expect(r.message).toContain('cpu-time limit');
  });

  it('a program that allocates too much ends as limit-exceeded memory', async () => {
    const r = await runFixture('alloc-too-much', { runs: 4, limits: { wallTimeMs: 20_000 } });
    expect(r).toMatchObject({ kind: 'limit-exceeded', limit: 'memory' });
    if (r.kind === 'limit-exceeded') expect(r.message).toContain('memory limit');
  });

  it('an ensemble run that prints 1 GiB ends as limit-exceeded output', async () => {
    const r = await runFixture('print-1gb', { runs: 4, limits: { ensembleOutputBytes: 4 << 20 } });
    expect(r).toMatchObject({ kind: 'limit-exceeded', limit: 'output' });
    if (r.kind === 'limit-exceeded') expect(r.message).toContain('output limit');
  });

  it('a plain run that prints 1 GiB ends as limit-exceeded output', async () => {
    const r = await runFixture('print-1gb', { core: { ...athens(), Microarchitecture: 'Bypass' }, limits: { outputBytes: 1 << 20 } });
    expect(r).toMatchObject({ kind: 'limit-exceeded', limit: 'output' });
    if (r.kind === 'limit-exceeded') expect(r.stdout.length).toBe(1 << 20);
  });

  it('a task cancelled through its signal ends as cancelled', async () => {
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 300);
    const r = await runFixture('forever', { runs: 4, signal: ac.signal, limits: { wallTimeMs: 20_000 } });
    expect(r).toEqual({ kind: 'cancelled' });
  });
});

describe('runTask failures of the engine itself', () => {
  it('maps the runtime\'s own failure (exit 70/71 with a uxhw: line, no results) to internal-error', async () => {
    const dir = mkdtempSync(join(root, 'src-'));
    writeSourceBuild('#include <stdio.h>\nint main(void) { fputs("uxhw: cannot write results\\n", stderr); return 71; }\n', 'C', dir);
    const b = await compileBuild({ language: 'C', sourceDir: dir, workDir: mkdtempSync(join(root, 'w-')) });
    if (b.kind !== 'built') throw new Error(JSON.stringify(b));
    const r = await runTask({ binaryPath: b.binaryPath, args: [], core: athens(), workDir: mkdtempSync(join(root, 'run-')) });
    expect(r).toEqual({ kind: 'internal-error', message: 'the UxHw runtime failed to run the ensemble: cannot write results' });
  });

  it('reports a missing binary as internal-error', async () => {
    const r = await runTask({ binaryPath: join(root, 'nope'), args: [], core: athens(), workDir: mkdtempSync(join(root, 'run-')) });
    expect(r.kind).toBe('internal-error');
  });

  it('rejects arguments with shell operators before running anything', async () => {
    await expect(runFixture('no-uxhw', { args: 'a; rm -rf /' })).rejects.toThrow(EngineInputError);
  });

  it('runs without namespaces only when the operator opts out, warning once through the logger', async () => {
    const warnings: string[] = [];
    const logger = { warn: (m: string) => warnings.push(m) };
    const r1 = await runFixture('no-uxhw', { args: ['x'], sandbox: 'none', logger });
    const r2 = await runFixture('no-uxhw', { args: ['y'], sandbox: 'none', logger });
    expect(r1.kind === 'completed' && r1.stdout.toString()).toBe('args 1: x|\n');
    expect(r2.kind).toBe('completed');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('sandbox disabled');
  });
});

describe('compileBuild', () => {
  const source = (code: string, language: 'C' | 'C++' | 'Fortran' = 'C') => {
    const dir = mkdtempSync(join(root, 'src-'));
    writeSourceBuild(code, language, dir);
    return dir;
  };

  it('keeps the diagnostics of a program that does not compile', async () => {
    const b = await compileBuild({ language: 'C', sourceDir: source('int main(void) { return undefined_name; }\n'), workDir: mkdtempSync(join(root, 'w-')) });
    expect(b.kind).toBe('compile-error');
    if (b.kind === 'compile-error') expect(b.log).toContain('undefined_name');
  });

  it('replaces a uxhw.h shipped with the program by the engine\'s own', async () => {
    const dir = source('#include "uxhw.h"\n#include <stdio.h>\nint main(void) { printf("%lf\\n", UxHwDoubleUniformDist(0, 2)); return 0; }\n');
    mkdirSync(join(dir, 'lib'));
    writeFileSync(join(dir, 'uxhw.h'), '#error "the native stub must not be used"\n');
    writeFileSync(join(dir, 'lib', 'uxhw.h'), '#error "nor this one"\n');
    const b = await compileBuild({ language: 'C', sourceDir: dir, workDir: mkdtempSync(join(root, 'w-')) });
    expect(b.kind).toBe('built');
    if (b.kind === 'built') expect(b.sizeBytes).toBeGreaterThan(0);
  });

  it('builds only the listed sources with the given flags', async () => {
    const dir = source('int helper(void);\nint main(void) { return helper() - 3; }\n');
    writeFileSync(join(dir, 'helper.c'), 'int helper(void) { return VALUE; }\n');
    writeFileSync(join(dir, 'other.c'), 'int main(void) { return 1; }\n');
    const b = await compileBuild({ language: 'C', sourceDir: dir, workDir: mkdtempSync(join(root, 'w-')), sources: ['main.c', 'helper.c'], cflags: ['-DVALUE=3'] });
    expect(b.kind).toBe('built');
  });

  it('links mixed C and C++ sources with g++ and the result runs', async () => {
    const dir = source('#include <iostream>\nextern "C" int helper(void);\nint main() { std::cout << "helper " << helper() << std::endl; return 0; }\n', 'C++');
    writeFileSync(join(dir, 'helper.c'), 'int helper(void) { return 41 + 1; }\n');
    const b = await compileBuild({ language: 'C++', sourceDir: dir, workDir: mkdtempSync(join(root, 'w-')) });
    expect(b.kind).toBe('built');
    if (b.kind !== 'built') return;
    expect(b.log).toContain('$ g++ -O2 -static -o /work/program');
    const r = await runTask({ binaryPath: b.binaryPath, args: [], core: athens(), workDir: mkdtempSync(join(root, 'run-')) });
    expect(r.kind === 'completed' && r.stdout.toString()).toBe('helper 42\n');
  });

  it('links statically, and dynamically a program that a static link refuses (its own malloc), which then runs as an ensemble', async () => {
    const plain = await compileBuild({ language: 'C', sourceDir: source('#include <stdio.h>\nint main(void) { puts("plain"); return 0; }\n'), workDir: mkdtempSync(join(root, 'w-')) });
    expect(plain.kind === 'built' && plain.log).not.toContain('linking dynamically');
    const own = `#include <stddef.h>
#include <stdio.h>
#include "uxhw.h"
static char arena[1 << 22];
static size_t used;
void *malloc(size_t n) { void *p = arena + used; used += (n + 15) & ~(size_t)15; return p; }
void free(void *p) { (void)p; }
int main(void) { printf("x=%f\\n", UxHwDoubleUniformDist(0.0, 1.0)); return 0; }
`;
    const b = await compileBuild({ language: 'C', sourceDir: source(own), workDir: mkdtempSync(join(root, 'w-')) });
    expect(b.kind).toBe('built');
    if (b.kind !== 'built') return;
    expect(b.log).toContain('multiple definition of `malloc');
    expect(b.log).toContain('uxkit: the static link failed; linking dynamically');
    const r = await runTask({ binaryPath: b.binaryPath, args: [], core: athens(), workDir: mkdtempSync(join(root, 'run-')), runs: 64 });
    expect(r.kind === 'completed' && r.stdout.toString()).toMatch(/^x=[0-9.]+Ux[0-9A-F]+\n$/);
  });

  it('refuses a source path that leaves the build folder', async () => {
    const b = await compileBuild({ language: 'C', sourceDir: source('int main(void){return 0;}\n'), workDir: mkdtempSync(join(root, 'w-')), sources: ['../../etc/passwd.c'] });
    expect(b.kind).toBe('compile-error');
    if (b.kind === 'compile-error') expect(b.log).toContain('not found');
  });

  it('ends a build cancelled through its signal as cancelled', async () => {
    const ac = new AbortController();
    ac.abort();
    const b = await compileBuild({ language: 'C', sourceDir: source('int main(void){return 0;}\n'), workDir: mkdtempSync(join(root, 'w-')), signal: ac.signal });
    expect(b).toEqual({ kind: 'cancelled' });
  });

  it('ends a build that outlives its wall-time limit as limit-exceeded wall-time', async () => {
    const b = await compileBuild({ language: 'C', sourceDir: source('int main(void){return 0;}\n'), workDir: mkdtempSync(join(root, 'w-')), limits: { wallTimeMs: 30 } });
    expect(b).toMatchObject({ kind: 'limit-exceeded', limit: 'wall-time' });
  });
});
