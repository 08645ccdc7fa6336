import { parse } from 'shell-quote';
import { EngineInputError } from '../errors.js';

/**
 * A task's arguments as an argv. A string is split like a shell would split words (quotes
 * and backslashes), but never run by one: `$VAR` stays literal text, and operators
 * (`;`, `|`, `>`...), globs and comments are refused with a typed error naming them.
 */
export function splitArguments(args: readonly string[] | string): string[] {
  if (typeof args !== 'string') return [...args];
  const out: string[] = [];
  for (const entry of parse(args, (key) => `$${key}`)) {
    if (typeof entry === 'string') {
      out.push(entry);
      continue;
    }
    const what = 'comment' in entry ? `a comment (#${entry.comment})` : entry.op === 'glob' ? `a glob (${entry.pattern})` : `the shell operator ${entry.op}`;
    throw new EngineInputError(
      'UXK_ERR_ARGUMENTS',
      `Arguments contain ${what}; programs are not run through a shell: quote it to pass it literally`,
    );
  }
  return out;
}
