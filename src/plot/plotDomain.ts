import type { DensityPicture } from './DensityPicture.js';
import type { ResolvedPlotOptions } from './PlotOptions.js';
import { PlotOptionsError } from './PlotOptionsError.js';

/** Visible data ranges of the main plot. */
export interface PlotDomain {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

const MAX = Number.MAX_VALUE;

/**
 * The x range covers the bins (or the delta) with a 4% margin, the y range runs from 0 to a
 * little above the highest finite bin; explicit limits override either end. Throws
 * PlotOptionsError when one given limit lands on the wrong side of the data's other end.
 */
export function plotDomain(pic: DensityPicture, opts: ResolvedPlotOptions): PlotDomain {
  let x0 = 0;
  let x1 = 1;
  const n = pic.heights.length;
  if (pic.delta !== undefined) [x0, x1] = around(pic.delta.position);
  else if (n > 0) {
    const lo = pic.edges[0]!;
    const hi = pic.edges[n]!;
    const pad = (hi * 0.5 - lo * 0.5) * 0.08;
    if (lo < hi) {
      // In the subnormals the margin may round away: the bare range is still a range.
      x0 = Math.max(-MAX, lo - pad);
      x1 = Math.min(MAX, hi + pad);
    } else [x0, x1] = around(lo);
  }
  let top = 0;
  const h = pic.heights;
  for (let i = 0; i < n; i++) if (h[i]! > top && h[i]! < Infinity) top = h[i]!;
  let y1 = pic.delta === undefined && top > 0 ? Math.min(MAX, top * 1.08) : 1;
  let y0 = 0;
  if (opts.xLimMin !== undefined) x0 = opts.xLimMin;
  if (opts.xLimMax !== undefined) x1 = opts.xLimMax;
  if (opts.yLimMin !== undefined) y0 = opts.yLimMin;
  if (opts.yLimMax !== undefined) y1 = opts.yLimMax;
  if (!(x0 < x1)) {
    const name = opts.xLimMin !== undefined ? 'xLimMin' : 'xLimMax';
    throw new PlotOptionsError(name, `leaves an empty x range [${x0}, ${x1}] for this value; give both ends`);
  }
  if (!(y0 < y1)) {
    const name = opts.yLimMin !== undefined ? 'yLimMin' : 'yLimMax';
    throw new PlotOptionsError(name, `leaves an empty y range [${y0}, ${y1}] for this value; give both ends`);
  }
  return { x0, x1, y0, y1 };
}

/** A range centred on a single point: +-10% of its magnitude, or +-1 around zero. */
function around(x: number): [number, number] {
  let pad = Math.abs(x) * 0.1;
  // Subnormal points: 10% rounds to nothing, so widen to the magnitude, then to +-1.
  if (!(x - pad < x + pad)) pad = Math.abs(x);
  if (!(x - pad < x + pad)) pad = 1;
  return [Math.max(-MAX, x - pad), Math.min(MAX, x + pad)];
}
