import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Language, SOURCE_BUILD_FILE } from './languages.js';

/**
 * Writes the code of a source build (POST /sourcecode/builds) into `dir` as main.c,
 * main.cpp or main.f90 by language, and returns the file name (relative to `dir`).
 */
export function writeSourceBuild(code: string, language: Language, dir: string): string {
  mkdirSync(dir, { recursive: true });
  const name = SOURCE_BUILD_FILE[language];
  writeFileSync(join(dir, name), code);
  return name;
}
