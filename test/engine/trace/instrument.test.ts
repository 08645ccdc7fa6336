import { describe, expect, it } from 'vitest';
import { EngineInputError } from '../../../src/engine/errors.js';
import { instrumentC } from '../../../src/engine/trace/instrumentC.js';
import { instrumentFortran } from '../../../src/engine/trace/instrumentFortran.js';
import { expandTraceVariables, type TracePoint } from '../../../src/engine/trace/TracePoint.js';

const p = (LineNumber: number, Expression = 'x', id = 0): TracePoint => ({ id, File: 'main.c', LineNumber, Expression });
/** The instrumented text without the prologue, split into lines. */
const body = (text: string) => text.slice(text.indexOf('#line 1\n') + 8).split('\n');
const call = (id: number, e: string) => `__uxkit_trace(${id}u, (double)(${e}));`;

describe('instrumentC', () => {
  it('appends the call after the statement the line ends, on the same line, so line numbers stay the user\'s', () => {
    const out = body(instrumentC('int x = 1;\nx++; // done\nreturn x;\n', [p(1), p(2)]));
    expect(out[0]).toBe(`int x = 1; ${call(0, 'x')}`);
    expect(out[1]).toBe(`x++; ${call(0, 'x')} // done`);
    expect(out[2]).toBe('return x;');
  });

  it('a line inside a statement records after that statement ends; a for header without braces after the loop', () => {
    const src = 'double y = f(a,\n  b);\nfor (i = 0; i < n; i++)\n  s += i;\nt = s;\n';
    const out = body(instrumentC(src, [p(1, 'y'), p(3, 's', 1)]));
    expect(out[1]).toBe(`  b); ${call(0, 'y')}`);
    expect(out[3]).toBe(`  s += i; ${call(1, 's')}`);
  });

  it('a line ending with a block\'s { records at the start of the block (every iteration of a loop)', () => {
    const out = body(instrumentC('for (i = 0; i < 3; i++) {\n  s += i;\n}\n', [p(1, 's')]));
    expect(out[0]).toBe(`for (i = 0; i < 3; i++) { ${call(0, 's')}`);
  });

  it('a } before else, or ending a function, takes the call just before it; initializer braces are not blocks', () => {
    const src = 'int main(void) {\n  int a[2] = {1,\n    2};\n  if (c) { y = 1;\n  } else { y = 2; }\n  return 0;\n}\n';
    const out = body(instrumentC(src, [p(2, 'a[0]'), p(4, 'y', 1), p(7, 'y', 2)]));
    expect(out[2]).toBe(`    2}; ${call(0, 'a[0]')}`);
    expect(out[3]).toBe(`  if (c) { y = 1; ${call(1, 'y')}`);
    expect(out[6]).toBe(` ${call(2, 'y')}}`);
  });

  it('ignores semicolons and braces in strings, comments and preprocessor lines', () => {
    const src = '#define X { ;\nputs("a;b{");  /* ; { */\nz = 2;\n';
    expect(body(instrumentC(src, [p(2, 'z')]))[1]).toBe(`puts("a;b{"); ${call(0, 'z')}  /* ; { */`);
  });

  it('a line past the end of the file is a typed error naming the line count', () => {
    expect(() => instrumentC('int x;\n', [p(5)])).toThrow(EngineInputError);
    expect(() => instrumentC('int x;\n', [p(5)])).toThrow(/has 1 lines, there is no line 5/);
  });
});

describe('instrumentFortran', () => {
  const f = (LineNumber: number, Expression = 'x', id = 0): TracePoint => ({ id, File: 'main.f90', LineNumber, Expression });

  it('adds the call as another statement on the line, before a comment; continued lines take it on their last line', () => {
    const src = 'x = 1 ! set\ny = x + &\n  2\nprint *, y\nend program main\n';
    const out = instrumentFortran(src, [f(1), f(2, 'y', 1), f(5, 'y', 2)]).split('\n');
    expect(out[0]).toBe('x = 1; call uxkit_trace(0, real(x, 8)) ! set');
    expect(out[2]).toBe('  2; call uxkit_trace(1, real(y, 8))');
    expect(out[4]).toBe('call uxkit_trace(2, real(y, 8)); end program main');
  });

  it('a ! inside a string is not a comment', () => {
    expect(instrumentFortran("print *, 'hi!'\n", [f(1)]).split('\n')[0]).toBe("print *, 'hi!'; call uxkit_trace(0, real(x, 8))");
  });
});

describe('expandTraceVariables', () => {
  it('expands a C slice half-open and a Fortran slice inclusive, numbering points in order', () => {
    const pts = expandTraceVariables([
      { File: 'a.c', LineNumber: 3, Expression: 'v[1:3]' },
      { File: 'b.f90', LineNumber: 4, Expression: 'w(1:2)' },
      { File: 'a.c', LineNumber: 5, Expression: 'q' },
    ], (file) => file.endsWith('.f90'));
    expect(pts.map((x) => `${x.id}:${x.Expression}`)).toEqual(['0:v[1]', '1:v[2]', '2:w(1)', '3:w(2)', '4:q']);
  });

  it('an empty or oversized slice is a typed error', () => {
    expect(() => expandTraceVariables([{ File: 'a.c', LineNumber: 1, Expression: 'v[3:3]' }], () => false)).toThrow(EngineInputError);
    expect(() => expandTraceVariables([{ File: 'a.c', LineNumber: 1, Expression: 'v[0:5000]' }], () => false)).toThrow(/1 to 1024/);
  });
});
