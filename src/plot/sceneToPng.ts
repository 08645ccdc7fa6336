import { type Canvas, createCanvas, Path2D, type SKRSContext2D } from '@napi-rs/canvas';
import { encodePng } from './encodePng.js';
import type { Box, PathItem, PlotScene, RectItem, TextItem } from './PlotScene.js';
import { theme } from './theme.js';

const ALIGN = { start: 'left', middle: 'center', end: 'right' } as const;

/** Largest canvas kept between calls, in device pixels (a default plot has 1.6 M). */
const CANVAS_KEEP_PIXELS = 4 << 20;
let kept: Canvas | undefined;

/**
 * A canvas of this size with its drawing state reset. The last one is reused (drawing is
 * synchronous): a new canvas's 6.4 MB of pixels are fresh memory, faulted in on every plot.
 */
function canvasFor(width: number, height: number): Canvas {
  if (kept !== undefined && kept.width === width && kept.height === height) {
    kept.getContext('2d').reset();
    return kept;
  }
  const canvas = createCanvas(width, height);
  if (width * height <= CANVAS_KEEP_PIXELS) kept = canvas;
  return canvas;
}

/** Draws a scene with @napi-rs/canvas at `pixelRatio` device pixels per CSS pixel; PNG bytes. */
export function sceneToPng(scene: PlotScene, pixelRatio: number): Uint8Array {
  const width = Math.round(scene.width * pixelRatio);
  const height = Math.round(scene.height * pixelRatio);
  const canvas = canvasFor(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = scene.background;
  ctx.fillRect(0, 0, width, height);
  ctx.scale(pixelRatio, pixelRatio);
  ctx.lineJoin = 'miter';
  const last: LastPath = { points: undefined, path: undefined };
  for (const item of scene.items) {
    const clipped = item.kind !== 'text' && item.clip === true;
    if (clipped) clip(ctx, scene.plotArea);
    if (item.kind === 'text') drawText(ctx, item);
    else drawShape(ctx, item, last);
    if (clipped) ctx.restore();
  }
  // The background is opaque, so the premultiplied pixels equal the straight ones.
  return encodePng(canvas.data(), width, height);
}

function clip(ctx: SKRSContext2D, area: Box): void {
  ctx.save();
  ctx.beginPath();
  ctx.rect(area.x, area.y, area.width, area.height);
  ctx.clip();
}

/** The last polyline turned into a Path2D: the histogram's fill and outline share one. */
interface LastPath {
  points: Float64Array | undefined;
  path: Path2D | undefined;
}

/**
 * The polyline as a Path2D, left open: fill() closes it implicitly, and only a stroked closed
 * shape needs the closing segment. One native call per point, so sharing it matters.
 */
function polyline(item: PathItem, last: LastPath): Path2D {
  const shared = !(item.closed && item.stroke !== undefined);
  if (shared && last.points === item.points && last.path !== undefined) return last.path;
  const p = item.points;
  const path = new Path2D();
  path.moveTo(p[0]!, p[1]!);
  for (let i = 2; i < p.length; i += 2) path.lineTo(p[i]!, p[i + 1]!);
  if (!shared) path.closePath();
  else {
    last.points = p;
    last.path = path;
  }
  return path;
}

function drawShape(ctx: SKRSContext2D, item: PathItem | RectItem, last: LastPath): void {
  let path: Path2D;
  if (item.kind === 'rect') {
    path = new Path2D();
    path.rect(item.x, item.y, item.width, item.height);
  } else path = polyline(item, last);
  if (item.fill !== undefined) {
    ctx.globalAlpha = item.fillOpacity ?? 1;
    ctx.fillStyle = item.fill;
    ctx.fill(path);
    ctx.globalAlpha = 1;
  }
  if (item.stroke !== undefined) {
    ctx.strokeStyle = item.stroke;
    ctx.lineWidth = item.strokeWidth ?? 1;
    ctx.stroke(path);
  }
}

function drawText(ctx: SKRSContext2D, item: TextItem): void {
  ctx.font = `${item.size}px ${theme.fontFamily}`;
  ctx.fillStyle = item.color;
  ctx.textAlign = ALIGN[item.align];
  ctx.textBaseline = 'alphabetic';
  if (item.rotate === undefined) {
    ctx.fillText(item.text, item.x, item.y);
    return;
  }
  ctx.save();
  ctx.translate(item.x, item.y);
  ctx.rotate((item.rotate * Math.PI) / 180);
  ctx.fillText(item.text, 0, 0);
  ctx.restore();
}
