const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
const isHexDigit = (c: number): boolean =>
  (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x66);
const isSign = (c: number): boolean => c === 0x2b || c === 0x2d;

/**
 * Start of the longest particle (parseParticle's grammar) that ends right before `end`, looking
 * no further back than `lo`; -1 when none does. Walks back once over at most end - lo chars.
 */
export function particleStartBefore(text: string, end: number, lo: number): number {
  if (end - 3 >= lo) {
    const w = text.slice(end - 3, end).toLowerCase();
    if (w === 'nan' || w === 'inf') return withSign(text, end - 3, lo);
  }
  let j = end;
  while (j > lo && isDigit(text.charCodeAt(j - 1))) j--;
  if (j < end) {
    let k = j;
    if (k > lo && isSign(text.charCodeAt(k - 1))) k--;
    const letter = k > lo ? text.charCodeAt(k - 1) | 0x20 : 0;
    if (letter === 0x65) {
      const m = mantissaStart(text, k - 1, lo, isDigit);
      if (m >= 0) return withSign(text, m, lo);
    } else if (letter === 0x70) {
      const m = mantissaStart(text, k - 1, lo, isHexDigit);
      if (m >= lo + 2 && (text.charCodeAt(m - 1) | 0x20) === 0x78 && text.charCodeAt(m - 2) === 0x30) {
        return withSign(text, m - 2, lo);
      }
    }
  }
  const m = mantissaStart(text, end, lo, isDigit);
  return m >= 0 ? withSign(text, m, lo) : -1;
}

/** Start of `digits* ('.' digits*)?` with at least one digit, ending at `end`; or -1. */
function mantissaStart(text: string, end: number, lo: number, digit: (c: number) => boolean): number {
  let j = end;
  while (j > lo && digit(text.charCodeAt(j - 1))) j--;
  let count = end - j;
  if (j > lo && text.charCodeAt(j - 1) === 0x2e) {
    const dot = --j;
    while (j > lo && digit(text.charCodeAt(j - 1))) j--;
    count += dot - j;
  }
  return count > 0 ? j : -1;
}

function withSign(text: string, start: number, lo: number): number {
  return start > lo && isSign(text.charCodeAt(start - 1)) ? start - 1 : start;
}

/**
 * Whether the char before a particle at `start` could have continued it (a digit, point, sign,
 * or for nan/inf and %a particles any letter), which makes the candidate ambiguous.
 */
export function particleRunsOn(text: string, start: number): boolean {
  if (start === 0) return false;
  const c = text.charCodeAt(start - 1);
  if (isDigit(c) || c === 0x2e || isSign(c) || c === 0x5f) return true;
  const isLetter = (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a;
  if (!isLetter) return false;
  const first = text.charCodeAt(isSign(text.charCodeAt(start)) ? start + 1 : start);
  // Decimal particles may follow a word ("x=" is usual, but so is "temp21.5"), except after an
  // exponent letter that a digit precedes ("1e" + "5.0").
  if (isDigit(first) || first === 0x2e) {
    const lower = c | 0x20;
    const before = start >= 2 ? text.charCodeAt(start - 2) : 0;
    if (first === 0x30 && (text.charCodeAt(start + 1) | 0x20) === 0x78) return true;
    return (lower === 0x65 || lower === 0x70) && (isDigit(before) || before === 0x2e);
  }
  return true;
}
