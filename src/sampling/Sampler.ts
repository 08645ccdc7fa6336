import { drawIntervals, drawPoints } from './drawKernels.js';
import type { DrawTable } from './DrawTable.js';
import { SamplingError } from './SamplingError.js';
import type { SamplingMode } from './SamplingMode.js';
import type { Seed } from './seedState.js';
import { encodeToken, type TokenFields } from './tokenCodec.js';

/** Largest batch one call returns (a Float64Array of 2^31 - 1 doubles is 16 GiB already). */
export const MAX_BATCH = 2 ** 31 - 1;

/** A draw count: an integer from 0 to MAX_BATCH, else SamplingError 'bad-count'. */
export function checkCount(count: unknown, what: string): number {
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0 || count > MAX_BATCH) {
    throw new SamplingError('bad-count', `${what} must be an integer from 0 to ${MAX_BATCH}, not ${String(count)}`);
  }
  return count;
}

/**
 * A reproducible stream of draws from one distribution. Batches are invisible: any split of
 * the stream into next()/nextInto() calls, and through tokens, gives the same numbers.
 * Build one with createSampler or resumeSampler.
 */
export class Sampler {
  readonly seed: Seed;
  readonly mode: SamplingMode;
  readonly #table: DrawTable;
  readonly #state: Int32Array;
  readonly #fields: Omit<TokenFields, 'state' | 'position'>;
  readonly #key: Uint8Array | undefined;
  #position: number;

  /** @internal Use createSampler / resumeSampler. */
  constructor(table: DrawTable, fields: TokenFields, key: Uint8Array | undefined) {
    this.seed = fields.seed;
    this.mode = fields.mode;
    this.#table = table;
    this.#state = Int32Array.from(fields.state);
    this.#position = fields.position;
    this.#fields = {
      mode: fields.mode,
      seed: fields.seed,
      digest: fields.digest,
      resolution: fields.resolution,
      fullResolution: fields.fullResolution,
    };
    this.#key = key;
  }

  /** Draws taken so far (including those before the token this sampler resumed). */
  get position(): number {
    return this.#position;
  }

  /** The next `count` draws, in a new array. */
  next(count: number): Float64Array {
    const out = new Float64Array(checkCount(count, 'count'));
    this.nextInto(out, 0, count);
    return out;
  }

  /** Writes the next `count` draws into out[offset .. offset + count), allocating nothing. */
  nextInto(out: Float64Array, offset = 0, count: number = out.length - offset): void {
    if (!(out instanceof Float64Array)) throw new SamplingError('bad-range', 'nextInto needs a Float64Array');
    if (!Number.isInteger(offset) || offset < 0 || offset > out.length) {
      throw new SamplingError('bad-range', `offset ${offset} is outside the output array of length ${out.length}`);
    }
    checkCount(count, 'count');
    if (offset + count > out.length) {
      throw new SamplingError('bad-range', `${count} draws from offset ${offset} overrun the output array of length ${out.length}`);
    }
    if (this.#position + count > Number.MAX_SAFE_INTEGER) {
      throw new SamplingError('bad-count', 'the stream position would pass 2^53 - 1');
    }
    if (this.mode === 'particles') drawPoints(this.#table, this.#state, out, offset, count);
    else drawIntervals(this.#table, this.#state, out, offset, count);
    this.#position += count;
  }

  /** An opaque, URL-safe token that resumeSampler turns back into this stream, here. */
  token(): string {
    return encodeToken({ ...this.#fields, state: this.#state, position: this.#position }, this.#key);
  }
}
