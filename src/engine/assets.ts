import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EngineSetupError } from './errors.js';

let packageRoot: string | undefined;

/**
 * Absolute path of a file shipped under src/engine/ (C runtime, launcher source). Found from
 * the package root so it works both from src/ (tsx, vitest) and from a bundled dist/.
 */
export function engineAssetPath(relative: string): string {
  if (packageRoot === undefined) {
    let dir = dirname(fileURLToPath(import.meta.url));
    while (!existsSync(join(dir, 'package.json')) || !existsSync(join(dir, 'src', 'engine'))) {
      const parent = dirname(dir);
      if (parent === dir) throw new EngineSetupError('UXK_ERR_PACKAGE_ROOT', `uxkit package root not found above ${import.meta.url}`);
      dir = parent;
    }
    packageRoot = dir;
  }
  return join(packageRoot, 'src', 'engine', relative);
}
