import type { Tier } from '../store/tiers.js';

/** Per-tier limits. `requestsPerWindow: null` means no request quota. */
export interface TierLimits {
  requestsPerWindow: number | null;
  customCores: number;
  repositories: number;
  maxPrecision: number;
  /** Bytes. */
  maxMemorySize: number;
}

export interface ServerConfig {
  host: string;
  port: number;
  dataDir: string;
  /** Base of presigned links; when unset, links use the address the request came to. */
  publicBaseUrl: string | undefined;
  /** Largest accepted request body, in bytes. */
  bodyLimit: number;
  /** Largest `count` of one samples call. */
  maxSamples: number;
  /** Page size of list endpoints. */
  pageSize: number;
  /** Lifetime of presigned links, in seconds. */
  linkExpiresIn: number;
  /** Length of the request-quota window, in seconds. */
  quotaWindow: number;
  tiers: Record<Tier, TierLimits>;
  /** pino level: 'silent', 'error', 'warn', 'info', 'debug'. */
  logLevel: string;
  /** Builds and tasks the in-process worker pool runs at once (0: no workers in this process). */
  workers: number;
  /** Ensemble size of every tracking-core task (0: by the core's Precision). */
  ensembleRuns: number;
  /** 'bwrap' sandboxes programs with bubblewrap; 'none' is the operator's explicit opt-out. */
  sandbox: 'bwrap' | 'none';
  /** Largest `Code` of a source build, in bytes. */
  maxCodeBytes: number;
  /** Wall-time limit of one task, in milliseconds. */
  taskWallTimeMs: number;
}

const MiB = 1024 * 1024;

export function defaultConfig(): ServerConfig {
  return {
    host: '127.0.0.1',
    port: 8080,
    dataDir: './data',
    publicBaseUrl: undefined,
    bodyLimit: 4 * MiB,
    maxSamples: 10_000,
    pageSize: 25,
    linkExpiresIn: 3600,
    quotaWindow: 60,
    tiers: {
      'Free': { requestsPerWindow: 20, customCores: 1, repositories: 1, maxPrecision: 64, maxMemorySize: 256 * MiB },
      'Developer': { requestsPerWindow: 60, customCores: 5, repositories: 5, maxPrecision: 256, maxMemorySize: 1024 * MiB },
      'Developer+API': { requestsPerWindow: null, customCores: 50, repositories: 50, maxPrecision: 512, maxMemorySize: 4096 * MiB },
      'Enterprise': { requestsPerWindow: null, customCores: 1000, repositories: 1000, maxPrecision: 100_000, maxMemorySize: 65536 * MiB },
    },
    logLevel: 'info',
    workers: 1,
    ensembleRuns: 0,
    sandbox: 'bwrap',
    maxCodeBytes: 1024 * 1024,
    taskWallTimeMs: 300_000,
  };
}
