import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { engineAssetPath } from '../assets.js';
import { SANDBOX_WORKDIR } from '../sandbox/bwrapArgs.js';
import type { CompileOutcome } from './CompileOutcome.js';
import { compileStep, type StepContext } from './compileStep.js';

/** Folder of compiled runtime objects (and the Fortran module uxhw.mod when built). */
export interface RuntimeObjects {
  dir: string;
  cObjects: string[];
  /** The Fortran interface module's object, when gfortran built it. */
  fortranObject?: string;
}

/** Where the runtime's sources are mounted inside the sandbox. */
export const RUNTIME_MOUNT = '/uxkit/runtime';

function runtimeHash(runtimeDir: string): string {
  const h = createHash('sha256');
  for (const f of readdirSync(runtimeDir).sort()) {
    if (!/\.(c|h|f90)$/.test(f)) continue;
    h.update(f).update('\0').update(readFileSync(join(runtimeDir, f))).update('\0');
  }
  return h.digest('hex').slice(0, 16);
}

/**
 * The runtime compiled once per machine and runtime version (a hash of its sources), in the
 * sandbox, into `cacheDir`: every build links these objects instead of recompiling them.
 * Built in a temp folder then renamed, so concurrent builds never see a partial cache.
 */
export async function runtimeObjects(
  ctx: Omit<StepContext, 'scratchDir' | 'mounts'>,
  cacheDir: string = join(tmpdir(), 'uxkit-engine'),
): Promise<RuntimeObjects | CompileOutcome> {
  const runtimeDir = engineAssetPath('runtime');
  const dir = join(cacheDir, `runtime-${runtimeHash(runtimeDir)}`);
  if (!existsSync(dir)) {
    const temp = `${dir}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    mkdirSync(temp, { recursive: true });
    const step = { ...ctx, scratchDir: temp, mounts: [{ source: runtimeDir, target: RUNTIME_MOUNT }] };
    const sources = readdirSync(runtimeDir).filter((f) => f.endsWith('.c')).sort();
    const end = await compileStep(step, 'gcc', ['-std=gnu11', '-O2', '-I', RUNTIME_MOUNT, '-c', ...sources.map((f) => `${RUNTIME_MOUNT}/${f}`)]);
    if (end !== undefined) {
      rmSync(temp, { recursive: true, force: true });
      return end;
    }
    if (existsSync(join(runtimeDir, 'uxhw.f90'))) {
      // Without a working gfortran only C and C++ builds can use this cache; Fortran builds
      // then fail at their own compile step with gfortran's message.
      await compileStep(step, 'gfortran', ['-O2', '-J', SANDBOX_WORKDIR, '-c', `${RUNTIME_MOUNT}/uxhw.f90`, '-o', `${SANDBOX_WORKDIR}/uxhw_f90.o`]);
    }
    try {
      renameSync(temp, dir);
    } catch (error) {
      // Another build renamed its copy first: use that one. Any other failure is the engine's.
      rmSync(temp, { recursive: true, force: true });
      if (!existsSync(dir)) throw error;
    }
  }
  const files = readdirSync(dir);
  const out: RuntimeObjects = { dir, cObjects: files.filter((f) => f.endsWith('.o') && f !== 'uxhw_f90.o').sort() };
  if (files.includes('uxhw_f90.o')) out.fortranObject = 'uxhw_f90.o';
  return out;
}
