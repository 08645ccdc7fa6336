/**
 * Where a statement may be inserted after each line of C or C++ source: the rule of
 * instrumentC. Comments, string and character literals and preprocessor lines are skipped;
 * parentheses and brackets are tracked; braces are told apart as blocks or initializers
 * (a `{` after `=`, `,`, `(`, `[` or another initializer's `{`).
 */
export interface CodeChar {
  pos: number;
  ch: string;
  /** Paren/bracket depth before this character. */
  parens: number;
  /** True inside (or on the braces of) an initializer list. */
  init: boolean;
  /** Block depth after this character. */
  blocks: number;
}

/** Every significant character of the code, in order, with its nesting. */
export function scanC(text: string): CodeChar[] {
  const out: CodeChar[] = [];
  const braces: boolean[] = []; // true: initializer brace
  let parens = 0;
  let blocks = 0;
  let lineStart = true;
  let prev = '';
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text[i]!;
    if (c === '\n') {
      lineStart = true;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r' || c === '\f' || c === '\v') continue;
    if (lineStart && c === '#') {
      // A preprocessor directive runs to a newline not preceded by a backslash.
      while (i < n && !(text[i] === '\n' && text[i - 1] !== '\\')) i++;
      continue;
    }
    lineStart = false;
    if (c === '/' && text[i + 1] === '/') {
      while (i + 1 < n && text[i + 1] !== '\n') i++;
      continue;
    }
    if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? n : end + 1;
      continue;
    }
    if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < n && text[j] !== c && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
      out.push({ pos: i, ch: c, parens, init: braces.at(-1) === true, blocks });
      prev = c;
      i = j;
      continue;
    }
    const inInit = braces.at(-1) === true;
    if (c === '{') {
      const init = inInit || prev === '=' || prev === ',' || prev === '(' || prev === '[';
      braces.push(init);
      if (!init) blocks++;
      out.push({ pos: i, ch: c, parens, init, blocks });
    } else if (c === '}') {
      const init = braces.pop() === true;
      if (!init) blocks = Math.max(0, blocks - 1);
      out.push({ pos: i, ch: c, parens, init, blocks });
    } else {
      out.push({ pos: i, ch: c, parens, init: inInit, blocks });
      if (c === '(' || c === '[') parens++;
      else if ((c === ')' || c === ']') && parens > 0) parens--;
    }
    prev = c;
  }
  return out;
}

/** Offset of the end of each line (the newline's index, or the text length), 1-based lines. */
export function lineEnds(text: string): number[] {
  const ends = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) ends.push(i);
  ends.push(text.length);
  return ends;
}

const isBoundary = (c: CodeChar) => c.parens === 0 && !c.init && (c.ch === ';' || c.ch === '{' || c.ch === '}');

/**
 * Insertion offset for a statement "after line `line`": after the first statement boundary
 * (`;`, a block's `{` or `}`, outside parentheses) at or after the line's last code
 * character. A `}` that ends a function, or is followed by `else` or `while`, takes the
 * statement just before it instead (after it would not compile or would split the
 * statement). Undefined when no boundary follows.
 */
export function insertionOffset(text: string, code: readonly CodeChar[], ends: readonly number[], line: number): number | undefined {
  const end = ends[line]!;
  let k = 0;
  while (k < code.length && code[k]!.pos < end) k++;
  let from = k - 1;
  if (from < 0) from = 0;
  for (let j = from; j < code.length; j++) {
    const c = code[j]!;
    if (!isBoundary(c)) continue;
    if (c.ch !== '}') return c.pos + 1;
    const next = code[j + 1];
    const word = next === undefined ? '' : /^[A-Za-z_]\w*/.exec(text.slice(next.pos, next.pos + 16))?.[0] ?? '';
    if (c.blocks === 0 || word === 'else' || word === 'while') return c.pos;
    return c.pos + 1;
  }
  return undefined;
}
