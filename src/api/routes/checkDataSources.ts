import { apiError } from '../errors.js';

/** Core classes without data-source support (spec section 7, 403). */
const NO_DATA_SOURCES = new Set(['C0-microSD', 'C0-microSD-plus']);

/** 403 when DataSources are given for a core class that has none. */
export function checkDataSources(className: string, dataSources: readonly unknown[]): void {
  if (dataSources.length > 0 && NO_DATA_SOURCES.has(className)) {
    throw apiError('UXK_ERR_FORBIDDEN', `DataSources are not available on ${className} cores`);
  }
}
