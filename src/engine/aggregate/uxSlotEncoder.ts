import { ttrLeaves } from '../../dist/ttrLeaves.js';
import { createUxValue } from '../../ux/createUxValue.js';
import { formatUx } from '../../ux/formatUx.js';
import type { SlotEncoder } from './aggregateStream.js';
import { numberValue } from './tokenizeOutput.js';

/**
 * The default SlotEncoder: the slot's samples reduced to a TTR of order log2(precision)
 * (src/dist ttrLeaves), NaN and infinite samples kept as special-value deltas, encoded as a
 * type-0x04 Ux string (src/ux) with the sample count and the program-formatted particle.
 */
export const uxSlotEncoder: SlotEncoder = (samples, particleText, precision) => {
  const n = samples.length;
  const finite = new Float64Array(n);
  let f = 0;
  let nan = 0;
  let negInf = 0;
  let posInf = 0;
  for (let i = 0; i < n; i++) {
    const x = samples[i]!;
    if (x !== x) nan++;
    else if (x === Infinity) posInf++;
    else if (x === -Infinity) negInf++;
    else finite[f++] = x;
  }
  const sorted = finite.subarray(0, f).sort();
  const order = Math.max(0, Math.round(Math.log2(precision)));
  const cap = Math.min(f, 2 ** order) + 3;
  const positions = new Float64Array(cap);
  const masses = new Float64Array(cap);
  let k = f > 0 ? ttrLeaves(sorted, null, order, positions, masses) : 0;
  for (const [count, at] of [[negInf, -Infinity], [posInf, Infinity], [nan, NaN]] as const) {
    if (count === 0) continue;
    positions[k] = at;
    masses[k++] = count;
  }
  // Plain float arithmetic gives the right NaN or infinite mean when special samples exist.
  let sum = 0;
  for (let i = 0; i < n; i++) sum += samples[i]!;
  const value = createUxValue({
    positions: positions.subarray(0, k),
    masses: masses.subarray(0, k),
    type: 4,
    sampleCount: BigInt(n),
    headerMean: sum / n,
    particle: numberValue(particleText),
    particleText,
  });
  return formatUx(value);
};
