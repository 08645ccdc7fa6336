// Turns the ```ts blocks of a Markdown file into runnable, self-checking programs.
import { pathToFileURL } from 'node:url';

/** One expected output: the line of the block it is written on, and the text it must match. */
export interface Expectation {
  line: number;
  kind: 'value' | 'log';
  expected: string;
}

export interface DocExample {
  /** Markdown line of the opening fence, for messages. */
  startLine: number;
  code: string;
  expectations: Expectation[];
  /** The program to run: imports from 'uxkit' point at src/index.ts, checks record what they saw. */
  program: string;
}

const FENCE = /^```ts\s*$/;
// `expr; // => expected` or `const name = expr; // => expected`: the value, as util.inspect prints it.
const VALUE_LINE = /^(\s*)(.*?);?\s*\/\/ => (.*)$/;
const DECLARATION = /^(?:const|let)\s+([A-Za-z_$][\w$]*)\s*(?::[^=]+)?=/;
// `console.log(...); // expected`: the printed line.
const LOG_LINE = /^(\s*)console\.log\((.*)\);?\s*\/\/ (.*)$/;

// Written first in every program; `__seen` maps a block line to what that line produced.
const PRELUDE = `import { inspect as __inspect, format as __format } from 'node:util';
import { writeFileSync as __writeFileSync } from 'node:fs';
const __seen: Record<number, string> = {};
function __log(line: number, ...args: unknown[]): void { __seen[line] = __format(...args); }
function __value<T>(line: number, value: T): T { __seen[line] = __inspect(value, { breakLength: Infinity }); return value; }
process.on('exit', () => __writeFileSync(process.env.UXKIT_DOC_SEEN!, JSON.stringify(__seen)));
`;

/** The ```ts blocks of a Markdown text, each with its expectations and its instrumented program. */
export function extractExamples(markdown: string, indexTs: string): DocExample[] {
  const lines = markdown.split('\n');
  const examples: DocExample[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!FENCE.test(lines[i]!)) continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !lines[i]!.startsWith('```'); i++) body.push(lines[i]!);
    examples.push(instrument(start + 1, body, indexTs));
  }
  return examples;
}

function instrument(startLine: number, body: string[], indexTs: string): DocExample {
  const uxkit = JSON.stringify(pathToFileURL(indexTs).href);
  const expectations: Expectation[] = [];
  const out = body.map((text, line) => {
    const withImport = text.replace(/from 'uxkit'/g, `from ${uxkit}`);
    const log = LOG_LINE.exec(withImport);
    if (log !== null) {
      expectations.push({ line, kind: 'log', expected: log[3]!.trim() });
      return `${log[1]}__log(${line}, ${log[2]});`;
    }
    const value = VALUE_LINE.exec(withImport);
    if (value === null) return withImport.replace(/console\.log\(/g, `__log.bind(null, ${line})(`);
    expectations.push({ line, kind: 'value', expected: value[3]!.trim() });
    const statement = value[2]!;
    const declared = DECLARATION.exec(statement);
    if (declared !== null) return `${value[1]}${statement}; __value(${line}, ${declared[1]});`;
    return `${value[1]}__value(${line}, (${statement}));`;
  });
  return { startLine, code: body.join('\n'), expectations, program: PRELUDE + out.join('\n') + '\n' };
}
