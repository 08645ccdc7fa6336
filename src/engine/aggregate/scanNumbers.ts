import type { StreamRanges } from './RunOutputRanges.js';

/*
 * tokenizeOutput's number rule on UTF-8 bytes, without decoding: the rule only looks at
 * ASCII characters, and every ASCII character is one byte in UTF-8 (a byte >= 0x80 is part
 * of a non-ASCII character, never a digit, letter, `_` or `.`), so the numbers found in the
 * bytes are those found in the decoded text.
 */

const DIGIT = 1;
/** [A-Za-z0-9_]: may not follow nan/inf. */
const WORD = 2;
/** [A-Za-z0-9_.]: a number glued after one of these is literal text. */
const GLUE = 4;
/** A character a number can start with: sign, digit, `.`, the n of nan, the i of inf. */
const START = 8;

const CLASS = new Uint8Array(256);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  if (/[0-9]/.test(ch)) CLASS[c] = DIGIT | WORD | GLUE;
  else if (/[A-Za-z_]/.test(ch)) CLASS[c] = WORD | GLUE;
  else if (ch === '.') CLASS[c] = GLUE;
  if (/[-+.0-9nNiI]/.test(ch)) CLASS[c]! |= START;
}

const isDigit = (b: Uint8Array, i: number, end: number) => i < end && (CLASS[b[i]!]! & DIGIT) !== 0;
const notWordAt = (b: Uint8Array, i: number, end: number) => i >= end || (CLASS[b[i]!]! & WORD) === 0;

/** Whether b[i, i + word.length) is `word` (lower case ASCII) in any case. */
function wordAt(b: Uint8Array, i: number, end: number, word: string): boolean {
  if (i + word.length > end) return false;
  for (let k = 0; k < word.length; k++) if ((b[i + k]! | 0x20) !== word.charCodeAt(k)) return false;
  return true;
}

function digitsEnd(b: Uint8Array, i: number, end: number): number {
  while (i < end && (CLASS[b[i]!]! & DIGIT) !== 0) i++;
  return i;
}

/** End of the number starting at `i`, or -1 when none starts there (lookbehind checked by the caller). */
function numberEnd(b: Uint8Array, i: number, end: number): number {
  let j = i;
  const first = b[j]!;
  if (first === 0x2b || first === 0x2d) j++;
  if (isDigit(b, j, end) || (j < end && b[j] === 0x2e && isDigit(b, j + 1, end))) {
    let k = digitsEnd(b, j, end);
    if (k < end && b[k] === 0x2e) k = digitsEnd(b, k + 1, end);
    if (k < end && (b[k]! | 0x20) === 0x65) {
      let m = k + 1;
      if (m < end && (b[m] === 0x2b || b[m] === 0x2d)) m++;
      if (isDigit(b, m, end)) k = digitsEnd(b, m, end);
    }
    return k;
  }
  if (wordAt(b, j, end, 'nan')) return notWordAt(b, j + 3, end) ? j + 3 : -1;
  if (wordAt(b, j, end, 'infinity') && notWordAt(b, j + 8, end)) return j + 8;
  if (wordAt(b, j, end, 'inf')) return notWordAt(b, j + 3, end) ? j + 3 : -1;
  return -1;
}

/** A growable list of [start, end) number ranges. */
export class NumberSpans {
  starts = new Int32Array(64);
  ends = new Int32Array(64);
  length = 0;

  push(start: number, end: number): void {
    if (this.length === this.starts.length) {
      const starts = new Int32Array(this.length * 2);
      const ends = new Int32Array(this.length * 2);
      starts.set(this.starts);
      ends.set(this.ends);
      this.starts = starts;
      this.ends = ends;
    }
    this.starts[this.length] = start;
    this.ends[this.length++] = end;
  }
}

/**
 * Appends to `spans` the number ranges of each run's text as tokenizeOutput finds them (each
 * text stands alone: nothing before its start is looked at), and sets first[i] to the index
 * of run i's first range and count[i] to how many it has. One loop over every run, so that a
 * fresh process optimizes it early (a call per run would stay interpreted longer).
 */
export function scanNumbers(r: StreamRanges, spans: NumberSpans, first: Int32Array, count: Int32Array): void {
  for (let run = 0; run < r.starts.length; run++) {
    const b = r.buffers[run]!;
    const start = r.starts[run]!;
    const end = r.ends[run]!;
    first[run] = spans.length;
    let i = start;
    let gluedBefore = false;
    while (i < end) {
      const c = CLASS[b[i]!]!;
      if ((c & START) !== 0 && !gluedBefore) {
        const e = numberEnd(b, i, end);
        if (e >= 0) {
          spans.push(i, e);
          // A number ends with a digit, `.` or letter: the next character is glued after it.
          gluedBefore = true;
          i = e;
          continue;
        }
      }
      gluedBefore = (c & GLUE) !== 0;
      i++;
    }
    count[run] = spans.length - first[run]!;
  }
}
