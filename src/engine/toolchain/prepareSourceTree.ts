import { copyFileSync, cpSync, readdirSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { languageOf } from './languages.js';

/**
 * Copies the user's source folder to `dest` (without .git) and replaces every `uxhw.h` in it
 * with ours: `#include "uxhw.h"` looks in the including file's folder first, so a native
 * stub shipped with the program would otherwise win. The stub is unlinked first, so a
 * symlink named uxhw.h is replaced, never written through.
 */
export function prepareSourceTree(sourceDir: string, dest: string, ourHeader: string): void {
  cpSync(sourceDir, dest, {
    recursive: true,
    verbatimSymlinks: true,
    filter: (src) => basename(src) !== '.git',
  });
  replaceHeaders(dest, ourHeader);
}

function replaceHeaders(dir: string, ourHeader: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) replaceHeaders(path, ourHeader);
    else if (entry.name === 'uxhw.h') {
      rmSync(path, { force: true });
      copyFileSync(ourHeader, path);
    }
  }
}

/** Every C, C++ and Fortran file directly in `dir` (the default source list), sorted. */
export function defaultSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile() && languageOf(e.name) !== undefined)
    .map((e) => e.name)
    .sort();
}
