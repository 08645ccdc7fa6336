import type { Distribution } from '../dist/Distribution.js';
import type { DensityPicture } from './DensityPicture.js';
import type { PlotOptions } from './PlotOptions.js';
import { plotDomain } from './plotDomain.js';
import { resolvePlotOptions } from './resolvePlotOptions.js';
import { formatMass } from './sceneText.js';
import { theme } from './theme.js';
import { toDensityPicture } from './toDensityPicture.js';
import { vegaSpecialPanel } from './vegaSpecialPanel.js';

/** A Vega specification: plain JSON, for vega.parse() or the Vega editor. */
export type VegaSpec = Record<string, unknown>;

const PANEL = 170;

/**
 * The same picture as renderDensity as a Vega spec (https://vega.github.io/vega/), for an
 * interactive chart in a browser. `format` and `pixelRatio` are ignored: Vega renders itself.
 * Throws PlotOptionsError for bad options.
 */
export function densitySpec(dist: Distribution, opts: PlotOptions = {}): VegaSpec {
  const o = resolvePlotOptions(opts);
  const pic = toDensityPicture(dist, o.fullResolution);
  const domain = plotDomain(pic, o);
  const special = pic.nanMass > 0 || pic.negInfMass > 0 || pic.posInfMass > 0;
  const width = Math.max(10, o.width - 110 - (special ? PANEL : 0));
  const height = Math.max(10, o.height - 80);
  const x = (field: string) => ({ scale: 'x', field });
  const marks: unknown[] = [];
  if (pic.delta === undefined) {
    marks.push({ type: 'area', from: { data: 'outline' }, clip: true, encode: { enter: {
      x: x('x'), y: { scale: 'y', field: 'y' }, y2: { scale: 'y', value: 0 },
      fill: { value: theme.densityFill }, fillOpacity: { value: theme.densityFillOpacity },
    } } });
    marks.push({ type: 'line', from: { data: 'outline' }, clip: true, encode: { enter: {
      x: x('x'), y: { scale: 'y', field: 'y' }, stroke: { value: theme.densityStroke }, strokeWidth: { value: theme.densityStrokeWidth },
    } } });
  }
  marks.push({ type: 'rule', from: { data: 'mean' }, encode: { enter: {
    x: x('x'), y: { value: 0 }, y2: { signal: 'height' }, stroke: { value: theme.meanStroke }, strokeWidth: { value: theme.meanStrokeWidth },
  } } });
  marks.push({ type: 'text', from: { data: 'mean' }, encode: { enter: {
    x: x('x'), dx: { value: 5 }, y: { value: 14 }, text: { value: 'E(X)' }, fill: { value: theme.meanStroke }, fontSize: { value: theme.tickFontSize },
  } } });
  if (pic.delta !== undefined) marks.push(...deltaMarks());
  if (special) marks.push(vegaSpecialPanel(pic, width + 36, height));
  return {
    $schema: 'https://vega.github.io/schema/vega/v5.json',
    description: 'Probability density of a distribution (uxkit)',
    width, height, padding: 10, autosize: 'pad', background: theme.background,
    config: { text: { font: theme.fontFamily }, axis: { labelFont: theme.fontFamily, titleFont: theme.fontFamily, labelFontSize: theme.tickFontSize, titleFontSize: theme.titleFontSize } },
    data: [
      { name: 'outline', values: outlineRows(pic) },
      { name: 'mean', values: pic.mean >= domain.x0 && pic.mean <= domain.x1 ? [{ x: pic.mean }] : [] },
      { name: 'delta', values: pic.delta === undefined ? [] : [{ x: pic.delta.position, label: `P = ${formatMass(pic.delta.mass)}` }] },
    ],
    scales: [
      { name: 'x', type: 'linear', domain: [domain.x0, domain.x1], range: 'width', zero: false, nice: false },
      { name: 'y', type: 'linear', domain: [domain.y0, domain.y1], range: 'height', zero: false, nice: false },
    ],
    axes: [
      { orient: 'bottom', scale: 'x', title: o.xAxisLabel, tickCount: Math.max(2, Math.round(width / 90)), labelOverlap: true },
      { orient: 'left', scale: 'y', title: 'Probability Density', grid: pic.delta === undefined, gridColor: theme.grid, labels: pic.delta === undefined, ticks: pic.delta === undefined },
    ],
    marks,
  };
}

/** The step outline in data coordinates: up at the first edge, across each bin, down at the last. */
function outlineRows(pic: DensityPicture): Array<{ x: number; y: number }> {
  const n = pic.heights.length;
  if (n === 0 || pic.delta !== undefined) return [];
  const rows = [{ x: pic.edges[0]!, y: 0 }];
  for (let i = 0; i < n; i++) {
    rows.push({ x: pic.edges[i]!, y: pic.heights[i]! }, { x: pic.edges[i + 1]!, y: pic.heights[i]! });
  }
  rows.push({ x: pic.edges[n]!, y: 0 });
  return rows;
}

function deltaMarks(): unknown[] {
  const at = { scale: 'x', field: 'x' };
  return [
    { type: 'rule', from: { data: 'delta' }, clip: true, encode: { enter: {
      x: at, y: { signal: 'height * 0.1 + 8' }, y2: { signal: 'height' }, stroke: { value: theme.densityStroke }, strokeWidth: { value: 2.5 },
    } } },
    { type: 'symbol', from: { data: 'delta' }, clip: true, encode: { enter: {
      x: at, y: { signal: 'height * 0.1 + 6' }, shape: { value: 'triangle-up' }, size: { value: 120 }, fill: { value: theme.densityStroke },
    } } },
    { type: 'text', from: { data: 'delta' }, encode: { enter: {
      x: at, dx: { value: 8 }, y: { signal: 'height * 0.1 + 4' }, text: { field: 'label' }, fill: { value: theme.text }, fontSize: { value: theme.tickFontSize },
    } } },
  ];
}
