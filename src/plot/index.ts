export type { PlotOptions } from './PlotOptions.js';
export { PlotOptionsError } from './PlotOptionsError.js';
export { parsePlotOptions } from './parsePlotOptions.js';
export { type RenderedPlot, renderDensity } from './renderDensity.js';
export { densitySpec, type VegaSpec } from './densitySpec.js';
export { PLOT_RENDERER_VERSION, plotCacheKey } from './plotCacheKey.js';
