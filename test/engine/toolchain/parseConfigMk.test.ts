import { describe, expect, it } from 'vitest';
import { EngineInputError } from '../../../src/engine/errors.js';
import { parseConfigMk } from '../../../src/engine/toolchain/parseConfigMk.js';

describe('parseConfigMk', () => {
  it('reads SOURCES, CFLAGS and CXXFLAGS with =, := and +=', () => {
    const c = parseConfigMk('SOURCES = main.c util/a.c\nCFLAGS := -O3 -DX=1\nCFLAGS += -Wall\nCXXFLAGS=-std=c++14\n');
    expect(c).toEqual({ sources: ['main.c', 'util/a.c'], cflags: ['-O3', '-DX=1', '-Wall'], cxxflags: ['-std=c++14'] });
  });

  it('joins backslash continuations and ignores comments, blanks and other variables', () => {
    const c = parseConfigMk('# build\nSOURCES = a.c \\\n  b.c \\\n  c.c  # three\n\nLDFLAGS = -lfoo\n');
    expect(c).toEqual({ sources: ['a.c', 'b.c', 'c.c'] });
  });

  it('lets ?= set only an unset variable and a later = replace an earlier one', () => {
    expect(parseConfigMk('CFLAGS = -O1\nCFLAGS ?= -O2\nSOURCES = x.c\nSOURCES = y.c\n')).toEqual({ cflags: ['-O1'], sources: ['y.c'] });
    expect(parseConfigMk('CFLAGS ?= -O2\n')).toEqual({ cflags: ['-O2'] });
  });

  it('rejects a line that is not an assignment with a typed error naming the line', () => {
    expect(() => parseConfigMk('SOURCES = a.c\nall: a.o\n')).toThrow(EngineInputError);
    expect(() => parseConfigMk('SOURCES = a.c\nall: a.o\n')).toThrow(/line 2/);
  });
});
