import { EngineInputError } from '../errors.js';

/** The parts of a Core the executor reads. */
export interface CoreSpec {
  Microarchitecture: string;
  Precision: number;
  MemorySize: number;
}

/** How a core runs a program: once plainly, or as an ensemble of `runs`. */
export interface EnsemblePlan {
  mode: 'bypass' | 'ensemble';
  runs: number;
  /** Reference cores record samples per value (ValueIDs) instead of printing Ux values. */
  reference: boolean;
}

const TRACKING = new Set(['Athens', 'Zurich', 'Atlas', 'Jupiter']);

/**
 * Bypass: one plain run. Athens, Zurich, Atlas, Jupiter: R = max(1024, 32 x Precision)
 * unless `runs` is given. Reference: R = Precision (the platform's quality level is the
 * number of re-executions) unless `runs` is given.
 */
export function ensemblePlan(core: CoreSpec, runs?: number): EnsemblePlan {
  if (runs !== undefined && !(Number.isInteger(runs) && runs >= 1 && runs <= 1_000_000)) {
    throw new EngineInputError('UXK_ERR_RUNS', `runs must be an integer from 1 to 1000000, got ${runs}`);
  }
  if (!(Number.isInteger(core.Precision) && core.Precision >= 1)) {
    throw new EngineInputError('UXK_ERR_PRECISION', `core Precision must be a positive integer, got ${core.Precision}`);
  }
  const arch = core.Microarchitecture;
  if (arch === 'Bypass') return { mode: 'bypass', runs: 1, reference: false };
  if (arch === 'Reference') return { mode: 'ensemble', runs: runs ?? core.Precision, reference: true };
  if (TRACKING.has(arch)) return { mode: 'ensemble', runs: runs ?? Math.max(1024, 32 * core.Precision), reference: false };
  throw new EngineInputError('UXK_ERR_MICROARCHITECTURE', `unknown Microarchitecture ${JSON.stringify(arch)}`);
}
