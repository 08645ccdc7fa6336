import { signalName } from '../signalName.js';
import type { SlotEncoder } from './aggregateStream.js';
import { aggregateStreamRanges } from './aggregateStreamRanges.js';
import { streamRanges } from './RunOutputRanges.js';

/**
 * What aggregation reads of each run (a subset of the runtime's results records). Runs that
 * also carry RunOutputRanges (readEnsembleResults' records) are read through those.
 */
export interface RunOutput {
  exitCode: number;
  signal: number;
  stdout: Buffer;
  stderr: Buffer;
}

export interface EnsembleInput {
  runs: readonly RunOutput[];
  /** What the program printed before the fork: once, ahead of the aggregate. */
  prefixStdout?: Buffer;
  prefixStderr?: Buffer;
  /** The core's Precision: the number of Dirac deltas of each output value. */
  precision: number;
  encode: SlotEncoder;
}

export interface AggregatedEnsemble {
  stdout: Buffer;
  stderr: Buffer;
  /** The majority's exit status (null when the majority was ended by a signal). */
  exitCode: number | null;
  signal: number;
  /** Runs whose stdout took another shape than the majority's. */
  divergentRuns: number;
}

const statusText = (code: number, signal: number) =>
  signal !== 0 ? `signal ${signal} (${signalName(signal) ?? '?'})` : `exit status ${code}`;
const pct = (n: number, total: number) => `${((100 * n) / total).toFixed(1)}%`;

/** The distinct (exit status, signal) pairs in the order first met, with their run counts. */
function countStatuses(runs: readonly RunOutput[]): { codes: number[]; signals: number[]; counts: number[] } {
  const codes: number[] = [];
  const signals: number[] = [];
  const counts: number[] = [];
  let hit = -1;
  for (const x of runs) {
    if (hit < 0 || codes[hit] !== x.exitCode || signals[hit] !== x.signal) {
      hit = codes.findIndex((c, k) => c === x.exitCode && signals[k] === x.signal);
      if (hit < 0) {
        hit = codes.length;
        codes.push(x.exitCode);
        signals.push(x.signal);
        counts.push(0);
      }
    }
    counts[hit]!++;
  }
  return { codes, signals, counts };
}

/**
 * Aggregates an ensemble: stdout and stderr are each aggregated by shape (aggregateStream),
 * behind the shared prefix. Runs whose stdout or stderr took another shape are reported at
 * the end of stderr with their share and the first such run's output; when runs ended with
 * different statuses the counts are reported too, and the majority's status is the task's.
 */
export function aggregateEnsemble(input: EnsembleInput): AggregatedEnsemble {
  const { runs, precision, encode } = input;
  const r = runs.length;
  const out = aggregateStreamRanges(streamRanges(runs, 'stdout'), precision, encode);
  const err = aggregateStreamRanges(streamRanges(runs, 'stderr'), precision, encode);
  const notes: string[] = [];
  for (const [name, agg] of [['stdout', out], ['stderr', err]] as const) {
    for (const o of agg.others) {
      const example = o.example.length > 2000 ? `${o.example.slice(0, 2000)}...` : o.example;
      notes.push(
        `uxkit: ${o.runs.length} of ${r} runs (${pct(o.runs.length, r)}) printed ${name} of another shape than the majority ` +
          `and are not in the aggregate above; run ${o.runs[0]} printed:\n${example}${example.endsWith('\n') ? '' : '\n'}`,
      );
    }
  }
  const { codes, signals, counts } = countStatuses(runs);
  // Most runs first; a stable sort keeps equal counts in the order first met.
  const byCount = counts.map((_, k) => k).sort((a, b) => counts[b]! - counts[a]!);
  const top = byCount[0];
  const code = top === undefined ? 0 : codes[top]!;
  const signal = top === undefined ? 0 : signals[top]!;
  if (byCount.length > 1) {
    const parts = byCount.map((k) => `${statusText(codes[k]!, signals[k]!)} in ${counts[k]} runs`);
    notes.push(`uxkit: runs ended differently: ${parts.join(', ')}; the task reports the majority's ${statusText(code, signal)}\n`);
  }
  const stderrText = err.text + (notes.length > 0 && err.text !== '' && !err.text.endsWith('\n') ? '\n' : '') + notes.join('');
  return {
    stdout: Buffer.concat([input.prefixStdout ?? Buffer.alloc(0), Buffer.from(out.text)]),
    stderr: Buffer.concat([input.prefixStderr ?? Buffer.alloc(0), Buffer.from(stderrText)]),
    exitCode: signal !== 0 ? null : code,
    signal,
    divergentRuns: r - out.majority.length,
  };
}
