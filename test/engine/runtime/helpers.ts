import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { readEnsembleResults, type EnsembleResults } from '../../../src/engine/ensembleResults.js';

export const RUNTIME_DIR = resolve('src/engine/runtime');
export const PROGRAMS_DIR = resolve('fixtures/programs/runtime');

export interface ProcessResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs a real process to completion (no shell) and collects its streams. */
export function run(file: string, args: string[], options: { env?: Record<string, string>; cwd?: string } = {}): Promise<ProcessResult> {
  return new Promise((done, fail) => {
    const child = spawn(file, args, {
      cwd: options.cwd,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', fail);
    child.on('close', (code, signal) =>
      done({ code, signal, stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString() }),
    );
  });
}

async function mustRun(file: string, args: string[], cwd?: string): Promise<void> {
  const result = await run(file, args, cwd === undefined ? {} : { cwd });
  if (result.code !== 0) throw new Error(`${file} ${args.join(' ')} failed:\n${result.stderr}`);
}

let workDir: Promise<string> | undefined;
let runtimeObjects: Promise<string[]> | undefined;

export function scratch(): Promise<string> {
  workDir ??= mkdtemp(join(tmpdir(), 'uxkit-runtime-'));
  return workDir;
}

/** The runtime's C files compiled once per test file (gcc, as the engine will). */
function runtime(): Promise<string[]> {
  runtimeObjects ??= (async () => {
    const dir = join(await scratch(), 'runtime');
    await mkdir(dir, { recursive: true });
    const sources = (await readdir(RUNTIME_DIR)).filter((f) => f.endsWith('.c'));
    return Promise.all(
      sources.map(async (source) => {
        const object = join(dir, basename(source, '.c') + '.o');
        await mustRun('gcc', ['-std=c11', '-O2', '-Wall', '-Werror', '-I', RUNTIME_DIR, '-c', join(RUNTIME_DIR, source), '-o', object]);
        return object;
      }),
    );
  })();
  return runtimeObjects;
}

/** Compiles fixtures/programs/runtime/<name> with the runtime into an executable. */
export async function build(name: string): Promise<string> {
  const objects = await runtime();
  const dir = join(await scratch(), 'bin', name.replace(/\W/g, '_'));
  await mkdir(dir, { recursive: true });
  const source = join(PROGRAMS_DIR, name);
  const exe = join(dir, 'program');
  if (name.endsWith('.c')) {
    await mustRun('gcc', ['-std=c11', '-O2', '-Wall', '-Werror', '-I', RUNTIME_DIR, source, ...objects, '-lm', '-o', exe]);
  } else if (name.endsWith('.cpp')) {
    await mustRun('g++', ['-std=c++14', '-O2', '-Wall', '-Werror', '-I', RUNTIME_DIR, source, ...objects, '-lm', '-o', exe]);
  } else {
    const module = join(dir, 'uxhw_f90.o');
    await mustRun('gfortran', ['-J', dir, '-c', join(RUNTIME_DIR, 'uxhw.f90'), '-o', module]);
    await mustRun('gfortran', ['-I', dir, source, module, ...objects, '-lm', '-o', exe]);
  }
  return exe;
}

export interface EnsembleOptions {
  runs: number;
  parallel?: number;
  seed?: string;
  maxOutput?: number;
  cwd?: string;
  /** Extra UXKIT_* variables (e.g. UXKIT_MAX_WAITING). */
  env?: Record<string, string>;
}

let outDirCount = 0;

/** Runs a program in ensemble mode into a fresh UXKIT_OUT_DIR and reads its results. */
export async function ensemble(
  exe: string,
  args: string[],
  options: EnsembleOptions,
): Promise<{ process: ProcessResult; results: EnsembleResults; outDir: string }> {
  const outDir = join(await scratch(), `out-${outDirCount++}`);
  await mkdir(outDir);
  const env: Record<string, string> = {
    UXKIT_MODE: 'ensemble',
    UXKIT_RUNS: String(options.runs),
    UXKIT_PARALLEL: String(options.parallel ?? 2),
    UXKIT_SEED: options.seed ?? '12345',
    UXKIT_OUT_DIR: outDir,
  };
  if (options.maxOutput !== undefined) env.UXKIT_MAX_OUTPUT = String(options.maxOutput);
  Object.assign(env, options.env);
  const process = await run(exe, args, options.cwd === undefined ? { env } : { env, cwd: options.cwd });
  if (process.code !== 0) throw new Error(`supervisor exited ${process.code}/${process.signal}: ${process.stderr}`);
  return { process, results: await readEnsembleResults(outDir), outDir };
}

/** Every run's stdout parsed as `key=number` pairs. */
export function fields(results: EnsembleResults): Array<Record<string, number>> {
  return results.records.map((record) => {
    const out: Record<string, number> = {};
    for (const match of record.stdout.toString().matchAll(/(\w+)=\s*([-+0-9.eEinfa]+)/g)) out[match[1]!] = Number(match[2]);
    return out;
  });
}

export function meanAndVariance(values: number[]): { mean: number; variance: number } {
  // Welford's running mean and variance.
  let mean = 0;
  let m2 = 0;
  for (let i = 0; i < values.length; i++) {
    const delta = values[i]! - mean;
    mean += delta / (i + 1);
    m2 += delta * (values[i]! - mean);
  }
  return { mean, variance: m2 / (values.length - 1) };
}
