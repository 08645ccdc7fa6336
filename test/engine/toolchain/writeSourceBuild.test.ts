import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { languageOf } from '../../../src/engine/toolchain/languages.js';
import { writeSourceBuild } from '../../../src/engine/toolchain/writeSourceBuild.js';

const root = mkdtempSync(join(tmpdir(), 'uxkit-source-build-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('writeSourceBuild', () => {
  it.each([['C', 'main.c'], ['C++', 'main.cpp'], ['Fortran', 'main.f90']] as const)('writes %s code as %s', (language, name) => {
    const dir = join(root, language);
    expect(writeSourceBuild('code here', language, dir)).toBe(name);
    expect(readFileSync(join(dir, name), 'utf8')).toBe('code here');
    expect(languageOf(name)).toBe(language);
  });
});

describe('languageOf', () => {
  it('knows C, C++ and Fortran extensions and nothing else', () => {
    expect(['a.c', 'a.cc', 'a.cxx', 'a.C', 'a.f', 'a.F90', 'a.f08'].map(languageOf)).toEqual(['C', 'C++', 'C++', 'C++', 'Fortran', 'Fortran', 'Fortran']);
    expect(['a.h', 'a.hpp', 'Makefile', 'a.py'].map(languageOf)).toEqual([undefined, undefined, undefined, undefined]);
  });
});
