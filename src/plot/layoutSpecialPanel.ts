import type { DensityPicture } from './DensityPicture.js';
import { formatMass, text } from './sceneText.js';
import type { Box, SceneItem } from './PlotScene.js';
import { theme } from './theme.js';

/** Width the side panel takes from the right of the picture, gap included. */
export const SPECIAL_PANEL_WIDTH = 170;

const GAP = 36;
const BAR = 30;
const BAR_GAP = 14;

/**
 * Bars for the mass at NaN, -Inf and +Inf beside the main plot, on a fixed 0..1 probability
 * scale so that bar heights compare across plots. Each bar is labelled with its mass.
 */
export function layoutSpecialPanel(pic: DensityPicture, plotRight: number, area: Box): SceneItem[] {
  const bottom = area.y + area.height;
  const x0 = plotRight + GAP;
  const width = 3 * BAR + 4 * BAR_GAP;
  const top = area.y + 20;
  const items: SceneItem[] = [
    { kind: 'path', role: 'special-axis', points: Float64Array.of(x0, bottom, x0 + width, bottom), closed: false, stroke: theme.axis, strokeWidth: 1 },
    { kind: 'path', role: 'special-scale', points: Float64Array.of(x0, top, x0 + width, top), closed: false, stroke: theme.grid, strokeWidth: 1 },
  ];
  const bars: Array<[string, string, number]> = [
    ['special-nan', 'NaN', pic.nanMass],
    ['special-neg-inf', '-Inf', pic.negInfMass],
    ['special-pos-inf', '+Inf', pic.posInfMass],
  ];
  for (let i = 0; i < bars.length; i++) {
    const [role, label, mass] = bars[i]!;
    const x = x0 + BAR_GAP + i * (BAR + BAR_GAP);
    // At least one pixel, so that a tiny but present mass is still seen.
    const h = mass > 0 ? Math.max(1, (bottom - top) * Math.min(1, mass)) : 0;
    if (h > 0) {
      items.push({ kind: 'rect', role, x, y: bottom - h, width: BAR, height: h, fill: theme.specialFill, fillOpacity: theme.specialFillOpacity, stroke: theme.specialStroke, strokeWidth: 1 });
    }
    items.push(text('special-label', x + BAR / 2, bottom + 5 + 4 + theme.tickFontSize, label, theme.tickFontSize, 'middle'));
    items.push(text('special-mass', x + BAR / 2, bottom - h - 5, formatMass(mass), theme.tickFontSize - 1, 'middle'));
  }
  items.push(text('special-scale-label', x0 + width, top - 5, 'P = 1', theme.tickFontSize - 1, 'end'));
  items.push(text('special-title', x0 + width / 2, bottom + 5 + 4 + theme.tickFontSize + 10 + theme.titleFontSize, 'Special values', theme.titleFontSize, 'middle'));
  return items;
}
