import { readSlot } from './readSlot.js';
import type { StreamRanges } from './RunOutputRanges.js';
import { NumberSpans, scanNumbers } from './scanNumbers.js';
import { formatSlotParticle } from './slotFormat.js';
import { shapeKey, tokenizeOutput } from './tokenizeOutput.js';
import type { AggregatedStream, SlotEncoder } from './aggregateStream.js';

/** Whether runs a and b have byte-equal literal text between their numbers (hence one shape). */
function sameLiterals(r: StreamRanges, spans: NumberSpans, first: Int32Array, count: Int32Array, a: number, b: number): boolean {
  const n = count[a]!;
  if (n !== count[b]) return false;
  const ba = r.buffers[a]!;
  const bb = r.buffers[b]!;
  let pa = r.starts[a]!;
  let pb = r.starts[b]!;
  for (let s = 0; s <= n; s++) {
    const ea = s < n ? spans.starts[first[a]! + s]! : r.ends[a]!;
    const eb = s < n ? spans.starts[first[b]! + s]! : r.ends[b]!;
    if (ea - pa !== eb - pb) return false;
    for (let k = 0; k < ea - pa; k++) if (ba[pa + k] !== bb[pb + k]) return false;
    if (s < n) {
      pa = spans.ends[first[a]! + s]!;
      pb = spans.ends[first[b]! + s]!;
    }
  }
  return true;
}

/**
 * aggregateStream on byte ranges (see there for the rules). Numbers are found in the bytes
 * (scanNumbers); a run whose literal bytes equal those of the last shape met joins that
 * shape's group without being decoded, so only runs of a new or other shape are decoded and
 * keyed (shapeKey). Equal slots are compared, and varying ones read (readSlot), as bytes.
 */
export function aggregateStreamRanges(r: StreamRanges, precision: number, encode: SlotEncoder): AggregatedStream {
  const n = r.starts.length;
  const text = (i: number) => r.buffers[i]!.toString('utf8', r.starts[i]!, r.ends[i]!);
  const spans = new NumberSpans();
  const first = new Int32Array(n);
  const count = new Int32Array(n);
  const groups = new Map<string, number[]>();
  let last = -1;
  let lastGroup: number[] = [];
  scanNumbers(r, spans, first, count);
  for (let i = 0; i < n; i++) {
    if (last >= 0 && sameLiterals(r, spans, first, count, i, last)) {
      lastGroup.push(i);
      continue;
    }
    const key = shapeKey(tokenizeOutput(text(i)));
    let g = groups.get(key);
    if (g === undefined) groups.set(key, (g = []));
    g.push(i);
    last = i;
    lastGroup = g;
  }
  const ordered = [...groups.values()].sort((a, b) => b.length - a.length || a[0]! - b[0]!);
  return printMajority(r, spans, first, count, ordered[0] ?? [], ordered.slice(1), text, precision, encode);
}

/** The majority's text: its first run's literals, equal slots as printed, varying ones encoded. */
function printMajority(
  r: StreamRanges, spans: NumberSpans, first: Int32Array, count: Int32Array, majority: number[], rest: number[][],
  text: (i: number) => string, precision: number, encode: SlotEncoder,
): AggregatedStream {
  if (majority.length === 0) return { text: '', majority, others: [] };
  const r0 = majority[0]!;
  // The printed literals and kept numbers are the decoded text's, as the majority's first run printed them.
  const template = tokenizeOutput(text(r0));
  const g = majority.length;
  let out = '';
  for (let s = 0; s < count[r0]!; s++) {
    out += template.literals[s]!;
    const b0 = r.buffers[r0]!;
    const s0 = spans.starts[first[r0]! + s]!;
    const len = spans.ends[first[r0]! + s]! - s0;
    let same = true;
    for (let k = 1; k < g && same; k++) {
      const run = majority[k]!;
      const b = r.buffers[run]!;
      const at = spans.starts[first[run]! + s]!;
      if (spans.ends[first[run]! + s]! - at !== len) same = false;
      for (let c = 0; c < len && same; c++) if (b[at + c] !== b0[s0 + c]) same = false;
    }
    if (same) {
      out += template.numbers[s]!;
      continue;
    }
    const samples = new Float64Array(g);
    const { sum, format } = readSlot(r, spans, first, majority, s, samples);
    out += encode(samples, formatSlotParticle(sum / g, format), precision);
  }
  out += template.literals[count[r0]!]!;
  const others = rest.map((runs) => ({ runs, example: text(runs[0]!) }));
  return { text: out, majority, others };
}
