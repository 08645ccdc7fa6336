export { defaultConfig, type ServerConfig, type TierLimits } from './ServerConfig.js';
export { loadConfig, ConfigError, type ConfigFlags } from './loadConfig.js';
