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

/** The draw table of a mode; density mode bins exactly as the plot does. */
export function samplerTable(dist: Distribution, mode: SamplingMode, binning: DensityBinning): DrawTable {
  if (mode === 'particles') return particleTable(dist);
  return binTable(dist, binDensity(dist, binning));
}
