import type { ProgramVariable } from '../../store/values.js';

interface Die {
  tag: string;
  name?: string;
  type?: string;
  declFile?: number;
  declLine?: number;
}

const DIE = /^\s*<(\d+)><([0-9a-f]+)>: Abbrev Number: (\d+)(?: \((DW_TAG_\w+)\))?/;
const ATTR = /^\s*<[0-9a-f]+>\s+(DW_AT_\w+)\s*:\s*(.*)$/;

/**
 * The text of a DW_AT_name: inline, or after `(indirect ... string, offset: 0x..): `; with
 * --wide, readelf first names the form: `(strp) (offset: 0x6): main.c`, `(string) x`.
 */
function nameOf(value: string): string {
  const m = /^\((?:indirect|indexed|offset)[^)]*\):\s*(.*)$/.exec(value);
  return (m ? m[1]! : value).trim();
}

function typeName(dies: Map<string, Die>, ref: string | undefined, depth = 0): string {
  if (ref === undefined) return 'void';
  const d = dies.get(ref);
  if (d === undefined || depth > 16) return '?';
  const inner = () => typeName(dies, d.type, depth + 1);
  switch (d.tag) {
    case 'DW_TAG_pointer_type': return `${inner()} *`;
    case 'DW_TAG_reference_type': return `${inner()} &`;
    case 'DW_TAG_const_type': return `const ${inner()}`;
    case 'DW_TAG_volatile_type': return `volatile ${inner()}`;
    case 'DW_TAG_array_type': return `${inner()} []`;
    case 'DW_TAG_structure_type': return `struct ${d.name ?? '{...}'}`;
    case 'DW_TAG_class_type': return `class ${d.name ?? '{...}'}`;
    case 'DW_TAG_union_type': return `union ${d.name ?? '{...}'}`;
    case 'DW_TAG_enumeration_type': return `enum ${d.name ?? '{...}'}`;
    case 'DW_TAG_subroutine_type': return `${inner()} (*)()`;
    default: return d.name ?? inner();
  }
}

/**
 * Variables and parameters of the program's own source files from `readelf
 * --debug-dump=info` text: name, type, file (the compilation unit's source, relative to
 * `sourceRoot`), declaration line and enclosing function. Only declarations in a unit's main
 * file are listed (decl_file 1), so library headers and the runtime stay out; so do names
 * starting with `__uxkit` (the instrumentation's own).
 */
export function parseDwarfVariables(text: string, sourceRoot: string): ProgramVariable[] {
  const out: ProgramVariable[] = [];
  const lines = text.split('\n');
  // Types may be referenced before they are defined: collect every DIE, resolve at the end.
  const dies = new Map<string, Die>();
  const found: { die: Die; file: string; fn: Die | undefined }[] = [];
  const stack: Die[] = [];
  let unitFile = '';
  let current: Die | undefined;
  const root = sourceRoot.endsWith('/') ? sourceRoot : `${sourceRoot}/`;
  for (const line of lines) {
    const m = DIE.exec(line);
    if (m !== null) {
      const depth = Number(m[1]);
      stack.length = depth;
      if (m[4] === undefined) {
        current = undefined;
        continue;
      }
      current = { tag: m[4] };
      dies.set(`0x${m[2]}`, current);
      stack[depth] = current;
      if (m[4] === 'DW_TAG_variable' || m[4] === 'DW_TAG_formal_parameter') {
        let fn: Die | undefined;
        for (let d = depth - 1; d >= 0 && fn === undefined; d--) if (stack[d]?.tag === 'DW_TAG_subprogram') fn = stack[d];
        // The function's name may come on a later line of its DIE: keep the DIE, read it at the end.
        found.push({ die: current, file: unitFile, fn });
      }
      continue;
    }
    if (current === undefined) continue;
    const a = ATTR.exec(line);
    if (a === null) continue;
    const [, attr, raw] = a as unknown as [string, string, string];
    const value = raw.replace(/^\([a-z_0-9]+\)\s*/, '');
    if (attr === 'DW_AT_name') {
      current.name = nameOf(value);
      if (current.tag === 'DW_TAG_compile_unit') unitFile = current.name.startsWith(root) ? current.name.slice(root.length) : current.name;
    } else if (attr === 'DW_AT_type') current.type = /<(0x[0-9a-f]+)>/.exec(value)?.[1];
    else if (attr === 'DW_AT_decl_file') current.declFile = Number.parseInt(value, 10);
    else if (attr === 'DW_AT_decl_line') current.declLine = Number.parseInt(value, 10);
  }
  for (const f of found) {
    const d = f.die;
    if (d.name === undefined || d.declLine === undefined || d.declFile !== 1 || d.name.startsWith('__uxkit')) continue;
    if (f.file.startsWith('__uxkit') || f.file.includes('/uxkit/runtime')) continue;
    out.push({ Name: d.name, Type: typeName(dies, d.type), File: f.file, Line: d.declLine, Function: f.fn?.name ?? null });
  }
  return out;
}
