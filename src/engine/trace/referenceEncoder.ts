import { randomBytes } from 'node:crypto';
import type { SlotEncoder } from '../aggregate/aggregateStream.js';

/** A varying output number of a Reference-core task: its ValueID and one sample per run. */
export interface OutputValue {
  valueId: string;
  samples: Float64Array;
}

/** `val_` + 32 hex characters from the CSPRNG: opaque, unique per task (and in practice overall). */
export function newValueId(): string {
  return `val_${randomBytes(16).toString('hex')}`;
}

export const VALUE_ID = /^val_[0-9a-f]{32}$/;

/**
 * The SlotEncoder of Reference cores: each varying slot is printed as
 * `<particle><ValueID>ID</ValueID>` and its samples are kept, in the order the aggregation
 * met them (stdout first, then stderr), for the task's value store.
 */
export function referenceEncoder(makeId: () => string = newValueId): { encode: SlotEncoder; values: OutputValue[] } {
  const values: OutputValue[] = [];
  const encode: SlotEncoder = (samples, particleText) => {
    const valueId = makeId();
    values.push({ valueId, samples: samples.slice() });
    return `${particleText}<ValueID>${valueId}</ValueID>`;
  };
  return { encode, values };
}
