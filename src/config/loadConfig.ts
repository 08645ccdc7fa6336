import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UxkitError } from '../errors.js';
import { isTier } from '../store/tiers.js';
import { defaultConfig, type ServerConfig, type TierLimits } from './ServerConfig.js';

/** A configuration value that cannot be used; the message names where it came from. */
export class ConfigError extends UxkitError {}

/** Settings given on the command line; undefined means "not given". */
export interface ConfigFlags {
  host?: string | undefined;
  port?: string | undefined;
  data?: string | undefined;
  config?: string | undefined;
  publicUrl?: string | undefined;
  logLevel?: string | undefined;
  workers?: string | undefined;
}

/**
 * Layers, lowest first: defaults, the config file (--config, UXKIT_CONFIG, or
 * <data>/config.json when present), environment (UXKIT_HOST, UXKIT_PORT, UXKIT_DATA,
 * UXKIT_PUBLIC_URL, UXKIT_LOG_LEVEL, UXKIT_WORKERS), flags.
 */
export function loadConfig(flags: ConfigFlags = {}, env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const config = defaultConfig();
  const dataDir = flags.data ?? env.UXKIT_DATA ?? config.dataDir;
  const file = flags.config ?? env.UXKIT_CONFIG ?? (existsSync(join(dataDir, 'config.json')) ? join(dataDir, 'config.json') : undefined);
  if (file !== undefined) applyFile(config, file);
  const pick = (flag: string | undefined, name: string): string | undefined => flag ?? env[name];
  config.dataDir = dataDir;
  config.host = pick(flags.host, 'UXKIT_HOST') ?? config.host;
  const port = pick(flags.port, 'UXKIT_PORT');
  if (port !== undefined) config.port = integer(port, 'port', 0, 65535);
  config.publicBaseUrl = pick(flags.publicUrl, 'UXKIT_PUBLIC_URL') ?? config.publicBaseUrl;
  config.logLevel = pick(flags.logLevel, 'UXKIT_LOG_LEVEL') ?? config.logLevel;
  const workers = pick(flags.workers, 'UXKIT_WORKERS');
  if (workers !== undefined) config.workers = integer(workers, 'workers', 0, 64);
  if (config.publicBaseUrl !== undefined) config.publicBaseUrl = baseUrl(config.publicBaseUrl);
  return config;
}

function applyFile(config: ServerConfig, file: string): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigError('UXK_ERR_CONFIG', `cannot read config file ${file}: ${(error as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null) throw new ConfigError('UXK_ERR_CONFIG', `${file}: expected a JSON object`);
  const { tiers, ...rest } = parsed as Record<string, unknown>;
  for (const [key, value] of Object.entries(rest)) {
    if (!(key in config) || key === 'tiers') throw new ConfigError('UXK_ERR_CONFIG', `${file}: unknown setting '${key}'`);
    const current = (config as unknown as Record<string, unknown>)[key];
    if (current !== undefined && typeof value !== typeof current) {
      throw new ConfigError('UXK_ERR_CONFIG', `${file}: '${key}' must be a ${typeof current}`);
    }
    (config as unknown as Record<string, unknown>)[key] = value;
  }
  if (tiers === undefined) return;
  for (const [tier, limits] of Object.entries(tiers as Record<string, Partial<TierLimits>>)) {
    if (!isTier(tier)) throw new ConfigError('UXK_ERR_CONFIG', `${file}: unknown tier '${tier}'`);
    config.tiers[tier] = { ...config.tiers[tier], ...limits };
  }
}

function integer(text: string, name: string, min: number, max: number): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError('UXK_ERR_CONFIG', `${name} must be an integer from ${min} to ${max} (got '${text}')`);
  }
  return value;
}

function baseUrl(text: string): string {
  try {
    return new URL(text).href.replace(/\/+$/, '');
  } catch {
    throw new ConfigError('UXK_ERR_CONFIG', `public URL '${text}' is not an absolute URL`);
  }
}
