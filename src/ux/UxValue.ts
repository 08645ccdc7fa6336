/** One decoded Ux value: the exact fields of the wire format, nothing derived away. */
export interface UxValue {
  /** Representation type byte (0x04 for TTRs emitted by tracking cores); kept verbatim. */
  type: number;
  /** The particle (the value's point estimate) as a number. */
  particle: number;
  /** The particle exactly as printed, so that the value re-encodes byte for byte. */
  particleText: string;
  /** Sample-count header field (uint64). */
  sampleCount: bigint;
  /** Mean header field (float64). */
  headerMean: number;
  /** Dirac delta positions, in the order of the encoding. May hold NaN and +-Infinity. */
  positions: Float64Array;
  /** Fixed-point masses as encoded: 2^63 is probability 1. */
  rawMasses: BigUint64Array;
  /** rawMasses / 2^63 as float64. */
  masses: Float64Array;
  /** 'single' when the positions were encoded as float32. */
  positionPrecision: 'double' | 'single';
  /**
   * Case of the hex digits read by parseUx, so that formatUx re-emits them byte for byte.
   * Missing means 'upper'. 'mixed' is re-encoded as read through `hexCaseMask`.
   */
  hexCase?: 'upper' | 'lower' | 'mixed';
  /**
   * Set by parseUx for 'mixed' hex only: bit i (byte i >> 3, bit i & 7) is set when hex digit i
   * was a lower-case letter. formatUx applies it while the hex length still fits the mask
   * (ceil(digits / 8) bytes); a value whose size changed is written in upper case.
   */
  hexCaseMask?: Uint8Array;
  /** Whether the binary form carried the `F0 00 00` marker (set by parseUxBytes). */
  marker?: boolean;
}
