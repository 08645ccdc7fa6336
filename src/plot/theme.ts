/** Colours, fonts and sizes shared by the PNG, SVG and Vega outputs (CSS pixels). */
export const theme = {
  background: '#FFFFFF',
  // The public toolkits' density green, translucent, with a darker outline.
  densityFill: '#33A333',
  densityFillOpacity: 0.45,
  densityStroke: '#1F7A1F',
  densityStrokeWidth: 1.5,
  meanStroke: '#C0392B',
  meanStrokeWidth: 1.5,
  specialFill: '#4A6FA5',
  specialFillOpacity: 0.6,
  specialStroke: '#2E4A75',
  axis: '#333333',
  grid: '#E5E5E5',
  text: '#222222',
  /** DejaVu Sans ships with most Linux systems (and is what renders here); the rest are fallbacks. */
  fontFamily: "'DejaVu Sans', Verdana, Arial, sans-serif",
  tickFontSize: 12,
  titleFontSize: 14,
  /** Average advance of a digit in the font, in ems: lets the layout size labels without a font. */
  charWidthEm: 0.62,
} as const;
