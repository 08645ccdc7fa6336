import { axisTicks } from './axisTicks.js';
import type { DensityPicture } from './DensityPicture.js';
import { layoutAxes } from './layoutAxes.js';
import { layoutSpecialPanel, SPECIAL_PANEL_WIDTH } from './layoutSpecialPanel.js';
import { linearScale } from './linearScale.js';
import type { ResolvedPlotOptions } from './PlotOptions.js';
import { plotDomain } from './plotDomain.js';
import type { Box, PlotScene, SceneItem } from './PlotScene.js';
import { stepOutline } from './stepOutline.js';
import { formatMass, text, textWidth } from './sceneText.js';
import { theme } from './theme.js';

const MARGIN_TOP = 18;
const MARGIN_RIGHT = 24;
const MARGIN_BOTTOM = 58;

/** Computes the whole picture once, in CSS pixels; the PNG and SVG backends only draw it. */
export function layoutDensity(pic: DensityPicture, opts: ResolvedPlotOptions): PlotScene {
  const domain = plotDomain(pic, opts);
  const hasSpecial = pic.nanMass > 0 || pic.negInfMass > 0 || pic.posInfMass > 0;
  const hasFinite = pic.heights.length > 0 || pic.delta !== undefined;
  const plotHeight = opts.height - MARGIN_TOP - MARGIN_BOTTOM;
  // A delta has no finite density, and an empty finite part no density at all: no y ticks.
  const yTicks = hasFinite && pic.delta === undefined
    ? axisTicks(domain.y0, domain.y1, Math.max(2, Math.round(plotHeight / 60)))
    : { values: [], labels: [] };
  let labelWidth = 0;
  for (const label of yTicks.labels) labelWidth = Math.max(labelWidth, textWidth(label, theme.tickFontSize));
  const left = 12 + theme.titleFontSize + 10 + labelWidth + 8;
  const right = opts.width - MARGIN_RIGHT - (hasSpecial ? SPECIAL_PANEL_WIDTH : 0);
  const area: Box = { x: left, y: MARGIN_TOP, width: Math.max(10, right - left), height: plotHeight };
  const bottom = area.y + area.height;
  const sx = linearScale(domain.x0, domain.x1, area.x, area.x + area.width, area.x - 50, area.x + area.width + 50);
  const sy = linearScale(domain.y0, domain.y1, bottom, area.y, area.y - 50, bottom + 50);

  const items: SceneItem[] = [];
  for (const v of yTicks.values) {
    const y = sy(v);
    items.push({ kind: 'path', role: 'grid', points: Float64Array.of(area.x, y, area.x + area.width, y), closed: false, stroke: theme.grid, strokeWidth: 1 });
  }
  const meanItems: SceneItem[] = [];
  if (pic.mean >= domain.x0 && pic.mean <= domain.x1) {
    const x = sx(pic.mean);
    meanItems.push({ kind: 'path', role: 'mean', points: Float64Array.of(x, area.y, x, bottom), closed: false, stroke: theme.meanStroke, strokeWidth: theme.meanStrokeWidth });
    const onLeft = x > area.x + area.width - 44;
    meanItems.push({ ...text('mean-label', onLeft ? x - 5 : x + 5, area.y + 14, 'E(X)', theme.tickFontSize, onLeft ? 'end' : 'start'), color: theme.meanStroke });
  }
  // The mean line goes over a histogram but under a delta's arrow (they coincide).
  if (pic.delta !== undefined) {
    const at = pic.delta.position;
    items.push(...meanItems);
    if (at >= domain.x0 && at <= domain.x1) items.push(...deltaArrow(sx(at), sy(0), area, pic.delta.mass));
  } else if (pic.heights.length > 0) {
    const points = stepOutline(pic.edges, pic.heights, sx, sy);
    items.push({ kind: 'path', role: 'density-fill', points, closed: true, fill: theme.densityFill, fillOpacity: theme.densityFillOpacity, clip: true });
    items.push({ kind: 'path', role: 'density-outline', points, closed: false, stroke: theme.densityStroke, strokeWidth: theme.densityStrokeWidth, clip: true });
    items.push(...meanItems);
  } else {
    items.push(text('no-finite', area.x + area.width / 2, area.y + area.height / 2, 'no finite values', theme.titleFontSize, 'middle'));
  }
  const xCount = Math.max(2, Math.round(area.width / 90));
  items.push(...layoutAxes(area, domain, sx, sy, xCount, yTicks, opts.xAxisLabel));
  if (hasSpecial) items.push(...layoutSpecialPanel(pic, area.x + area.width, area));
  return { width: opts.width, height: opts.height, background: theme.background, plotArea: area, items };
}

/** A Dirac delta: a vertical arrow from the baseline to near the top, labelled with its mass. */
function deltaArrow(x: number, base: number, area: Box, mass: number): SceneItem[] {
  const tip = area.y + area.height * 0.1;
  const head = 8;
  return [
    { kind: 'path', role: 'delta', points: Float64Array.of(x, Math.min(base, area.y + area.height), x, tip + head), closed: false, stroke: theme.densityStroke, strokeWidth: 2.5, clip: true },
    { kind: 'path', role: 'delta-head', points: Float64Array.of(x, tip, x - head * 0.6, tip + head * 1.4, x + head * 0.6, tip + head * 1.4), closed: true, fill: theme.densityStroke, clip: true },
    text('delta-label', x + 8, tip + 4, `P = ${formatMass(mass)}`, theme.tickFontSize, 'start'),
  ];
}
