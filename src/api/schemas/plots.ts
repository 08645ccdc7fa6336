import { Type } from '@sinclair/typebox';

const number = (description: string) => Type.Optional(Type.String({ description }));

export const PlotQuery = Type.Object({
  fullResolution: Type.Optional(Type.String({ description: 'true: one bin pair per Dirac delta (default false)' })),
  xLimMin: number('Left end of the x axis'),
  xLimMax: number('Right end of the x axis'),
  yLimMin: number('Bottom of the density axis'),
  yLimMax: number('Top of the density axis'),
  xAxisLabel: Type.Optional(Type.String({ description: 'Title of the x axis (default "Distribution Support")' })),
  format: Type.Optional(Type.String({ description: 'Extension: png (default) or svg' })),
  width: number('Extension: width in CSS pixels (default 800)'),
  height: number('Extension: height in CSS pixels (default 500)'),
});

export const PlotResponse = Type.Object({
  plotID: Type.String({ description: 'Identifies the image: the same value and options give the same plotID' }),
  presignedURL: Type.String({ description: 'Download URL of the image, valid for linkExpiresIn seconds, no auth needed' }),
});
