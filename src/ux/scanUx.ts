import { parseParticle } from './parseParticle.js';
import { particleRunsOn, particleStartBefore } from './particleStartBefore.js';
import { readUxHex } from './readUxHex.js';
import { UxFormatError } from './UxFormatError.js';
import type { UxValue } from './UxValue.js';

/** A Ux value found in text: text.slice(start, end) is `<particle>Ux<hex>`; `ux` is where `Ux` starts. */
export interface UxMatch {
  start: number;
  ux: number;
  end: number;
  value: UxValue;
}

/** A `<number><ValueID>ID</ValueID>` reference found in text. */
export interface ValueIdMatch {
  start: number;
  /** Where `<ValueID>` starts. */
  tag: number;
  end: number;
  particle: number;
  particleText: string;
  valueId: string;
}

/** A candidate that looked like a value or reference but could not be read without guessing. */
export interface UxScanIssue {
  start: number;
  end: number;
  error: UxFormatError;
}

export interface UxScanResult {
  values: UxMatch[];
  valueIds: ValueIdMatch[];
  /** The first MAX_SCAN_ISSUES issues, in order. */
  issues: UxScanIssue[];
  /** How many further issues were found but not kept (output full of junk stays cheap). */
  issuesOmitted: number;
}

/** At most this many issues are kept with their errors; the rest are only counted. */
export const MAX_SCAN_ISSUES = 1000;

/** The longest printf particle (`%f` of 1e308 is ~320 chars; `%.1074f` of a subnormal ~1080). */
const MAX_PARTICLE = 1100;
const MAX_VALUE_ID = 256;
/** The hex run after `Ux`, matched natively from a position (sticky). */
const HEX_RUN = /[0-9a-fA-F]*/y;
const OPEN = '<ValueID>';
const CLOSE = '</ValueID>';

/**
 * Finds every Ux value and ValueID reference in a program's output, in order, in one pass:
 * each char is visited a bounded number of times. Ambiguous or malformed candidates (a number
 * running into the particle, candidates sharing chars, bad hex, unclosed tags) become issues.
 */
export function scanUx(text: string): UxScanResult {
  // An issue's stack trace says nothing useful and capturing it costs more than the scan of
  // a candidate: on output full of malformed candidates it made the scan 50x slower.
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return scan(text);
  } finally {
    Error.stackTraceLimit = limit;
  }
}

function scan(text: string): UxScanResult {
  const result: UxScanResult = { values: [], valueIds: [], issues: [], issuesOmitted: 0 };
  // Extent of the last accepted value, so that a candidate sharing its chars retracts it.
  let lastEnd = 0;
  let lastIndex = -1;
  let lo = 0;
  let nextUx = text.indexOf('Ux');
  let nextTag = text.indexOf(OPEN);
  while (nextUx >= 0 || nextTag >= 0) {
    const isUx = nextTag < 0 || (nextUx >= 0 && nextUx < nextTag);
    const at = isUx ? nextUx : nextTag;
    const from = Math.max(lo, at - MAX_PARTICLE);
    const start = particleStartBefore(text, at, from);
    let end: number;
    if (isUx) {
      HEX_RUN.lastIndex = at + 2;
      HEX_RUN.test(text);
      end = HEX_RUN.lastIndex;
      nextUx = text.indexOf('Ux', end);
      const hexLength = end - at - 2;
      // "UxHw..." in prose is not a candidate: it needs a number before it or a long hex after.
      if (hexLength < 40 && (start < 0 || (hexLength === 0 && end < text.length))) continue;
    } else {
      // The ID runs over ID chars (bounded, to stay linear) and must be followed by the closing tag.
      const idStart = at + OPEN.length;
      end = idStart;
      while (end < text.length && end - idStart < MAX_VALUE_ID && isIdChar(text.charCodeAt(end))) end++;
      if (end > idStart && text.startsWith(CLOSE, end)) end += CLOSE.length;
      nextTag = text.indexOf(OPEN, at + OPEN.length);
    }
    lo = isUx ? at + 2 : at + OPEN.length;
    const first = start < 0 ? at : start;
    if (first < lastEnd) {
      const message = `overlap: the candidate at char ${first} shares chars with the one ending at char ${lastEnd}`;
      if (lastIndex >= 0) {
        const previous = result.values.splice(lastIndex, 1)[0]!;
        if (room(result)) result.issues.push({ start: previous.start, end: previous.end, error: new UxFormatError('overlap', first, message) });
      }
      if (room(result)) result.issues.push({ start: first, end, error: new UxFormatError('overlap', first, message) });
      lastIndex = -1;
      lastEnd = end;
      continue;
    }
    lastEnd = end;
    lastIndex = -1;
    // Cheap checks first, so that junk past the issue cap costs no error object.
    if (start < 0) {
      if (room(result)) {
        const error = new UxFormatError('bad-particle', at, `no number before ${isUx ? '"Ux"' : OPEN} at char ${at}`);
        result.issues.push({ start: first, end, error });
      }
      continue;
    }
    if (particleRunsOn(text, start)) {
      if (room(result)) {
        const message = `ambiguous particle at char ${start}: the char before it (${JSON.stringify(text[start - 1])}) could continue the number`;
        result.issues.push({ start: first, end, error: new UxFormatError('bad-particle', start - 1, message) });
      }
      continue;
    }
    if (result.issues.length >= MAX_SCAN_ISSUES && (isUx ? (end - at) % 2 !== 0 || end - at < 44 : !text.startsWith('>', end - 1))) {
      result.issuesOmitted++;
      continue;
    }
    try {
      const particleText = text.slice(start, at);
      const particle = parseParticle(particleText, start);
      if (isUx) {
        const value = readUxHex(text, at + 2, end, particle, particleText);
        lastIndex = result.values.length;
        result.values.push({ start, ux: at, end, value });
      } else {
        result.valueIds.push({ start, tag: at, end, particle, particleText, valueId: valueIdOf(text, at, end) });
      }
    } catch (error) {
      if (!(error instanceof UxFormatError)) throw error;
      if (room(result)) result.issues.push({ start: first, end, error });
    }
  }
  return result;
}

/** Whether one more issue may be kept; counts it as omitted when not. */
function room(result: UxScanResult): boolean {
  if (result.issues.length < MAX_SCAN_ISSUES) return true;
  result.issuesOmitted++;
  return false;
}

/** ValueID chars: letters, digits, `_`, `-`, `.`, `:`. */
function isIdChar(c: number): boolean {
  const l = c | 0x20;
  return (l >= 0x61 && l <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === 0x5f || c === 0x2d || c === 0x2e || c === 0x3a;
}

/** The ID between the tags, or bad-value-id when the ID is empty or not closed right after. */
function valueIdOf(text: string, tag: number, end: number): string {
  const idStart = tag + OPEN.length;
  if (end - idStart <= CLOSE.length || !text.startsWith(CLOSE, end - CLOSE.length)) {
    throw new UxFormatError(
      'bad-value-id',
      end,
      `${OPEN} at char ${tag} needs an ID (letters, digits, _ - . :) and ${CLOSE} right after it; found ${JSON.stringify(text.slice(end, end + 12))} at char ${end}`,
    );
  }
  return text.slice(idStart, end - CLOSE.length);
}
