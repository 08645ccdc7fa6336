import { timingSafeEqual } from 'node:crypto';
import type { Distribution } from '../dist/Distribution.js';
import { distributionDigest } from './distributionDigest.js';
import { Sampler } from './Sampler.js';
import { TokenError } from './SamplingError.js';
import { checkMode, type SamplingMode } from './SamplingMode.js';
import { type DensityBinning, samplerTable } from './samplerTable.js';
import { decodeToken, secretKey } from './tokenCodec.js';

export interface ResumeOptions {
  /** The secret the token was signed with; when given, unsigned tokens are refused. */
  secret?: string | Uint8Array;
  /** When given, a token of the other mode is refused. */
  mode?: SamplingMode;
}

/**
 * Continues the stream exactly where `token` was taken. Costs O(size of dist), never
 * O(position): the token holds the generator state itself.
 */
export function resumeSampler(dist: Distribution, token: string, options: ResumeOptions = {}): Sampler {
  const key = options.secret === undefined ? undefined : secretKey(options.secret);
  const expectedMode = options.mode === undefined ? undefined : checkMode(options.mode);
  const fields = decodeToken(token, key);
  if (!timingSafeEqual(fields.digest, distributionDigest(dist))) {
    throw new TokenError('wrong-distribution', 'continuation token was taken on another distribution');
  }
  if (expectedMode !== undefined && fields.mode !== expectedMode) {
    throw new TokenError('wrong-mode', `continuation token is for mode ${fields.mode}, not ${expectedMode}`);
  }
  const binning: DensityBinning = { fullResolution: fields.fullResolution };
  if (fields.resolution > 0) binning.resolution = fields.resolution;
  return new Sampler(samplerTable(dist, fields.mode, binning), fields, key);
}
