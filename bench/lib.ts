/** One measured number of a benchmark suite. */
export interface BenchResult {
  suite: string;
  name: string;
  value: number;
  unit: string;
  /** Optional goal, in the same unit, and which way is better. */
  goal?: { value: number; better: 'higher' | 'lower' };
  /** Free-form context: sizes, batch, baseline ratio... */
  note?: string;
}

/** A suite exports `run()` returning its results; bench/run.ts prints them all. */
export type BenchSuite = () => Promise<BenchResult[]>;

/** Milliseconds of this process's CPU time (user + system) so far. */
export function cpuClockMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * Times `fn` (which does `work` units per call) until at least `minMs` have passed on `clock`
 * (wall time by default; cpuClockMs where other load on a shared machine must not count),
 * after a warm-up, and returns units per second. Best of `rounds` rounds, to damp a noisy
 * machine.
 */
export function throughput(fn: () => void, work: number, minMs = 300, rounds = 3, clock: () => number = () => performance.now()): number {
  for (let i = 0; i < 3; i++) fn();
  let best = 0;
  for (let r = 0; r < rounds; r++) {
    let calls = 0;
    const start = clock();
    let elapsed = 0;
    do {
      fn();
      calls++;
      elapsed = clock() - start;
    } while (elapsed < minMs);
    best = Math.max(best, (calls * work) / (elapsed / 1000));
  }
  return best;
}

/** Milliseconds per call of `fn`: the median over `samples` timed calls after a warm-up. */
export async function msPerCall(fn: () => unknown, samples = 30): Promise<number> {
  for (let i = 0; i < 3; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

export function formatTable(results: BenchResult[]): string {
  const rows = results.map((r) => [
    r.suite,
    r.name,
    formatNumber(r.value),
    r.unit,
    r.goal ? `${r.goal.better === 'higher' ? '>=' : '<='} ${formatNumber(r.goal.value)} ${meets(r) ? 'ok' : 'MISSED'}` : '',
    r.note ?? '',
  ]);
  const header = ['suite', 'case', 'value', 'unit', 'goal', 'note'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

export function meets(r: BenchResult): boolean {
  if (!r.goal) return true;
  return r.goal.better === 'higher' ? r.value >= r.goal.value : r.value <= r.goal.value;
}

function formatNumber(v: number): string {
  if (Math.abs(v) >= 1e6) return `${(v / 1e6).toFixed(1)}M`;
  if (Math.abs(v) >= 1e4) return `${(v / 1e3).toFixed(1)}k`;
  return v.toPrecision(4);
}
