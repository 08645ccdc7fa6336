/** A run's output split into literal text and number slots: literals.length = numbers.length + 1. */
export interface TokenizedOutput {
  literals: string[];
  numbers: string[];
}

/*
 * What counts as a number (what printf, iostream and Fortran write print):
 * - decimals with optional sign, point and exponent: `3`, `-0.5`, `.25`, `1.5e-07`, `2E+10`;
 * - `nan`, `-nan`, `inf`, `-inf`, `infinity`, any case, standing alone as a word.
 * A number glued to a letter, digit, `_` or `.` before it is literal text: `x1`, `v2.0`, the
 * `1F` of `0x1F` (whose `0` is a number of its own), the `3` of `1.5.3`. A sign is part of the
 * number only when not preceded by such a character, so `1-2` is 1, `-`, 2 and a date
 * `2024-01-05` is three numbers (equal in every run, hence kept as printed).
 * Letters may follow a number (`5ms` is 5 then `ms`); an exponent needs digits (`2eggs`).
 */
const NUMBER =
  /(?<![A-Za-z0-9_.])(?:[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?:nan|inf(?:inity)?)(?![A-Za-z0-9_]))/gi;

/** Splits text into literal parts and the number texts between them, as printed. */
export function tokenizeOutput(text: string): TokenizedOutput {
  const literals: string[] = [];
  const numbers: string[] = [];
  let last = 0;
  NUMBER.lastIndex = 0;
  for (let m = NUMBER.exec(text); m !== null; m = NUMBER.exec(text)) {
    literals.push(text.slice(last, m.index));
    numbers.push(m[0]);
    last = m.index + m[0].length;
  }
  literals.push(text.slice(last));
  return { literals, numbers };
}

/**
 * Key of an output's shape: its literal text with every run of blanks right before a number
 * reduced to one space, so that fixed-width fields (`%10.5f`, Fortran `F10.5`) whose padding
 * changes with the value's digit count still share a shape.
 */
export function shapeKey(t: TokenizedOutput): string {
  let key = '';
  const n = t.numbers.length;
  for (let i = 0; i < n; i++) {
    const lit = t.literals[i]!;
    // Trim trailing blanks by hand: a regex per literal dominates on large outputs.
    let end = lit.length;
    while (end > 0 && (lit.charCodeAt(end - 1) === 32 || lit.charCodeAt(end - 1) === 9)) end--;
    key += end < lit.length ? `${lit.slice(0, end)} \u0000` : `${lit}\u0000`;
  }
  return key + t.literals[n]!;
}

/** The numeric value of a number text (nan and inf words included). */
export function numberValue(text: string): number {
  const lower = text.toLowerCase();
  const unsigned = lower.replace(/^[-+]/, '');
  if (unsigned === 'nan') return NaN;
  if (unsigned === 'inf' || unsigned === 'infinity') return lower.startsWith('-') ? -Infinity : Infinity;
  return Number(text);
}
