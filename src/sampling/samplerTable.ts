import type { Distribution } from '../dist/Distribution.js';
import { type DrawTable, particleTable } from './DrawTable.js';
import { SamplingError } from './SamplingError.js';
import type { SamplingMode } from './SamplingMode.js';

/** Binning options of density mode, passed to binDensity (the plot's binning). */
export interface DensityBinning {
  /** Number of bins (0 or absent: binDensity's default). */
  resolution?: number;
  fullResolution?: boolean;
}

/** The draw table of a mode; density mode bins exactly as the plot does. */
export function samplerTable(dist: Distribution, mode: SamplingMode, binning: DensityBinning): DrawTable {
  if (mode === 'particles') return particleTable(dist);
  void binning;
  throw new SamplingError('bad-mode', 'density mode is not available yet; use mode particles');
}
