import { tickIncrement, ticks } from 'd3-array';
import { formatTicks } from './formatTicks.js';

/** Tick values of one axis and their labels. */
export interface AxisTicks {
  values: number[];
  labels: string[];
}

/**
 * About `count` nice ticks inside [min, max] (d3-array's ticks), labelled by formatTicks.
 * Ranges near the float64 limits are scaled first: d3's step arithmetic overflows near 1e308
 * and breaks on subnormal numbers.
 */
export function axisTicks(min: number, max: number, count: number): AxisTicks {
  if (!(min < max) || !Number.isFinite(min) || !Number.isFinite(max)) return { values: [], labels: [] };
  const maxAbs = Math.max(Math.abs(min), Math.abs(max));
  const scale = maxAbs > 1e300 ? 1e-10 : maxAbs < 1e-290 ? 1e20 : 1;
  const lo = min * scale;
  const hi = max * scale;
  let values = ticks(lo, hi, count);
  // A range too narrow for float64 to resolve gives repeated or no ticks: keep the ends.
  if (values.length < 2 || hasRepeats(values)) values = [lo, hi];
  const inc = tickIncrement(lo, hi, count);
  let step = inc > 0 ? inc : inc < 0 ? -1 / inc : values[1]! - values[0]!;
  if (scale !== 1) {
    // Scaling rounds: drop ticks that the way back pushed out of the range.
    values = values.map((v) => v / scale).filter((v) => v >= min && v <= max);
    step /= scale;
    if (values.length < 2 || hasRepeats(values)) {
      values = [min, max];
      step = max - min;
    }
  }
  return { values, labels: formatTicks(values, step) };
}

function hasRepeats(values: number[]): boolean {
  for (let i = 1; i < values.length; i++) if (!(values[i]! > values[i - 1]!)) return true;
  return false;
}
