// Ux codec throughput: parseUx (regex check + Buffer.from(hex)) against a naive parseInt decoder
// and a char-code lookup-table decoder,
// formatUx, and scanUx over a 10 MB synthetic program output.
import { loadavg } from 'node:os';
import { type BenchResult, throughput } from './lib.js';
import { createUxValue, formatUx, parseUx, scanUx } from '../src/ux/index.js';

/** Baseline: byte by byte with parseInt(substr), then DataView reads (what a first try looks like). */
function naiveDecode(text: string): number {
  const hex = text.slice(text.indexOf('Ux') + 2);
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.substr(2 * i, 2), 16);
  return readPairs(bytes);
}

/** Alternative measured against parseUx's Buffer.from(hex): a char-code lookup table loop. */
const TABLE = new Uint8Array(65536).fill(0xff);
for (let d = 0; d < 16; d++) {
  TABLE['0123456789abcdef'.charCodeAt(d)] = d;
  TABLE['0123456789ABCDEF'.charCodeAt(d)] = d;
}
function tableDecode(text: string): number {
  const start = text.indexOf('Ux') + 2;
  const bytes = new Uint8Array((text.length - start) / 2);
  let bad = 0;
  for (let i = 0, c = start; i < bytes.length; i++, c += 2) {
    const hi = TABLE[text.charCodeAt(c)]!;
    const lo = TABLE[text.charCodeAt(c + 1)]!;
    bad |= hi | lo;
    bytes[i] = (hi << 4) | lo;
  }
  if (bad & 0x80) throw new Error('bad hex');
  return readPairs(bytes);
}

function readPairs(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const n = view.getUint32(17, false);
  const positions = new Float64Array(n);
  const raw = new BigUint64Array(n);
  const masses = new Float64Array(n);
  for (let k = 0, o = 21; k < n; k++, o += 16) {
    positions[k] = view.getFloat64(o, false);
    raw[k] = view.getBigUint64(o + 8, false);
    masses[k] = Number(raw[k]) / 2 ** 63;
  }
  return positions.length + masses.length;
}

function sampleValue(n: number): string {
  const positions = new Float64Array(n);
  const masses = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    positions[k] = Math.sin(k) * 100 + k;
    masses[k] = 1 + (k % 7);
  }
  return formatUx(createUxValue({ positions, masses, sampleCount: 1024n, particleText: '12.345678' }));
}

/** ~10 MB of program output: log lines, one 32-delta value every few lines, a few ValueIDs. */
function syntheticOutput(bytes: number): string {
  const value = sampleValue(32);
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const line =
      i % 4 === 0
        ? `step ${i}: estimate = ${value} units\n`
        : i % 9 === 1
          ? `trace ${i}: 3.141593<ValueID>val_${i.toString(16)}</ValueID>\n`
          : `step ${i}: iteration ${i * 7} residual 0.000${i % 1000} ok, calling UxHwDoubleGaussDist\n`;
    parts.push(line);
    size += line.length;
  }
  return parts.join('');
}

export async function run(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const n of [32, 512, 4096]) {
    const text = sampleValue(n);
    const hexMB = (text.length - text.indexOf('Ux') - 2) / 1e6;
    const fast = throughput(() => parseUx(text), 1);
    const naive = throughput(() => naiveDecode(text), 1);
    const table = throughput(() => tableDecode(text), 1);
    const ratio = `${(fast / naive).toFixed(1)}x naive parseInt, ${(fast / table).toFixed(2)}x char-code table`;
    results.push(
      { suite: 'decode', name: `parseUx ${n} deltas`, value: fast * hexMB, unit: 'MB/s hex', goal: { value: 200, better: 'higher' }, note: ratio },
      { suite: 'decode', name: `parseUx ${n} deltas`, value: fast, unit: 'values/s', note: `${(hexMB * 1e3).toFixed(1)} kB hex each` },
      { suite: 'decode', name: `naive parseInt ${n} deltas`, value: naive * hexMB, unit: 'MB/s hex', note: 'baseline' },
      { suite: 'decode', name: `char-code table ${n} deltas`, value: table * hexMB, unit: 'MB/s hex', note: 'alternative' },
    );
    const value = parseUx(text);
    results.push({ suite: 'decode', name: `formatUx ${n} deltas`, value: throughput(() => formatUx(value), 1), unit: 'values/s' });
  }
  const output = syntheticOutput(10_000_000);
  const found = scanUx(output);
  const scanMB = output.length / 1e6;
  results.push({
    suite: 'decode',
    name: 'scanUx 10 MB output',
    value: throughput(() => scanUx(output), scanMB, 1000, 2),
    unit: 'MB/s',
    goal: { value: 50, better: 'higher' },
    // Wall-clock numbers on a shared machine: the load average says how far to trust them.
    note: `${found.values.length} values, ${found.valueIds.length} ValueIDs, ${found.issues.length} issues; load ${loadavg()[0]!.toFixed(1)}`,
  });
  return results;
}
