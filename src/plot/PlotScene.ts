/**
 * A picture as a list of primitives in CSS pixels, computed once by layoutDensity and drawn by
 * the canvas (PNG) and SVG backends. `role` names the part (for SVG classes and tests).
 */
export interface PlotScene {
  width: number;
  height: number;
  background: string;
  /** The main plotting area; items with `clip` are clipped to it. */
  plotArea: Box;
  items: SceneItem[];
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

interface Paint {
  role: string;
  fill?: string;
  fillOpacity?: number;
  stroke?: string;
  strokeWidth?: number;
  clip?: boolean;
}

export interface RectItem extends Paint, Box {
  kind: 'rect';
}

/** A polyline (x0, y0, x1, y1, ...), closed when it is a filled shape. */
export interface PathItem extends Paint {
  kind: 'path';
  points: Float64Array;
  closed: boolean;
}

/** Text anchored at (x, y), y on the alphabetic baseline; `rotate` in degrees about the anchor. */
export interface TextItem {
  kind: 'text';
  role: string;
  x: number;
  y: number;
  text: string;
  size: number;
  color: string;
  align: 'start' | 'middle' | 'end';
  rotate?: number;
}

export type SceneItem = RectItem | PathItem | TextItem;
