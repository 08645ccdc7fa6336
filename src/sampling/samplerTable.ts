import type { Distribution } from '../dist/Distribution.js';
import { binDensity } from '../dist/binDensity.js';
import { binTable, type DrawTable, particleTable } from './DrawTable.js';
import type { SamplingMode } from './SamplingMode.js';

/** Binning options of density mode, passed to binDensity (the plot's binning). */
export interface DensityBinning {
  /** Most deltas binned before a TTR reduction (an integer >= 2; absent: binDensity's default). */
  resolution?: number;
  fullResolution?: boolean;
}

// Tables are immutable, so samplers of one Distribution object share them: resuming many
// tokens on one value builds its table once.
const cache = new WeakMap<Distribution, Map<string, DrawTable>>();

/** The draw table of a mode; density mode bins exactly as the plot does. */
export function samplerTable(dist: Distribution, mode: SamplingMode, binning: DensityBinning): DrawTable {
  const key = `${mode} ${binning.resolution ?? 0} ${binning.fullResolution === true}`;
  let tables = cache.get(dist);
  const cached = tables?.get(key);
  if (cached !== undefined) return cached;
  const table = mode === 'particles' ? particleTable(dist) : binTable(dist, binDensity(dist, binning));
  if (tables === undefined) cache.set(dist, (tables = new Map()));
  tables.set(key, table);
  return table;
}
