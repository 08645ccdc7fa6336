import { formatSlotParticle, slotFormat } from './slotFormat.js';
import { numberValue, shapeKey, tokenizeOutput, type TokenizedOutput } from './tokenizeOutput.js';

/** Turns one slot's samples (one per run) into the text printed for it, `<particle>Ux<hex>`. */
export type SlotEncoder = (samples: Float64Array, particleText: string, precision: number) => string;

export interface AggregatedStream {
  text: string;
  /** Run indices (into the input) whose output took the majority shape. */
  majority: number[];
  /** The other shapes, largest first, each with its runs. */
  others: { runs: number[]; example: string }[];
}

/**
 * Aggregates one stream over the runs of an ensemble: runs are grouped by the shape of their
 * output (literal text between numbers); the largest group (ties: the one holding the
 * earliest run) is printed from its first run's literals, with each number slot that is the
 * same text in every run kept as printed and every slot that varies replaced by its
 * distribution (`encode`). Other groups are returned, never dropped.
 */
export function aggregateStream(outputs: readonly string[], precision: number, encode: SlotEncoder): AggregatedStream {
  const tokens: TokenizedOutput[] = new Array(outputs.length);
  const groups = new Map<string, number[]>();
  for (let i = 0; i < outputs.length; i++) {
    const t = tokenizeOutput(outputs[i]!);
    tokens[i] = t;
    const key = shapeKey(t);
    const g = groups.get(key);
    if (g === undefined) groups.set(key, [i]);
    else g.push(i);
  }
  // Map keeps insertion order, so among equal sizes the group seen first (earliest run) wins.
  const ordered = [...groups.values()].sort((a, b) => b.length - a.length || a[0]! - b[0]!);
  const majority = ordered[0] ?? [];
  if (majority.length === 0) return { text: '', majority, others: [] };
  const first = tokens[majority[0]!]!;
  const g = majority.length;
  const texts: string[] = new Array(g);
  let out = '';
  for (let s = 0; s < first.numbers.length; s++) {
    out += first.literals[s]!;
    let same = true;
    const reference = first.numbers[s]!;
    for (let k = 0; k < g; k++) {
      texts[k] = tokens[majority[k]!]!.numbers[s]!;
      if (texts[k] !== reference) same = false;
    }
    if (same) {
      out += reference;
      continue;
    }
    const samples = new Float64Array(g);
    let sum = 0;
    for (let k = 0; k < g; k++) {
      samples[k] = numberValue(texts[k]!);
      sum += samples[k]!;
    }
    out += encode(samples, formatSlotParticle(sum / g, slotFormat(texts)), precision);
  }
  out += first.literals[first.numbers.length]!;
  const others = ordered.slice(1).map((runs) => ({ runs, example: outputs[runs[0]!]! }));
  return { text: out, majority, others };
}
