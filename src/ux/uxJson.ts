import { formatParticle } from './formatParticle.js';
import { parseParticle } from './parseParticle.js';
import { UxFormatError } from './UxFormatError.js';
import type { UxValue } from './UxValue.js';
import { massSumError } from './massSumError.js';
import { MASS_SCALE } from './uxLayout.js';

/** A UxValue as JSON: uint64 fields as decimal strings, non-finite numbers as strings. */
export interface UxJson {
  type: number;
  particle: number | string;
  particleText: string;
  sampleCount: string;
  headerMean: number | string;
  positions: (number | string)[];
  rawMasses: string[];
  masses: (number | string)[];
  /** massSumError as a decimal string ('0' for a valid value); derived, ignored by uxFromJson. */
  massSumError: string;
  positionPrecision: 'double' | 'single';
  hexCase?: 'upper' | 'lower' | 'mixed';
  /** hexCaseMask as lower-case hex, two digits per mask byte (mixed-case values only). */
  hexCaseMask?: string;
  marker?: boolean;
}

const bits = new DataView(new ArrayBuffer(8));
const CANONICAL_NAN = 0x7ff8000000000000n;
const NEGATIVE_NAN = 0xfff8000000000000n;

/**
 * A number for JSON: finite numbers as is (but -0 as "-0", which JSON would print as 0), else
 * "Infinity", "-Infinity", "NaN"; C's `-nan`
 * (sign bit set) is "-NaN" and any other NaN payload "NaN:0x<16 hex digits>", so the bits
 * survive a trip through JSON.
 */
export function jsonNumber(x: number): number | string {
  if (x === 0 && 1 / x < 0) return '-0';
  if (Number.isFinite(x)) return x;
  if (x === x) return String(x);
  bits.setFloat64(0, x);
  const raw = bits.getBigUint64(0);
  if (raw === CANONICAL_NAN) return 'NaN';
  if (raw === NEGATIVE_NAN) return '-NaN';
  return `NaN:0x${raw.toString(16).padStart(16, '0')}`;
}

/** The inverse of jsonNumber; `where` names the field in errors. */
export function numberFromJson(v: unknown, where: string): number {
  if (typeof v === 'number') return v;
  if (v === 'NaN') return NaN;
  if (v === 'Infinity') return Infinity;
  if (v === '-Infinity') return -Infinity;
  if (v === '-0') return -0;
  if (v === '-NaN') return nanWithBits(NEGATIVE_NAN);
  if (typeof v === 'string' && /^NaN:0x[0-9a-f]{16}$/.test(v)) {
    const raw = BigInt(v.slice(4));
    if ((raw & 0x7ff0000000000000n) === 0x7ff0000000000000n && (raw & 0xfffffffffffffn) !== 0n) return nanWithBits(raw);
  }
  throw new UxFormatError('bad-json', 0, `${where} must be a number or "NaN", "-NaN", "Infinity", "-Infinity", "-0", got ${JSON.stringify(v)}`);
}

function nanWithBits(raw: bigint): number {
  bits.setBigUint64(0, raw);
  return bits.getFloat64(0);
}

/** A UxValue as JSON-ready data (see UxJson). */
export function uxToJson(value: UxValue): UxJson {
  const json: UxJson = {
    type: value.type,
    particle: jsonNumber(value.particle),
    particleText: value.particleText,
    sampleCount: value.sampleCount.toString(),
    headerMean: jsonNumber(value.headerMean),
    positions: Array.from(value.positions, jsonNumber),
    rawMasses: Array.from(value.rawMasses, (m) => m.toString()),
    masses: Array.from(value.masses, jsonNumber),
    massSumError: massSumError(value).toString(),
    positionPrecision: value.positionPrecision,
  };
  if (value.hexCase !== undefined) json.hexCase = value.hexCase;
  if (value.hexCaseMask !== undefined) json.hexCaseMask = Buffer.from(value.hexCaseMask).toString('hex');
  if (value.marker !== undefined) json.marker = value.marker;
  return json;
}

function uint(v: unknown, bitsWide: 8 | 64, where: string): bigint {
  const text = typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : v;
  if (typeof text !== 'string' || !/^\d{1,20}$/.test(text) || BigInt(text) >= 1n << BigInt(bitsWide)) {
    throw new UxFormatError('bad-json', 0, `${where} must be an unsigned ${bitsWide}-bit integer (a decimal string), got ${JSON.stringify(v)}`);
  }
  return BigInt(text);
}

/**
 * The inverse of uxToJson: checks every field and rebuilds the UxValue. The masses are
 * recomputed from rawMasses (the encoding holds only those); particle comes from particleText
 * when both are given. Errors are UxFormatError 'bad-json' naming the field.
 */
export function uxFromJson(json: unknown): UxValue {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new UxFormatError('bad-json', 0, 'a Ux value in JSON must be an object');
  }
  const j = json as Record<string, unknown>;
  if (!Array.isArray(j.positions) || !Array.isArray(j.rawMasses) || j.positions.length !== j.rawMasses.length || j.positions.length === 0) {
    throw new UxFormatError('bad-json', 0, 'positions and rawMasses must be arrays of the same, non-zero length');
  }
  const precision = j.positionPrecision ?? 'double';
  if (precision !== 'double' && precision !== 'single') {
    throw new UxFormatError('bad-json', 0, `positionPrecision must be "double" or "single", got ${JSON.stringify(precision)}`);
  }
  const hexCase = j.hexCase ?? 'upper';
  if (hexCase !== 'upper' && hexCase !== 'lower' && hexCase !== 'mixed') {
    throw new UxFormatError('bad-json', 0, `hexCase must be "upper", "lower" or "mixed", got ${JSON.stringify(hexCase)}`);
  }
  const mask = j.hexCaseMask;
  if (mask !== undefined && (hexCase !== 'mixed' || typeof mask !== 'string' || !/^(?:[0-9a-f]{2})+$/.test(mask))) {
    throw new UxFormatError('bad-json', 0, `hexCaseMask must be lower-case hex bytes and needs hexCase "mixed", got ${JSON.stringify(mask)}`);
  }
  const positions = Float64Array.from(j.positions as unknown[], (v, k) => numberFromJson(v, `positions[${k}]`));
  const rawMasses = BigUint64Array.from(j.rawMasses as unknown[], (v, k) => uint(v, 64, `rawMasses[${k}]`));
  const particleText = typeof j.particleText === 'string' ? j.particleText : undefined;
  // An empty particleText is the bare `Ux<hex>` form: its particle is only in `particle`.
  const particle = particleText ? parseParticle(particleText) : numberFromJson(j.particle, 'particle');
  const value: UxValue = {
    type: Number(uint(j.type ?? 4, 8, 'type')),
    particle,
    particleText: particleText ?? formatParticle(particle),
    sampleCount: uint(j.sampleCount ?? '0', 64, 'sampleCount'),
    headerMean: numberFromJson(j.headerMean, 'headerMean'),
    positions,
    rawMasses,
    masses: Float64Array.from(rawMasses, (m) => Number(m) * MASS_SCALE),
    positionPrecision: precision,
    hexCase,
  };
  if (typeof mask === 'string') value.hexCaseMask = Uint8Array.from(Buffer.from(mask, 'hex'));
  if (typeof j.marker === 'boolean') value.marker = j.marker;
  return value;
}
