import type { Distribution } from '../dist/Distribution.js';
import type { PlotOptions } from '../plot/PlotOptions.js';
import { plotCacheKey } from '../plot/plotCacheKey.js';
import { renderDensity } from '../plot/renderDensity.js';
import type { BlobStore } from '../store/blobs.js';

export interface PlotBlob {
  /** Hex SHA-256 of the value and the resolved options: same input, same plotID. */
  plotID: string;
  /** Blob reference, `plots/<plotID>.<png|svg>`, for presign(). */
  ref: string;
  contentType: 'image/png' | 'image/svg+xml';
}

/**
 * Renders the density of a value into the blob store, once: a plot already stored under the
 * same plotID is reused without rendering. `toDistribution` runs only when a render is needed.
 * Also used by the values group (POST /tasks/{TaskID}/values/{ValueID}/plot).
 */
export async function plotBlob(
  blobs: BlobStore, key: string | Distribution, options: PlotOptions, toDistribution: () => Distribution,
): Promise<PlotBlob> {
  const plotID = plotCacheKey(key, options);
  const format = options.format ?? 'png';
  const ref = `plots/${plotID}.${format}`;
  const contentType = format === 'svg' ? 'image/svg+xml' : 'image/png';
  if (!blobs.has(ref)) {
    const rendered = renderDensity(toDistribution(), options);
    await blobs.put(ref, rendered.bytes);
  }
  return { plotID, ref, contentType };
}
