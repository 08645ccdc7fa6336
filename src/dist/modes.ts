import type { Distribution } from './Distribution.js';

/** Masses within this relative distance of the largest count as tied for the mode. */
const TIE = 1e-12;

/**
 * The positions whose mass is maximal (ties within a relative 1e-12 all returned), in order
 * -Infinity, finite ascending, +Infinity, NaN: a special value is a mode when its own mass
 * is maximal. A distribution always has at least one mode.
 */
export function modes(d: Distribution): Float64Array {
  const pos = d.positions;
  const m = d.masses;
  let best = Math.max(d.negInfMass, d.posInfMass, d.nanMass);
  for (let i = 0; i < m.length; i++) if (m[i]! > best) best = m[i]!;
  const cut = best * (1 - TIE);
  let count = 0;
  if (d.negInfMass > 0 && d.negInfMass >= cut) count++;
  for (let i = 0; i < m.length; i++) if (m[i]! >= cut) count++;
  if (d.posInfMass > 0 && d.posInfMass >= cut) count++;
  if (d.nanMass > 0 && d.nanMass >= cut) count++;
  const out = new Float64Array(count);
  let k = 0;
  if (d.negInfMass > 0 && d.negInfMass >= cut) out[k++] = -Infinity;
  for (let i = 0; i < m.length; i++) if (m[i]! >= cut) out[k++] = pos[i]!;
  if (d.posInfMass > 0 && d.posInfMass >= cut) out[k++] = Infinity;
  if (d.nanMass > 0 && d.nanMass >= cut) out[k++] = NaN;
  return out;
}
