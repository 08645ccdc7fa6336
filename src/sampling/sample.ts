import type { Distribution } from '../dist/Distribution.js';
import { createSampler, type SamplerOptions } from './createSampler.js';

/** `count` draws from the start of the stream of (dist, seed, mode): createSampler + next. */
export function sample(dist: Distribution, count: number, options: SamplerOptions = {}): Float64Array {
  return createSampler(dist, options).next(count);
}
