import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aggregateEnsemble, type RunOutput } from '../../../src/engine/aggregate/aggregateEnsemble.js';
import type { SlotEncoder } from '../../../src/engine/aggregate/aggregateStream.js';
import { readSlot } from '../../../src/engine/aggregate/readSlot.js';
import { streamRanges } from '../../../src/engine/aggregate/RunOutputRanges.js';
import { NumberSpans, scanNumbers } from '../../../src/engine/aggregate/scanNumbers.js';
import { numberValue, tokenizeOutput } from '../../../src/engine/aggregate/tokenizeOutput.js';

const unit = fc.constantFrom(...'0123456789.-+eE xnNaAiIfFty_\n=é\u{1F600}'.split(''), '\u{1F600}', 'inf', 'nan', 'Infinity');
const texts = fc.array(fc.string({ unit, maxLength: 40 }), { minLength: 1, maxLength: 6 });

/** Every run's number texts as the byte scanner finds them, all runs in one shared buffer. */
function scanned(outputs: string[]): string[][] {
  const runs = outputs.map((o) => ({ stdout: Buffer.from(o), stderr: Buffer.alloc(0) }));
  const shared = Buffer.concat(runs.map((x) => x.stdout));
  let at = 0;
  const ranged = runs.map((x) => {
    const start = at;
    at += x.stdout.length;
    return { ...x, streams: { stdout: shared, stderr: Buffer.alloc(0) }, stdoutStart: start, stdoutEnd: at, stderrStart: 0, stderrEnd: 0 };
  });
  const r = streamRanges(ranged, 'stdout');
  const spans = new NumberSpans();
  const first = new Int32Array(outputs.length);
  const count = new Int32Array(outputs.length);
  scanNumbers(r, spans, first, count);
  return outputs.map((_, i) =>
    Array.from({ length: count[i]! }, (_, s) => shared.toString('latin1', spans.starts[first[i]! + s]!, spans.ends[first[i]! + s]!)));
}

describe('scanNumbers and readSlot', () => {
  it('find in each run\'s UTF-8 bytes exactly the numbers tokenizeOutput finds in its text, nothing leaking across runs', () => {
    fc.assert(fc.property(texts, (outputs) => {
      expect(scanned(outputs)).toEqual(outputs.map((o) => tokenizeOutput(o).numbers));
    }), { numRuns: 500 });
  });

  it('read each number as numberValue does, bit for bit, including -0, long mantissas and large exponents', () => {
    const numbers = ['0.739376', '-0.000', '+3', '.25', '5.', '1.5e-07', '2E+10', '-nan', 'inf', '-Infinity', '12345678901234567890',
      '0.1000000000000000055511151231257827', '1e400', '-1e-400', '9007199254740993', '1.7976931348623157e308', '3e22', '4e-23'];
    const runs = numbers.map((t) => ({ stdout: Buffer.from(`v ${t}\n`), stderr: Buffer.alloc(0) }));
    const r = streamRanges(runs, 'stdout');
    const spans = new NumberSpans();
    const first = new Int32Array(runs.length);
    const count = new Int32Array(runs.length);
    scanNumbers(r, spans, first, count);
    const samples = new Float64Array(runs.length);
    readSlot(r, spans, first, numbers.map((_, i) => i), 0, samples);
    numbers.forEach((t, i) => expect(Object.is(samples[i], numberValue(t))).toBe(true));
  });

  it('aggregate results records (ranges of shared streams) exactly as runs holding their own buffers', () => {
    const probe: SlotEncoder = (s, particle) => `${particle}[${s.join(',')}]`;
    fc.assert(fc.property(texts, (outputs) => {
      const own: RunOutput[] = outputs.map((o) => ({ stdout: Buffer.from(o), stderr: Buffer.from(`e ${o.length}\n`), exitCode: 0, signal: 0 }));
      const out = Buffer.concat(own.map((x) => x.stdout));
      const err = Buffer.concat(own.map((x) => x.stderr));
      let a = 0;
      let b = 0;
      const ranged = own.map((x) => {
        const rec = { exitCode: 0, signal: 0, streams: { stdout: out, stderr: err }, stdoutStart: a, stdoutEnd: a + x.stdout.length,
          stderrStart: b, stderrEnd: b + x.stderr.length, stdout: Buffer.alloc(0), stderr: Buffer.alloc(0) };
        a += x.stdout.length;
        b += x.stderr.length;
        return rec;
      });
      const expected = aggregateEnsemble({ runs: own, precision: 2, encode: probe });
      expect(aggregateEnsemble({ runs: ranged, precision: 2, encode: probe })).toEqual(expected);
    }), { numRuns: 200 });
  });
});
