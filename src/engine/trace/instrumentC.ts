import { EngineInputError } from '../errors.js';
import { insertionOffset, lineEnds, scanC } from './cStatementEnds.js';
import type { TracePoint } from './TracePoint.js';

/** Declared on the first line; `#line 1` keeps the compiler's line numbers the user's. */
const PROLOGUE = '#ifdef __cplusplus\nextern "C"\n#endif\nvoid __uxkit_trace(unsigned, double);\n#line 1\n';

/**
 * A copy of C or C++ source with `__uxkit_trace(id, (double)(expr));` inserted after each
 * point's line, on the same line (line numbers stay the user's). Where it goes is the rule of
 * insertionOffset: after the statement the line ends (or, for a line ending inside a
 * statement or a `for`/`if` header, the statement it belongs to). A line past the end of the
 * file, or with no statement boundary after it, throws EngineInputError.
 */
export function instrumentC(text: string, points: readonly TracePoint[]): string {
  const ends = lineEnds(text);
  const lines = ends.length - 1 - (text.endsWith('\n') ? 1 : 0);
  const code = scanC(text);
  const at: { offset: number; call: string }[] = [];
  for (const p of points) {
    if (p.LineNumber > lines) {
      throw new EngineInputError('UXK_ERR_TRACE_LINE', `TraceVariables: ${p.File} has ${lines} lines, there is no line ${p.LineNumber}`);
    }
    const offset = insertionOffset(text, code, ends, p.LineNumber);
    if (offset === undefined) {
      throw new EngineInputError('UXK_ERR_TRACE_LINE',
        `TraceVariables: no statement ends at or after ${p.File}:${p.LineNumber}, so '${p.Expression}' cannot be recorded there`);
    }
    at.push({ offset, call: ` __uxkit_trace(${p.id}u, (double)(${p.Expression}));` });
  }
  // Insert from the end so earlier offsets stay valid; equal offsets keep request order.
  at.sort((a, b) => b.offset - a.offset);
  let out = text;
  for (let i = 0; i < at.length; ) {
    let j = i;
    let calls = '';
    while (j < at.length && at[j]!.offset === at[i]!.offset) calls = at[j++]!.call + calls;
    out = out.slice(0, at[i]!.offset) + calls + out.slice(at[i]!.offset);
    i = j;
  }
  return PROLOGUE + out;
}
