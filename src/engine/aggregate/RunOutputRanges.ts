/**
 * A run whose stdout and stderr are byte ranges [start, end) of buffers shared by all runs
 * (readEnsembleResults' records): aggregation reads the ranges instead of asking each run
 * for its own Buffer views, which for thousands of tiny runs cost more than the reading.
 */
export interface RunOutputRanges {
  readonly streams: { readonly stdout: Buffer; readonly stderr: Buffer };
  readonly stdoutStart: number;
  readonly stdoutEnd: number;
  readonly stderrStart: number;
  readonly stderrEnd: number;
}

/** One stream of every run: run i's bytes are buffers[i][starts[i], ends[i]). */
export interface StreamRanges {
  readonly buffers: readonly Buffer[];
  readonly starts: Int32Array;
  readonly ends: Int32Array;
}

function isRanged(run: object): run is RunOutputRanges {
  return typeof (run as Partial<RunOutputRanges>).stdoutStart === 'number';
}

/** The stdout or stderr of every run as ranges, without a Buffer view per ranged run. */
export function streamRanges(runs: readonly { stdout: Buffer; stderr: Buffer }[], which: 'stdout' | 'stderr'): StreamRanges {
  const n = runs.length;
  const buffers: Buffer[] = new Array(n);
  const starts = new Int32Array(n);
  const ends = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const run = runs[i]!;
    if (isRanged(run)) {
      buffers[i] = run.streams[which];
      starts[i] = which === 'stdout' ? run.stdoutStart : run.stderrStart;
      ends[i] = which === 'stdout' ? run.stdoutEnd : run.stderrEnd;
    } else {
      const own = run[which];
      buffers[i] = own;
      ends[i] = own.length;
    }
  }
  return { buffers, starts, ends };
}
