import { EngineInputError } from '../errors.js';
import type { TracePoint } from './TracePoint.js';

/** Where a free-form line's comment starts (a `!` outside quotes), or its length. */
function codeEnd(line: string): number {
  let quote = '';
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote !== '') {
      if (c === quote) quote = '';
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '!') return i;
  }
  return line.length;
}

/** Statements after which nothing executable may follow in the same scope. */
const ENDS_SCOPE = /^\s*(end(\s*(program|subroutine|function|module|procedure)\b.*)?|contains)\s*$/i;

/**
 * A copy of free-form Fortran source with `call uxkit_trace(id, real(expr, 8))` added to each
 * point's line as another statement (`; call ...`), so line numbers stay the user's. A line
 * continued with `&` takes the call at the end of its last continuation line; a line that
 * ends a program unit (`end`, `end program`, `contains`...) takes it before that statement.
 * The line must be in the executable part (after the declarations). A line past the end of
 * the file throws EngineInputError.
 */
export function instrumentFortran(text: string, points: readonly TracePoint[]): string {
  const lines = text.split('\n');
  const count = lines.length - (text.endsWith('\n') ? 1 : 0);
  const calls = new Map<number, { before: string[]; after: string[] }>();
  for (const p of points) {
    if (p.LineNumber > count) {
      throw new EngineInputError('UXK_ERR_TRACE_LINE', `TraceVariables: ${p.File} has ${count} lines, there is no line ${p.LineNumber}`);
    }
    let i = p.LineNumber - 1;
    while (i + 1 < count && /&\s*$/.test(lines[i]!.slice(0, codeEnd(lines[i]!)))) i++;
    const call = `call uxkit_trace(${p.id}, real(${p.Expression}, 8))`;
    let slot = calls.get(i);
    if (slot === undefined) calls.set(i, (slot = { before: [], after: [] }));
    const code = lines[i]!.slice(0, codeEnd(lines[i]!));
    (ENDS_SCOPE.test(code) ? slot.before : slot.after).push(call);
  }
  for (const [i, slot] of calls) {
    const line = lines[i]!;
    const end = codeEnd(line);
    const code = line.slice(0, end).trimEnd();
    const comment = line.slice(end);
    const parts = [...slot.before, ...(code.trim() === '' ? [] : [code]), ...slot.after];
    lines[i] = parts.join('; ') + (comment === '' ? '' : ` ${comment}`);
  }
  return lines.join('\n');
}
