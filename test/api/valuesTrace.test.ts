import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProgram, runBuild } from './buildsHelpers.js';
import { startServer, type TestServer } from './helper.js';
import { allSamples, referenceCore } from './valuesHelpers.js';

const C = `#include <stdio.h>
#include "uxhw.h"
int main(void) {
  double a[3];
  double x = UxHwDoubleUniformDist(0.0, 1.0);
  for (int i = 0; i < 3; i++)
    a[i] = x * (i + 1);
  double s = 0;
  for (int i = 0; i < 4; i++) {
    s += x; }
  printf("%lf\\n", a[2]);
  return 0;
}
`;

const CPP = `#include <iostream>
#include "uxhw.h"
int main() {
  double x = UxHwDoubleGaussDist(10.0, 1.0);
  double z = x + 1;  // traced
  std::cout << z << std::endl;
}
`;

const F90 = `program main
  use uxhw
  implicit none
  real(8) :: x, v(2)
  x = UxHwDoubleUniformDist(0d0, 1d0) ! draw
  v(1) = x; v(2) = &
    2*x
  print *, v(2)
end program main
`;

let server: TestServer;
let core: string;
beforeAll(async () => {
  server = await startServer({ config: { workers: 1 } });
  core = await referenceCore(server, 64);
});
afterAll(async () => server.close());

/** Traced values of a finished task, keyed by `Expression@Line`, with all their samples. */
async function traced(taskId: string): Promise<Map<string, number[]>> {
  const list = await server.request('GET', `/tasks/${taskId}/values`);
  const out = new Map<string, number[]>();
  for (const v of list.body.Values) {
    if (v.Source !== 'trace') continue;
    out.set(`${v.Expression}@${v.LineNumber}`, (await allSamples(server, taskId, v.ValueID, 10)).samples);
  }
  return out;
}

describe('TraceVariables on Reference cores', () => {
  it('C: records a value after its line in every run, expands slices per element and keeps a loop line\'s last value', async () => {
    const build = await buildProgram(server, {
      Code: C, Language: 'C', CoreID: core,
      TraceVariables: [
        { File: 'main.c', LineNumber: 5, Expression: 'x' },
        { File: 'main.c', LineNumber: 7, Expression: 'a[0:3]' },
        { File: 'main.c', LineNumber: 10, Expression: 's' },
      ],
    });
    expect(build.Status).toBe('Completed');
    const { task, stderr } = await runBuild(server, build.BuildID);
    expect(task.Status).toBe('Completed');
    const v = await traced(task.TaskID);
    expect([...v.keys()]).toEqual(['x@5', 'a[0]@7', 'a[1]@7', 'a[2]@7', 's@10']);
    const x = v.get('x@5')!;
    expect(x).toHaveLength(64);
    for (let i = 0; i < 64; i++) {
      expect(v.get('a[0]@7')![i]).toBe(x[i]);
      expect(v.get('a[2]@7')![i]).toBe(x[i]! * 3);
      // Line 10 is passed four times per run: the last value, 4x, is recorded.
      expect(v.get('s@10')![i]).toBeCloseTo(4 * x[i]!, 12);
    }
    expect(stderr).toMatch(/uxkit: traced main\.c:5 x = [0-9.e-]+<ValueID>val_[0-9a-f]{32}<\/ValueID> \(64 samples\)/);
    expect(stderr.match(/uxkit: traced /g)).toHaveLength(5);
  });

  it('C++ and Fortran: traced expressions, a Fortran slice and a continued line', async () => {
    const cpp = await buildProgram(server, {
      Code: CPP, Language: 'C++', CoreID: core, TraceVariables: [{ File: 'main.cpp', LineNumber: 5, Expression: 'z - x' }],
    });
    const t1 = await runBuild(server, cpp.BuildID);
    const d = (await traced(t1.task.TaskID)).get('z - x@5')!;
    expect(d).toHaveLength(64);
    for (const y of d) expect(y).toBeCloseTo(1, 12);

    const f = await buildProgram(server, {
      Code: F90, Language: 'Fortran', CoreID: core,
      TraceVariables: [{ File: 'main.f90', LineNumber: 5, Expression: 'x' }, { File: 'main.f90', LineNumber: 6, Expression: 'v(1:2)' }],
    });
    expect(f.Status).toBe('Completed');
    const t2 = await runBuild(server, f.BuildID);
    const v = await traced(t2.task.TaskID);
    const x = v.get('x@5')!;
    expect(x).toHaveLength(64);
    expect(v.get('v(1)@6')).toEqual(x);
    expect(v.get('v(2)@6')).toEqual(x.map((y) => 2 * y));
  });

  it.each([
    [{ File: 'other.c', LineNumber: 3, Expression: 'x' }, /file 'other\.c' does not exist.*main\.c, main\.cpp or main\.f90/],
    [{ File: 'main.c', LineNumber: 99, Expression: 'x' }, /main\.c has 13 lines, there is no line 99/],
    [{ File: 'main.c', LineNumber: 5, Expression: 'nosuchvar + 1' }, /the expression 'nosuchvar \+ 1' at main\.c:5 does not compile: .*nosuchvar/],
  ])('a build whose trace %j cannot be made stops with a message naming it', async (trace, message) => {
    const build = await buildProgram(server, { Code: C, Language: 'C', CoreID: core, TraceVariables: [trace] });
    expect(build.Status).toBe('Stopped');
    expect(build.StatusTransitions.at(-1).Message).toMatch(message);
  });
});

describe('variable discovery', () => {
  it('lists the program\'s variables from its debug information when the build asked for it', async () => {
    const res = await server.request('POST', '/sourcecode/builds?DiscoverVariables=true', { json: { Code: C, Language: 'C', CoreID: core } });
    expect(res.status).toBe(202);
    const build = await buildProgram(server, { Code: C, Language: 'C', CoreID: core });
    const asked = await (async () => {
      for (;;) {
        const b = await server.request('GET', `/builds/${res.body.BuildID}`);
        if (b.body.Status === 'Completed' || b.body.Status === 'Stopped') return b.body;
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    expect(asked.Status).toBe('Completed');
    const vars = await server.request('GET', `/builds/${asked.BuildID}/variables`);
    expect(vars.status).toBe(200);
    const names = vars.body.Variables.map((v: any) => `${v.Name}:${v.Type}:${v.File}:${v.Line}:${v.Function}`);
    expect(names).toEqual(expect.arrayContaining(['a:double []:main.c:4:main', 'x:double:main.c:5:main', 's:double:main.c:8:main', 'i:int:main.c:6:main']));
    expect(vars.body.Variables.some((v: any) => v.Name.startsWith('__uxkit') || v.Name.startsWith('uxhw'))).toBe(false);
    expect(vars.body.Count).toBe(vars.body.Variables.length);
    const not = await server.request('GET', `/builds/${build.BuildID}/variables`);
    expect(not.status).toBe(404);
    expect(not.body.message).toMatch(/DiscoverVariables=true/);
  });
});
