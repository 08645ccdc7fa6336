import type { PathItem, PlotScene, RectItem, TextItem } from './PlotScene.js';
import { theme } from './theme.js';

const CLIP_ID = 'uxkit-plot-area';

/** Writes a scene as standalone SVG markup (UTF-8 text), coordinates rounded to 0.01 px. */
export function sceneToSvg(scene: PlotScene): string {
  const a = scene.plotArea;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${scene.width}" height="${scene.height}" viewBox="0 0 ${scene.width} ${scene.height}" font-family="${escape(theme.fontFamily)}">`,
    `<defs><clipPath id="${CLIP_ID}"><rect x="${num(a.x)}" y="${num(a.y)}" width="${num(a.width)}" height="${num(a.height)}"/></clipPath></defs>`,
    `<rect class="background" width="${scene.width}" height="${scene.height}" fill="${scene.background}"/>`,
  ];
  for (const item of scene.items) {
    out.push(item.kind === 'text' ? textElement(item) : shapeElement(item));
  }
  out.push('</svg>\n');
  return out.join('\n');
}

function shapeElement(item: PathItem | RectItem): string {
  let paint = `fill="${item.fill ?? 'none'}"`;
  if (item.fill !== undefined && item.fillOpacity !== undefined) paint += ` fill-opacity="${item.fillOpacity}"`;
  if (item.stroke !== undefined) paint += ` stroke="${item.stroke}" stroke-width="${item.strokeWidth ?? 1}"`;
  if (item.clip === true) paint += ` clip-path="url(#${CLIP_ID})"`;
  if (item.kind === 'rect') {
    return `<rect class="${item.role}" x="${num(item.x)}" y="${num(item.y)}" width="${num(item.width)}" height="${num(item.height)}" ${paint}/>`;
  }
  return `<path class="${item.role}" d="${pathData(item)}" ${paint}/>`;
}

function pathData(item: PathItem): string {
  const p = item.points;
  const parts = new Array<string>(p.length / 2);
  for (let i = 0; i < p.length; i += 2) parts[i / 2] = `${num(p[i]!)},${num(p[i + 1]!)}`;
  return `M${parts.join('L')}${item.closed ? 'Z' : ''}`;
}

const ANCHOR = { start: 'start', middle: 'middle', end: 'end' } as const;

function textElement(item: TextItem): string {
  const x = num(item.x);
  const y = num(item.y);
  const rotate = item.rotate === undefined ? '' : ` transform="rotate(${item.rotate} ${x} ${y})"`;
  return `<text class="${item.role}" x="${x}" y="${y}" font-size="${item.size}" fill="${item.color}" text-anchor="${ANCHOR[item.align]}"${rotate}>${escape(item.text)}</text>`;
}

function num(v: number): string {
  const r = Math.round(v * 100) / 100;
  return Object.is(r, -0) ? '0' : String(r);
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
