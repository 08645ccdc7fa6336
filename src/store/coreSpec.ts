/** The values a core's fields may take (reference.md section 2) and the rules between them. */
export const CORE_CLASSES = ['C0', 'C0Pro', 'C0-microSD', 'C0-microSD-plus'] as const;
export const MICROARCHITECTURES = ['Athens', 'Zurich', 'Atlas', 'Jupiter', 'Bypass', 'Reference'] as const;
export const CORRELATION_TRACKING = ['Disable', 'Autocorrelation'] as const;

/** Upper bounds that hold for every tier; tiers may allow less (config). */
export const MAX_PRECISION = 100_000;
export const MIN_MEMORY_SIZE = 65536;
export const MAX_MEMORY_SIZE = 2 ** 40;

export interface CoreSpec {
  Name: string;
  Class: (typeof CORE_CLASSES)[number];
  Microarchitecture: (typeof MICROARCHITECTURES)[number];
  CorrelationTracking: (typeof CORRELATION_TRACKING)[number];
  /** Bytes. */
  MemorySize: number;
  /** Dirac deltas per value on tracking cores; re-executions on Reference cores. */
  Precision: number;
}

export interface Core extends CoreSpec {
  Object: 'Core';
  CoreID: string;
  Owner: string;
  CreatedAt: number;
  UpdatedAt: number;
}

/** Microarchitectures whose values are TTRs, whose size is a power of two. */
const TTR_CORES = new Set<string>(['Athens', 'Zurich', 'Atlas', 'Jupiter']);

/**
 * Rules the field types cannot express. Returns a message naming the field, or undefined
 * when the spec is consistent.
 */
export function coreSpecProblem(spec: CoreSpec): string | undefined {
  if (spec.Name.trim() === '') return 'Name must not be blank';
  if (TTR_CORES.has(spec.Microarchitecture) && (spec.Precision & (spec.Precision - 1)) !== 0) {
    return `Precision must be a power of two on ${spec.Microarchitecture} cores (got ${spec.Precision})`;
  }
  if (spec.Microarchitecture === 'Bypass' && spec.CorrelationTracking !== 'Disable') {
    return 'CorrelationTracking must be Disable on Bypass cores (they track no uncertainty)';
  }
  return undefined;
}
