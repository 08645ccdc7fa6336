import { quantizeMasses, UNITS } from './quantizeMasses.js';

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

/** Vose's alias construction in exact integer arithmetic over quantizeMasses(weights). */
export function unitAliasTable(weights: ArrayLike<number>): UnitAliasTable {
  const n = weights.length;
  let shift = 1;
  while (2 ** shift < n) shift++;
  const columns = 2 ** shift;
  const capacity = UNITS / columns;
  const units = new Float64Array(columns);
  units.set(quantizeMasses(weights));
  const lastKept = new Int32Array(columns);
  const alias = new Uint32Array(columns);
  const small = new Uint32Array(columns);
  const large = new Uint32Array(columns);
  let ns = 0;
  let nl = 0;
  for (let i = 0; i < columns; i++) {
    if (units[i]! < capacity) small[ns++] = i;
    else large[nl++] = i;
  }
  while (ns > 0 && nl > 0) {
    const s = small[--ns]!;
    const l = large[nl - 1]!;
    lastKept[s] = units[s]! - 1;
    alias[s] = l;
    const rest = units[l]! - (capacity - units[s]!);
    units[l] = rest;
    if (rest < capacity) {
      nl--;
      small[ns++] = l;
    }
  }
  // Units sum to columns * capacity exactly, so whatever is left holds exactly `capacity`.
  while (nl > 0) {
    const l = large[--nl]!;
    lastKept[l] = capacity - 1;
    alias[l] = l;
  }
  while (ns > 0) {
    const s = small[--ns]!;
    lastKept[s] = capacity - 1;
    alias[s] = s;
  }
  return { columns, shift, lastKept, alias };
}
