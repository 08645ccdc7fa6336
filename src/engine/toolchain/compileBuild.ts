import { mkdirSync, realpathSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { engineAssetPath } from '../assets.js';
import { SANDBOX_WORKDIR } from '../sandbox/bwrapArgs.js';
import type { EngineLogger } from '../sandbox/runSandboxed.js';
import type { SandboxLimits } from '../sandbox/SandboxLimits.js';
import type { CompileOutcome } from './CompileOutcome.js';
import { compileStep, type StepContext } from './compileStep.js';
import { type Language, languageOf } from './languages.js';
import { existingInside, relativeInside } from './pathInside.js';
import { defaultSources, prepareSourceTree } from './prepareSourceTree.js';
import { RUNTIME_MOUNT, runtimeObjects } from './runtimeObjects.js';

export interface CompileOptions {
  language: Language;
  sourceDir: string;
  /** Empty or missing folder the build may fill; the binary ends up in it. */
  workDir: string;
  /** Relative to sourceDir; default every C/C++/Fortran file directly in it. */
  sources?: readonly string[];
  cflags?: readonly string[];
  cxxflags?: readonly string[];
  fflags?: readonly string[];
  /** Extra include folders, relative to sourceDir. */
  includeDirs?: readonly string[];
  /** Limits of each compiler step; the wall time covers the whole build. */
  limits?: Partial<SandboxLimits>;
  signal?: AbortSignal;
  sandbox?: 'bwrap' | 'none';
  logger?: EngineLogger;
  /** Where compiled runtime objects are cached (default: the OS temp folder). */
  cacheDir?: string;
}

export const DEFAULT_COMPILE_LIMITS: SandboxLimits = {
  wallTimeMs: 120_000, cpuTimeSeconds: 60, memoryBytes: 2 << 30, maxProcesses: 64,
  fileSizeBytes: 512 << 20, outputBytes: 1 << 20,
};

const RT_OBJ = '/uxkit/runtime-objects';
const W = SANDBOX_WORKDIR;
/** Where the build's sources are inside the sandbox (file names in debug info and diagnostics start here). */
export const SANDBOX_SOURCES = `${W}/src`;
const COMPILER: Record<Language, string> = { C: 'gcc', 'C++': 'g++', Fortran: 'gfortran' };

/**
 * Compiles a program in the sandbox against our UxHw runtime (compiled as C once per
 * runtime version, runtimeObjects; the Fortran interface module linked when Fortran is
 * present): each user file by its extension
 * (C: -std=gnu11 -O2, C++: -std=gnu++17 -O2, Fortran: -O2 -ffree-line-length-none, then the
 * user's flags), and a static link with gfortran / g++ / gcc and -lm (dynamic when the
 * static one fails). Never throws: every ending is a CompileOutcome.
 */
export async function compileBuild(o: CompileOptions): Promise<CompileOutcome> {
  const start = performance.now();
  const limits = { ...DEFAULT_COMPILE_LIMITS, ...o.limits };
  const log: string[] = [];
  try {
    const runtimeDir = engineAssetPath('runtime');
    for (const dir of ['src', 'obj/user', 'obj/mod']) mkdirSync(join(o.workDir, dir), { recursive: true });
    prepareSourceTree(o.sourceDir, join(o.workDir, 'src'), join(runtimeDir, 'uxhw.h'));
    const srcRoot = realpathSync(join(o.workDir, 'src'));
    const sources = o.sources ?? defaultSources(srcRoot);
    const checked: { rel: string; lang: Language }[] = [];
    for (const s of sources) {
      const rel = existingInside(srcRoot, s);
      const lang = languageOf(s);
      if (rel === undefined) {
        return { kind: 'compile-error', log: `source file not found in the build folder: ${s}\n` };
      }
      if (lang === undefined) return { kind: 'compile-error', log: `not a C, C++ or Fortran source file: ${s}\n` };
      checked.push({ rel, lang });
    }
    if (checked.length === 0) return { kind: 'compile-error', log: 'no C, C++ or Fortran source files to compile\n' };
    const includes = ['-I', RUNTIME_MOUNT, '-I', SANDBOX_SOURCES];
    for (const d of o.includeDirs ?? []) {
      const rel = relativeInside(d);
      if (rel === undefined) return { kind: 'compile-error', log: `include folder outside the build folder: ${d}\n` };
      includes.push('-I', `${SANDBOX_SOURCES}/${rel}`);
    }
    const langs = new Set(checked.map((c) => c.lang));
    const base = {
      limits, deadline: start + limits.wallTimeMs, log,
      ...(o.signal !== undefined && { signal: o.signal }), ...(o.sandbox !== undefined && { sandbox: o.sandbox }),
      ...(o.logger !== undefined && { logger: o.logger }),
    };
    const rt = await runtimeObjects(base, o.cacheDir);
    if ('kind' in rt) {
      if (rt.kind !== 'compile-error') return rt;
      return { kind: 'internal-error', message: `the UxHw runtime does not compile here:\n${rt.log}` };
    }
    const ctx: StepContext = { ...base, scratchDir: o.workDir, mounts: [{ source: runtimeDir, target: RUNTIME_MOUNT }, { source: rt.dir, target: RT_OBJ }] };
    const objects = rt.cObjects.map((f) => `${RT_OBJ}/${f}`);
    if (langs.has('Fortran') && rt.fortranObject !== undefined) objects.push(`${RT_OBJ}/${rt.fortranObject}`);
    for (let i = 0; i < checked.length; i++) {
      const { rel, lang } = checked[i]!;
      const flags =
        lang === 'C' ? ['-std=gnu11', '-O2', ...(o.cflags ?? [])]
        : lang === 'C++' ? ['-std=gnu++17', '-O2', ...(o.cxxflags ?? [])]
        : ['-O2', '-ffree-line-length-none', '-J', `${W}/obj/mod`, '-I', `${W}/obj/mod`, '-I', RT_OBJ, ...(o.fflags ?? [])];
      const obj = `${W}/obj/user/${i}.o`;
      const end = await compileStep(ctx, COMPILER[lang], [...flags, ...includes, '-c', `${SANDBOX_SOURCES}/${rel}`, '-o', obj]);
      if (end !== undefined) return end;
      objects.push(obj);
    }
    const linker = langs.has('Fortran') ? 'gfortran' : langs.has('C++') ? 'g++' : 'gcc';
    const extra = langs.has('Fortran') && langs.has('C++') ? ['-lstdc++'] : [];
    // The runtime reaches libgfortran's flush through a weak reference, which alone does not
    // pull it out of a static archive.
    if (langs.has('Fortran')) extra.push('-Wl,-u,_gfortran_flush_i4');
    const link = (mode: string[]) => compileStep(ctx, linker, ['-O2', ...mode, '-o', `${W}/program`, ...objects, ...extra, '-lm']);
    // Static first: an ensemble forks the program once per run, and a static executable has
    // a third of the mappings to copy, fault in and tear down (4096 tiny runs: ~30% less
    // wall time). A program that needs what only shared libraries give links dynamically.
    let end = await link(['-static']);
    if (end?.kind === 'compile-error') {
      log.push('uxkit: the static link failed; linking dynamically\n');
      end = await link([]);
    }
    if (end !== undefined) return end;
    const binaryPath = join(o.workDir, 'program');
    return { kind: 'built', binaryPath, log: log.join(''), durationMs: performance.now() - start, sizeBytes: statSync(binaryPath).size };
  } catch (e) {
    return { kind: 'internal-error', message: `build failed inside the engine: ${e instanceof Error ? e.message : String(e)}` };
  }
}
