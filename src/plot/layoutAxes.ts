import { type AxisTicks, axisTicks } from './axisTicks.js';
import { text, textWidth } from './sceneText.js';
import type { PlotDomain } from './plotDomain.js';
import type { Box, SceneItem } from './PlotScene.js';
import { theme } from './theme.js';

const TICK = 5;

/** Axis lines, tick marks, tick labels and the two axis titles of the main plot. */
export function layoutAxes(
  area: Box,
  domain: PlotDomain,
  sx: (v: number) => number,
  sy: (v: number) => number,
  xCount: number,
  yTicks: AxisTicks,
  xTitle: string,
): SceneItem[] {
  const bottom = area.y + area.height;
  const items: SceneItem[] = [
    line('axis', area.x, bottom, area.x + area.width, bottom),
    line('axis', area.x, area.y, area.x, bottom),
  ];
  const xTicks = fittingXTicks(domain, area.width, xCount);
  for (let i = 0; i < xTicks.values.length; i++) {
    const x = sx(xTicks.values[i]!);
    items.push(line('tick', x, bottom, x, bottom + TICK));
    items.push(text('x-tick-label', x, bottom + TICK + 4 + theme.tickFontSize, xTicks.labels[i]!, theme.tickFontSize, 'middle'));
  }
  for (let i = 0; i < yTicks.values.length; i++) {
    const y = sy(yTicks.values[i]!);
    items.push(line('tick', area.x - TICK, y, area.x, y));
    items.push(text('y-tick-label', area.x - TICK - 3, y + theme.tickFontSize * 0.35, yTicks.labels[i]!, theme.tickFontSize, 'end'));
  }
  items.push(text('x-title', area.x + area.width / 2, bottom + TICK + 4 + theme.tickFontSize + 10 + theme.titleFontSize, xTitle, theme.titleFontSize, 'middle'));
  items.push({ ...text('y-title', 12 + theme.titleFontSize * 0.8, area.y + area.height / 2, 'Probability Density', theme.titleFontSize, 'middle'), rotate: -90 });
  return items;
}

/** Fewer ticks until the labels fit side by side with some air between them. */
function fittingXTicks(domain: PlotDomain, width: number, count: number): AxisTicks {
  let ticks = axisTicks(domain.x0, domain.x1, count);
  while (count > 2) {
    let widest = 0;
    for (const label of ticks.labels) widest = Math.max(widest, textWidth(label, theme.tickFontSize));
    if ((widest + 16) * ticks.values.length <= width) break;
    count--;
    ticks = axisTicks(domain.x0, domain.x1, count);
  }
  return ticks;
}

function line(role: string, x0: number, y0: number, x1: number, y1: number): SceneItem {
  return { kind: 'path', role, points: Float64Array.of(x0, y0, x1, y1), closed: false, stroke: theme.axis, strokeWidth: 1 };
}
