/** Each column's own share and the outcome that fills the rest of it. */
export interface VoseColumns {
  kept: Float64Array;
  alias: Uint32Array;
}

/**
 * Vose's pairing ("A linear algorithm for generating random numbers with a given
 * distribution", IEEE TSE 1991) over columns whose `amounts` average `capacity`: afterwards
 * column i holds kept[i] of its own outcome and capacity - kept[i] of alias[i]'s. Columns
 * left over at the end (by rounding, when the amounts are floats) keep their whole capacity.
 * `amounts` is used as scratch.
 */
export function voseSplit(amounts: Float64Array, capacity: number): VoseColumns {
  const n = amounts.length;
  const kept = new Float64Array(n);
  const alias = new Uint32Array(n);
  const small = new Uint32Array(n);
  const large = new Uint32Array(n);
  let ns = 0;
  let nl = 0;
  for (let i = 0; i < n; i++) {
    if (amounts[i]! < capacity) small[ns++] = i;
    else large[nl++] = i;
  }
  while (ns > 0 && nl > 0) {
    const s = small[--ns]!;
    const l = large[nl - 1]!;
    kept[s] = amounts[s]!;
    alias[s] = l;
    // The large column gives capacity - amounts[s]; grouped this way floats lose less
    // precision (integer units below 2^52 stay exact either way).
    const rest = amounts[l]! + amounts[s]! - capacity;
    amounts[l] = rest;
    if (rest < capacity) {
      nl--;
      small[ns++] = l;
    }
  }
  while (nl > 0) {
    const l = large[--nl]!;
    kept[l] = capacity;
    alias[l] = l;
  }
  while (ns > 0) {
    const s = small[--ns]!;
    kept[s] = capacity;
    alias[s] = s;
  }
  return { kept, alias };
}
