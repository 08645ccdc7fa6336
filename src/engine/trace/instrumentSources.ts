import { cpSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { TraceVariable } from '../../store/builds.js';
import { EngineInputError } from '../errors.js';
import { existingInside } from '../toolchain/pathInside.js';
import { instrumentC } from './instrumentC.js';
import { instrumentFortran } from './instrumentFortran.js';
import { expandTraceVariables, type TracePoint } from './TracePoint.js';

/** The generated file that tells the runtime how many values are traced. */
export const TRACE_COUNT_FILE = '__uxkit_traces.c';

const FREE_FORM = /\.(f90|f95|f03|f08)$/i;
const FIXED_FORM = /\.(f|for|ftn|f77)$/i;
const C_FAMILY = /\.(c|cc|cpp|cxx|c\+\+|C|h|hh|hpp|hxx|inc)$/;

/** The traced values of a build, numbered as its instrumented program records them. */
export function tracePointsOf(vars: readonly TraceVariable[]): TracePoint[] {
  return expandTraceVariables(vars, (f) => FREE_FORM.test(f) || FIXED_FORM.test(f));
}

export interface InstrumentedSources {
  sourceDir: string;
  /** The build's source list with the generated file added (undefined: every file in the folder). */
  sources?: string[];
  points: TracePoint[];
}

/**
 * Copies `sourceDir` to `destDir` and instruments the copy so that every run records each
 * traced value after its line (instrumentC, instrumentFortran), plus a generated C file
 * with the count of traced values. A File that is missing, outside the build folder or not
 * C, C++ or free-form Fortran, or a line past its end, throws EngineInputError naming it.
 */
export function instrumentSources(
  sourceDir: string, destDir: string, vars: readonly TraceVariable[], sources?: readonly string[],
): InstrumentedSources {
  const points = tracePointsOf(vars);
  rmSync(destDir, { recursive: true, force: true });
  cpSync(sourceDir, destDir, { recursive: true, verbatimSymlinks: true, filter: (src) => basename(src) !== '.git' });
  const root = realpathSync(destDir);
  const byFile = new Map<string, TracePoint[]>();
  for (const p of points) {
    const list = byFile.get(p.File);
    if (list === undefined) byFile.set(p.File, [p]);
    else list.push(p);
  }
  for (const [file, list] of byFile) {
    const rel = existingInside(root, file);
    const path = rel === undefined ? undefined : join(root, rel);
    if (path === undefined || !statSync(path).isFile()) {
      const names = sources === undefined ? '' : ` (sources: ${sources.join(', ')})`;
      throw new EngineInputError('UXK_ERR_TRACE_FILE',
        `TraceVariables: file '${file}' does not exist in the build folder${names}; a source-code build's file is main.c, main.cpp or main.f90`);
    }
    const text = readFileSync(path, 'utf8');
    let traced: string;
    if (FREE_FORM.test(file)) traced = instrumentFortran(text, list);
    else if (FIXED_FORM.test(file)) {
      throw new EngineInputError('UXK_ERR_TRACE_FILE', `TraceVariables: '${file}' is fixed-form Fortran; tracing needs free-form source (.f90)`);
    } else if (C_FAMILY.test(file)) traced = instrumentC(text, list);
    else throw new EngineInputError('UXK_ERR_TRACE_FILE', `TraceVariables: '${file}' is not a C, C++ or Fortran source file`);
    // Replace rather than write through: the copy may be a symlink into the user's tree.
    rmSync(path);
    writeFileSync(path, traced);
  }
  writeFileSync(join(root, TRACE_COUNT_FILE), `const unsigned __uxkit_trace_count = ${points.length}u;\n`);
  return {
    sourceDir: destDir,
    ...(sources !== undefined && { sources: [...sources, TRACE_COUNT_FILE] }),
    points,
  };
}
