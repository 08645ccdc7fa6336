/**
 * Maps [d0, d1] onto [r0, r1]. Divides by the span rather than multiplying by its inverse (the
 * inverse of a subnormal span overflows), and works on halves when the span itself overflows
 * (-1e308 .. 1e308). Results are clamped to [lo, hi] pixels so that far-away points stay
 * finite, well-formed coordinates (drawing is clipped anyway).
 */
export function linearScale(d0: number, d1: number, r0: number, r1: number, lo: number, hi: number): (v: number) => number {
  const wide = !(d1 - d0 < Infinity);
  const f = wide ? 0.5 : 1;
  const a = d0 * f;
  const span = d1 * f - a;
  const range = r1 - r0;
  return (v: number): number => {
    const p = r0 + ((v * f - a) / span) * range;
    return p < lo ? lo : p > hi ? hi : p;
  };
}
