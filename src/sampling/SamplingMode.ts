import { SamplingError } from './SamplingError.js';

/** `density`: the plot's piecewise-uniform density; `particles`: the deltas themselves. */
export type SamplingMode = 'density' | 'particles';

/** Checks a mode given at run time (from a CLI flag, a query string, untyped JS). */
export function checkMode(mode: unknown): SamplingMode {
  if (mode === 'density' || mode === 'particles') return mode;
  throw new SamplingError('bad-mode', `mode must be 'density' or 'particles', not ${JSON.stringify(mode)}`);
}
