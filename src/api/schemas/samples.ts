import { Type } from '@sinclair/typebox';
import { StringEnum } from './StringEnum.js';

export const UxBody = Type.Object({
  UxValue: Type.Optional(Type.String({ description: 'A Ux string, `<number>Ux<hex>` (the spec\'s field)' })),
  payload: Type.Optional(Type.String({ description: 'Same as UxValue (the field the official SDK sends)' })),
}, { description: 'One of UxValue or payload is required' });

export const SamplesQuery = Type.Object({
  count: Type.String({ description: 'Number of samples, 1 to maxSamples (10000 by default)' }),
  seed: Type.Optional(Type.String({ description: 'Extension: integer or string seed for reproducible draws' })),
  mode: Type.Optional(StringEnum(['density', 'particles'] as const, {
    description: 'Extension: density (piecewise-uniform, default) or particles (the deltas themselves)',
  })),
  continuationToken: Type.Optional(Type.String({ description: 'Extension: token of the previous batch, to continue its stream' })),
});

export const SamplesResponse = Type.Object({
  Samples: Type.Array(Type.Union([Type.Number(), StringEnum(['NaN', 'Infinity', '-Infinity'] as const)]), {
    description: 'Draws; non-finite ones as the strings "NaN", "Infinity", "-Infinity"',
  }),
  Count: Type.Integer({ minimum: 0 }),
  ContinuationToken: Type.String({ description: 'Extension: pass as continuationToken to draw the next batch of the same stream' }),
});
