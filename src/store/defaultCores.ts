import { createHash } from 'node:crypto';
import type { Core, CoreSpec } from './coreSpec.js';

/** Owner of the default cores: a fixed system account shared by every install. */
export const SYSTEM_USER_ID = `usr_${'0'.repeat(32)}`;

/** 2025-01-01T00:00:00Z: the fixed creation time of the default cores. */
const DEFAULT_CORES_CREATED_AT = 1735689600;
const MiB = 1024 * 1024;

/** Stable across installs: derived from the core's name, not from a random source. */
function defaultCoreId(name: string): string {
  return `cor_${createHash('sha256').update(`uxkit default core ${name}`).digest('hex').slice(0, 32)}`;
}

function core(spec: CoreSpec): Core {
  return {
    Object: 'Core',
    CoreID: defaultCoreId(spec.Name),
    Owner: SYSTEM_USER_ID,
    CreatedAt: DEFAULT_CORES_CREATED_AT,
    UpdatedAt: DEFAULT_CORES_CREATED_AT,
    ...spec,
  };
}

const athens: [string, number, number][] = [['XS', 32, 256], ['S', 64, 256], ['M', 128, 512], ['L', 256, 512], ['XL', 512, 1024]];

/** The published default configurations (reference.md section 2), lowest precision first. */
export const DEFAULT_CORES: readonly Core[] = Object.freeze([
  ...athens.flatMap(([size, precision, mib]) => [
    core({ Name: `C0-${size}`, Class: 'C0', Microarchitecture: 'Athens', CorrelationTracking: 'Disable', MemorySize: mib * MiB, Precision: precision }),
    core({ Name: `C0-${size}+`, Class: 'C0', Microarchitecture: 'Athens', CorrelationTracking: 'Autocorrelation', MemorySize: mib * MiB, Precision: precision }),
  ]),
  core({ Name: 'C0-Bypass', Class: 'C0', Microarchitecture: 'Bypass', CorrelationTracking: 'Disable', MemorySize: 512 * MiB, Precision: 1 }),
  core({ Name: 'C0-Reference', Class: 'C0', Microarchitecture: 'Reference', CorrelationTracking: 'Disable', MemorySize: 512 * MiB, Precision: 32 }),
  core({ Name: 'C0-microSD', Class: 'C0-microSD', Microarchitecture: 'Athens', CorrelationTracking: 'Disable', MemorySize: 16 * MiB, Precision: 32 }),
].map((c) => Object.freeze(c)));

const byId = new Map(DEFAULT_CORES.map((c) => [c.CoreID, c]));

export function defaultCore(coreId: string): Core | undefined {
  return byId.get(coreId);
}

/** The core builds use when none is named: the lowest-precision Athens C0 core (C0-XS). */
export const DEFAULT_BUILD_CORE: Core = DEFAULT_CORES[0]!;
