import type { Distribution } from '../dist/Distribution.js';
import { distributionDigest } from './distributionDigest.js';
import { Sampler } from './Sampler.js';
import { SamplingError } from './SamplingError.js';
import { checkMode, type SamplingMode } from './SamplingMode.js';
import { type DensityBinning, samplerTable } from './samplerTable.js';
import { resolveSeed, type Seed, seedState } from './seedState.js';
import { secretKey } from './tokenCodec.js';

export interface SamplerOptions extends DensityBinning {
  /** Integer or string; absent: a random seed, which the sampler's tokens carry. */
  seed?: Seed;
  /** Default 'density'. */
  mode?: SamplingMode;
  /** Makes tokens tamper-evident (HMAC-SHA256); resuming then needs the same secret. */
  secret?: string | Uint8Array;
}

function checkResolution(resolution: unknown): number {
  if (resolution === undefined) return 0;
  if (typeof resolution !== 'number' || !Number.isInteger(resolution) || resolution < 2 || resolution > 0xffffffff) {
    throw new SamplingError('bad-resolution', `resolution must be an integer from 2 to 2^32 - 1, not ${String(resolution)}`);
  }
  return resolution;
}

/** A sampler at the start of the stream that (dist, seed, mode) define. */
export function createSampler(dist: Distribution, options: SamplerOptions = {}): Sampler {
  const mode = checkMode(options.mode ?? 'density');
  const seed = resolveSeed(options.seed);
  const key = options.secret === undefined ? undefined : secretKey(options.secret);
  const resolution = checkResolution(options.resolution);
  const fullResolution = options.fullResolution === true;
  const binning: DensityBinning = { fullResolution };
  if (resolution > 0) binning.resolution = resolution;
  const table = samplerTable(dist, mode, binning);
  const fields = { mode, seed, state: seedState(seed), position: 0, digest: distributionDigest(dist), resolution, fullResolution };
  return new Sampler(table, fields, key);
}
