import { aggregateStreamRanges } from './aggregateStreamRanges.js';

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
 * distribution (`encode`). Other groups are returned, never dropped. Works on the outputs'
 * UTF-8 bytes (aggregateStreamRanges), as a program's streams are.
 */
export function aggregateStream(outputs: readonly string[], precision: number, encode: SlotEncoder): AggregatedStream {
  const buffers = outputs.map((o) => Buffer.from(o));
  const ends = Int32Array.from(buffers, (b) => b.length);
  const agg = aggregateStreamRanges({ buffers, starts: new Int32Array(buffers.length), ends }, precision, encode);
  return { ...agg, others: agg.others.map((o) => ({ runs: o.runs, example: outputs[o.runs[0]!]! })) };
}
