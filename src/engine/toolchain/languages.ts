/** Source languages the toolchain compiles. */
export type Language = 'C' | 'C++' | 'Fortran';

const BY_EXTENSION: Record<string, Language> = {
  c: 'C',
  cc: 'C++', cpp: 'C++', cxx: 'C++', 'c++': 'C++', C: 'C++',
  f: 'Fortran', for: 'Fortran', f90: 'Fortran', f95: 'Fortran', f03: 'Fortran', f08: 'Fortran',
  F: 'Fortran', F90: 'Fortran', F95: 'Fortran', F03: 'Fortran', F08: 'Fortran',
};

/** The language of a source file by its extension, or undefined for headers and others. */
export function languageOf(path: string): Language | undefined {
  const dot = path.lastIndexOf('.');
  if (dot < 0) return undefined;
  const ext = path.slice(dot + 1);
  return BY_EXTENSION[ext] ?? BY_EXTENSION[ext.toLowerCase()];
}

/** File name of a single-file source build in each language. */
export const SOURCE_BUILD_FILE: Record<Language, string> = { C: 'main.c', 'C++': 'main.cpp', Fortran: 'main.f90' };
