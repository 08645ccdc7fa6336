import { UxFormatError } from './UxFormatError.js';

/**
 * The number a particle's text stands for. Accepts what C's printf prints for a double:
 * `%f`/`%lf` (`0.785398`, `3.`), `%e`/`%E`, `%g` (`5`, `1e-07`), `%a` (`0x1.8p+1`), signs,
 * and `nan`/`-nan`/`inf`/`-inf` in either case. `-nan` is NaN: the sign lives in the text only.
 */
export function parseParticle(text: string, offset = 0): number {
  const end = particleEnd(text, 0);
  if (end !== text.length || end === 0) {
    throw new UxFormatError(
      'bad-particle',
      offset,
      `bad particle ${JSON.stringify(text.slice(0, 40))} at char ${offset}: expected a number as printf prints it (1.5, -2.5e-07, nan, inf)`,
    );
  }
  let i = 0;
  let sign = 1;
  const c0 = text.charCodeAt(0);
  if (c0 === 0x2b || c0 === 0x2d) {
    sign = c0 === 0x2d ? -1 : 1;
    i = 1;
  }
  const word = text.slice(i).toLowerCase();
  if (word === 'nan') return NaN;
  if (word === 'inf') return sign * Infinity;
  if (word.startsWith('0x')) return sign * hexFloat(word.slice(2));
  return Number(text);
}

/** Value of a validated `%a` mantissa and exponent without the `0x` (`1.8p+1`). */
function hexFloat(body: string): number {
  const p = body.indexOf('p');
  let mantissa = 0;
  let fractionDigits = 0;
  let inFraction = false;
  for (let i = 0; i < p; i++) {
    const c = body.charCodeAt(i);
    if (c === 0x2e) {
      inFraction = true;
      continue;
    }
    mantissa = mantissa * 16 + parseInt(body[i]!, 16);
    if (inFraction) fractionDigits++;
  }
  let exponent = Number(body.slice(p + 1)) - 4 * fractionDigits;
  // Scale in steps so that an intermediate power of two never overflows or underflows alone.
  while (exponent > 1000) {
    mantissa *= 2 ** 1000;
    exponent -= 1000;
  }
  while (exponent < -1000) {
    mantissa *= 2 ** -1000;
    exponent += 1000;
  }
  return mantissa * 2 ** exponent;
}

const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
const isHexDigit = (c: number): boolean =>
  (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x66);

/**
 * End of the longest particle that starts at `start` in `text`, or `start` when none does.
 * Grammar: sign? (nan | inf | decimal | hexfloat), case-insensitive letters.
 */
export function particleEnd(text: string, start: number): number {
  let i = start;
  const n = text.length;
  const c0 = text.charCodeAt(i);
  if (c0 === 0x2b || c0 === 0x2d) i++;
  const word = text.slice(i, i + 3).toLowerCase();
  if (word === 'nan' || word === 'inf') return i + 3;
  if (text.charCodeAt(i) === 0x30 && (text.charCodeAt(i + 1) | 0x20) === 0x78) {
    const end = hexFloatEnd(text, i + 2, n);
    if (end > 0) return end;
  }
  let digits = 0;
  while (i < n && isDigit(text.charCodeAt(i))) (i++, digits++);
  if (text.charCodeAt(i) === 0x2e) {
    i++;
    while (i < n && isDigit(text.charCodeAt(i))) (i++, digits++);
  }
  if (digits === 0) return start;
  return exponentEnd(text, i, n, 0x65);
}

/** After a mantissa at `i`: the end of an optional exponent introduced by `letter` (e or p). */
function exponentEnd(text: string, i: number, n: number, letter: number): number {
  if ((text.charCodeAt(i) | 0x20) !== letter) return i;
  let j = i + 1;
  const s = text.charCodeAt(j);
  if (s === 0x2b || s === 0x2d) j++;
  const first = j;
  while (j < n && isDigit(text.charCodeAt(j))) j++;
  return j > first ? j : i;
}

/** `%a` body after `0x`: hex mantissa with an optional point, then a mandatory p exponent. */
function hexFloatEnd(text: string, i: number, n: number): number {
  let digits = 0;
  while (i < n && isHexDigit(text.charCodeAt(i))) (i++, digits++);
  if (text.charCodeAt(i) === 0x2e) {
    i++;
    while (i < n && isHexDigit(text.charCodeAt(i))) (i++, digits++);
  }
  if (digits === 0 || (text.charCodeAt(i) | 0x20) !== 0x70) return -1;
  const end = exponentEnd(text, i, n, 0x70);
  return end > i ? end : -1;
}
