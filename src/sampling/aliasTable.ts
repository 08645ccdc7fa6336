import { voseSplit } from './voseSplit.js';

/** Vose's alias table over n columns: column i is kept with probability `keep[i]`, else `alias[i]`. */
export interface AliasTable {
  keep: Float64Array;
  alias: Uint32Array;
}

/**
 * Builds an alias table from non-negative weights with a positive finite sum (voseSplit over
 * the weights scaled so that the mean column holds exactly 1). Columns left over by rounding
 * get keep = 1, so the table is always complete.
 */
export function aliasTable(weights: ArrayLike<number>): AliasTable {
  const n = weights.length;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += weights[i]!;
  const scaled = new Float64Array(n);
  for (let i = 0; i < n; i++) scaled[i] = (weights[i]! / sum) * n;
  const { kept, alias } = voseSplit(scaled, 1);
  return { keep: kept, alias };
}
