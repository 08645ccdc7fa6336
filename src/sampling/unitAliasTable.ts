import { quantizeMasses, UNITS } from './quantizeMasses.js';
import { voseSplit } from './voseSplit.js';

/**
 * An alias table in integer units, for draws from one 32-bit generator output: `columns` is a
 * power of two (at least 2), so the low `shift` bits of the output pick column i exactly
 * uniformly, and the other 32 - shift bits are a coin in [0, 2^32 / columns). Column i keeps
 * its own outcome when coin <= lastKept[i], else it gives alias[i]. Every outcome's
 * probability is then exactly its quantized mass (quantizeMasses: a multiple of 2^-32).
 */
export interface UnitAliasTable {
  columns: number;
  shift: number;
  /** Units kept minus 1 (-1: always aliased), an int32, so the kernel compares int32s. */
  lastKept: Int32Array;
  alias: Uint32Array;
}

/** Vose's alias construction (voseSplit) in exact integer arithmetic over quantizeMasses(weights). */
export function unitAliasTable(weights: ArrayLike<number>): UnitAliasTable {
  const n = weights.length;
  let shift = 1;
  while (2 ** shift < n) shift++;
  const columns = 2 ** shift;
  const units = new Float64Array(columns);
  units.set(quantizeMasses(weights));
  // Units sum to exactly columns * capacity: no column is left over short of its capacity.
  const { kept, alias } = voseSplit(units, UNITS / columns);
  const lastKept = new Int32Array(columns);
  for (let i = 0; i < columns; i++) lastKept[i] = kept[i]! - 1;
  return { columns, shift, lastKept, alias };
}
