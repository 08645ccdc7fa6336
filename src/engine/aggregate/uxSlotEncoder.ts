import { MAX_TTR_ORDER } from '../../dist/checkArguments.js';
import { ttrFromSamples } from '../../dist/ttrFromSamples.js';
import { toUxValue } from '../../dist/toUxValue.js';
import { formatUx } from '../../ux/formatUx.js';
import type { SlotEncoder } from './aggregateStream.js';
import { numberValue } from './tokenizeOutput.js';

/**
 * The default SlotEncoder: the slot's samples reduced to a TTR of order log2(precision)
 * (src/dist ttrFromSamples; NaN and infinite samples become special-value masses), encoded
 * as a type-0x04 Ux string (src/ux) with the sample count and the program-formatted particle.
 */
export const uxSlotEncoder: SlotEncoder = (samples, particleText, precision) => {
  const order = Math.min(MAX_TTR_ORDER, Math.max(0, Math.round(Math.log2(precision))));
  const value = toUxValue(ttrFromSamples(samples, order), {
    type: 4,
    sampleCount: BigInt(samples.length),
    particle: numberValue(particleText),
    particleText,
  });
  return formatUx(value);
};
