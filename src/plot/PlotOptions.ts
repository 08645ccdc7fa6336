/** Options of a density plot; names follow the plot API's query parameters. */
export interface PlotOptions {
  /** 'png' (default) or 'svg'. */
  format?: 'png' | 'svg';
  /** Picture size in CSS pixels (default 800 x 500). */
  width?: number;
  height?: number;
  /** Device pixels per CSS pixel of the PNG (default 2, crisp on high-density screens). */
  pixelRatio?: number;
  /** Visible x range; each end defaults to the data's range with a small margin. */
  xLimMin?: number;
  xLimMax?: number;
  /** Visible density range; defaults to 0 and a little above the highest bin. */
  yLimMin?: number;
  yLimMax?: number;
  /** Title of the x axis (default "Distribution Support"). */
  xAxisLabel?: string;
  /** true: one bin pair per delta; false (default): binDensity caps the number of bins. */
  fullResolution?: boolean;
}

/** PlotOptions after validation, with every default filled in. */
export interface ResolvedPlotOptions {
  format: 'png' | 'svg';
  width: number;
  height: number;
  pixelRatio: number;
  xLimMin: number | undefined;
  xLimMax: number | undefined;
  yLimMin: number | undefined;
  yLimMax: number | undefined;
  xAxisLabel: string;
  fullResolution: boolean;
}

export const DEFAULT_X_AXIS_LABEL = 'Distribution Support';

/** Bounds that keep a picture's memory and encoding time sane. */
export const PLOT_LIMITS = {
  minSize: 120,
  maxSize: 8192,
  maxPixelRatio: 4,
  /** Device pixels of one PNG (width x height x ratio^2). */
  maxDevicePixels: 64_000_000,
  maxLabelLength: 200,
} as const;
