/** Vose's alias table over n columns: column i is kept with probability `keep[i]`, else `alias[i]`. */
export interface AliasTable {
  keep: Float64Array;
  alias: Uint32Array;
}

/**
 * Builds an alias table from non-negative weights with a positive finite sum (Vose, "A linear
 * algorithm for generating random numbers with a given distribution", IEEE TSE 1991).
 * Columns left over by rounding get keep = 1, so the table is always complete.
 */
export function aliasTable(weights: ArrayLike<number>): AliasTable {
  const n = weights.length;
  const keep = new Float64Array(n);
  const alias = new Uint32Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) sum += weights[i]!;
  // Scaled so that the mean column holds exactly 1.
  const scaled = new Float64Array(n);
  const small = new Uint32Array(n);
  const large = new Uint32Array(n);
  let ns = 0;
  let nl = 0;
  for (let i = 0; i < n; i++) {
    const p = (weights[i]! / sum) * n;
    scaled[i] = p;
    if (p < 1) small[ns++] = i;
    else large[nl++] = i;
  }
  while (ns > 0 && nl > 0) {
    const s = small[--ns]!;
    const l = large[nl - 1]!;
    keep[s] = scaled[s]!;
    alias[s] = l;
    // Subtracting (1 - p_s) from the large column; grouped this way to lose less precision.
    const rest = scaled[l]! + scaled[s]! - 1;
    scaled[l] = rest;
    if (rest < 1) {
      nl--;
      small[ns++] = l;
    }
  }
  while (nl > 0) {
    const l = large[--nl]!;
    keep[l] = 1;
    alias[l] = l;
  }
  while (ns > 0) {
    const s = small[--ns]!;
    keep[s] = 1;
    alias[s] = s;
  }
  return { keep, alias };
}
