import type { TraceVariable } from '../../store/builds.js';
import { EngineInputError } from '../errors.js';

/** One traced value of a build: a TraceVariable, or one element of an array slice of it. */
export interface TracePoint {
  /** Trace id in the program, 0..n-1, in request order (slices expanded in place). */
  id: number;
  File: string;
  LineNumber: number;
  Expression: string;
}

/** Most elements one slice may expand to, and most traced values per build. */
export const MAX_SLICE_ELEMENTS = 1024;
export const MAX_TRACE_POINTS = 4096;

/*
 * A slice is the last bracket pair of the expression with two integer bounds:
 * C and C++ `x[a:b]` is half-open (elements a..b-1, like Python); Fortran `x(a:b)` is
 * inclusive (elements a..b), as Fortran array sections are.
 */
const C_SLICE = /^(.*)\[\s*(-?\d+)\s*:\s*(-?\d+)\s*\](.*)$/s;
const F_SLICE = /^(.*)\(\s*(-?\d+)\s*:\s*(-?\d+)\s*\)(.*)$/s;

/**
 * Expands every slice into one point per element and numbers the points. A slice with no
 * element or more than MAX_SLICE_ELEMENTS throws EngineInputError naming it.
 */
export function expandTraceVariables(vars: readonly TraceVariable[], isFortran: (file: string) => boolean): TracePoint[] {
  const points: TracePoint[] = [];
  for (const v of vars) {
    const fortran = isFortran(v.File);
    const m = (fortran ? F_SLICE : C_SLICE).exec(v.Expression);
    if (m === null) {
      points.push({ id: points.length, File: v.File, LineNumber: v.LineNumber, Expression: v.Expression.trim() });
    } else {
      const [, head, a, b, tail] = m as unknown as [string, string, string, string, string];
      const from = Number(a);
      const to = fortran ? Number(b) : Number(b) - 1;
      if (to < from || to - from + 1 > MAX_SLICE_ELEMENTS) {
        throw new EngineInputError('UXK_ERR_TRACE_SLICE',
          `TraceVariables: the slice in '${v.Expression}' (${v.File}:${v.LineNumber}) must cover 1 to ${MAX_SLICE_ELEMENTS} elements`);
      }
      for (let i = from; i <= to; i++) {
        const element = fortran ? `${head}(${i})${tail}` : `${head}[${i}]${tail}`;
        points.push({ id: points.length, File: v.File, LineNumber: v.LineNumber, Expression: element.trim() });
      }
    }
    if (points.length > MAX_TRACE_POINTS) {
      throw new EngineInputError('UXK_ERR_TRACE_COUNT', `TraceVariables expand to more than ${MAX_TRACE_POINTS} values`);
    }
  }
  return points;
}
