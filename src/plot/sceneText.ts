import type { TextItem } from './PlotScene.js';
import { theme } from './theme.js';

/** A text item in the theme's text colour. */
export function text(role: string, x: number, y: number, value: string, size: number, align: 'start' | 'middle' | 'end'): TextItem {
  return { kind: 'text', role, x, y, text: value, size, color: theme.text, align };
}

/** Layout-time text width estimate: the same for every backend and needs no font. */
export function textWidth(value: string, size: number): number {
  return value.length * size * theme.charWidthEm;
}

/** A probability for a label: three significant digits, no trailing zeros. */
export function formatMass(m: number): string {
  return String(Number(m.toPrecision(3)));
}
