import type { DensityPicture } from './DensityPicture.js';
import { formatMass } from './sceneText.js';
import { theme } from './theme.js';

/** The NaN / -Inf / +Inf bars as a Vega group mark placed at `x`, on a fixed 0..1 scale. */
export function vegaSpecialPanel(pic: DensityPicture, x: number, height: number): unknown {
  const rows = [
    { label: 'NaN', mass: pic.nanMass },
    { label: '-Inf', mass: pic.negInfMass },
    { label: '+Inf', mass: pic.posInfMass },
  ].map((r) => ({ ...r, text: formatMass(r.mass) }));
  const bar = { scale: 'sx', field: 'label' };
  return {
    type: 'group',
    name: 'special-values',
    encode: { enter: { x: { value: x }, y: { value: 0 }, width: { value: 130 }, height: { value: height } } },
    data: [{ name: 'special', values: rows }],
    scales: [
      { name: 'sx', type: 'band', domain: ['NaN', '-Inf', '+Inf'], range: [0, 130], padding: 0.3 },
      { name: 'sy', type: 'linear', domain: [0, 1], range: [height, 20] },
    ],
    axes: [{ orient: 'bottom', scale: 'sx', title: 'Special values', domain: true, ticks: false }],
    marks: [
      { type: 'rect', from: { data: 'special' }, encode: { enter: {
        x: bar, width: { scale: 'sx', band: 1 }, y: { scale: 'sy', field: 'mass' }, y2: { scale: 'sy', value: 0 },
        fill: { value: theme.specialFill }, fillOpacity: { value: theme.specialFillOpacity }, stroke: { value: theme.specialStroke },
      } } },
      { type: 'text', from: { data: 'special' }, encode: { enter: {
        x: { ...bar, band: 0.5 }, y: { scale: 'sy', field: 'mass' }, dy: { value: -5 }, align: { value: 'center' },
        text: { field: 'text' }, fill: { value: theme.text }, fontSize: { value: theme.tickFontSize - 1 },
      } } },
    ],
  };
}
