import { signalName } from '../signalName.js';
import { aggregateStream, type SlotEncoder } from './aggregateStream.js';

/** What aggregation reads of each run (a subset of the runtime's results records). */
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

/**
 * Aggregates an ensemble: stdout and stderr are each aggregated by shape (aggregateStream),
 * behind the shared prefix. Runs whose stdout or stderr took another shape are reported at
 * the end of stderr with their share and the first such run's output; when runs ended with
 * different statuses the counts are reported too, and the majority's status is the task's.
 */
export function aggregateEnsemble(input: EnsembleInput): AggregatedEnsemble {
  const { runs, precision, encode } = input;
  const r = runs.length;
  const out = aggregateStream(runs.map((x) => x.stdout.toString('utf8')), precision, encode);
  const err = aggregateStream(runs.map((x) => x.stderr.toString('utf8')), precision, encode);
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
  const statuses = new Map<string, number>();
  for (const x of runs) {
    const k = `${x.exitCode}:${x.signal}`;
    statuses.set(k, (statuses.get(k) ?? 0) + 1);
  }
  const byCount = [...statuses.entries()].sort((a, b) => b[1] - a[1]);
  const [code, signal] = (byCount[0]?.[0] ?? '0:0').split(':').map(Number) as [number, number];
  if (byCount.length > 1) {
    const parts = byCount.map(([k, n]) => {
      const [c, s] = k.split(':').map(Number) as [number, number];
      return `${statusText(c, s)} in ${n} runs`;
    });
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
