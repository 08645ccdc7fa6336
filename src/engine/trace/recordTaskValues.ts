import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TraceVariable } from '../../store/builds.js';
import type { Store } from '../../store/Store.js';
import { type NewTaskValue, taskValuesRef, ValueStore } from '../../store/values.js';
import { writeValueStore } from '../../trace/writeValueStore.js';
import { tracePointsOf } from './instrumentSources.js';
import { readTraceFile } from './readTraceFile.js';
import { newValueId, type OutputValue } from './referenceEncoder.js';

function mean(x: Float64Array): number {
  let s = 0;
  for (let i = 0; i < x.length; i++) s += x[i]!;
  return x.length === 0 ? NaN : s / x.length;
}

/**
 * Stores a finished Reference-core task's values: its varying output numbers (already
 * printed with their ValueIDs) and its traced expressions (read from the runtime's
 * runs.trace in `outDir`), as one value store file plus one row each. Returns the text to
 * append to the task's stderr: one line per traced value with its ValueID.
 */
export async function recordTaskValues(
  store: Store, taskId: string, outputs: readonly OutputValue[], traces: readonly TraceVariable[], outDir: string,
): Promise<string> {
  const points = tracePointsOf(traces);
  const forked = existsSync(join(outDir, 'runs.index'));
  const traced = points.length === 0 ? [] : readTraceFile(join(outDir, 'runs.trace'), points.length, forked);
  const rows: NewTaskValue[] = [];
  const arrays: Float64Array[] = [];
  for (const o of outputs) {
    rows.push({ ValueID: o.valueId, Source: 'output', File: null, LineNumber: null, Expression: null,
      SampleCount: o.samples.length, slot: arrays.length, mean: mean(o.samples) });
    arrays.push(o.samples);
  }
  let note = '';
  for (const p of points) {
    const samples = traced[p.id]!;
    const valueId = newValueId();
    const m = mean(samples);
    rows.push({ ValueID: valueId, Source: 'trace', File: p.File, LineNumber: p.LineNumber, Expression: p.Expression,
      SampleCount: samples.length, slot: arrays.length, mean: m });
    arrays.push(samples);
    note += `uxkit: traced ${p.File}:${p.LineNumber} ${p.Expression} = ${m}<ValueID>${valueId}</ValueID> (${samples.length} samples)\n`;
  }
  if (rows.length === 0) return '';
  await writeValueStore(store.blobs.path(taskValuesRef(taskId)), arrays);
  store.module(ValueStore).record(taskId, rows);
  return note;
}
