import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { engineAssetPath } from '../assets.js';
import { EngineSetupError } from '../errors.js';

const built = new Map<string, string>();

/**
 * Path of the compiled sandbox launcher (launcher.c), compiling it on first use into
 * `cacheDir` (default: the OS temp folder). The file name carries a hash of the source so a
 * changed launcher is rebuilt; compilation writes a temp name then renames, so concurrent
 * engines never run a half-written binary.
 */
export function ensureLauncher(cacheDir: string = join(tmpdir(), 'uxkit-engine')): string {
  const cached = built.get(cacheDir);
  if (cached !== undefined) return cached;
  const sourcePath = engineAssetPath('sandbox/launcher.c');
  const hash = createHash('sha256').update(readFileSync(sourcePath)).digest('hex').slice(0, 16);
  const binary = join(cacheDir, `launcher-${hash}`);
  if (!existsSync(binary)) {
    mkdirSync(cacheDir, { recursive: true });
    const temp = `${binary}.${process.pid}.tmp`;
    const cc = spawnSync('gcc', ['-O2', '-std=gnu11', '-o', temp, sourcePath], { encoding: 'utf8' });
    if (cc.error !== undefined || cc.status !== 0) {
      throw new EngineSetupError(
        'launcher-build-failed',
        `cannot compile the sandbox launcher with gcc: ${cc.error?.message ?? cc.stderr}`,
      );
    }
    renameSync(temp, binary);
  }
  built.set(cacheDir, binary);
  return binary;
}
