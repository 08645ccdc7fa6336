/**
 * Maps [d0, d1] onto [r0, r1]. Works on halves so that domains spanning most of the float64
 * range (-1e308 .. 1e308) do not overflow; results are clamped to [lo, hi] pixels so that
 * far-away points stay finite, well-formed coordinates (drawing is clipped anyway).
 */
export function linearScale(d0: number, d1: number, r0: number, r1: number, lo: number, hi: number): (v: number) => number {
  const h0 = d0 * 0.5;
  const span = d1 * 0.5 - h0;
  const k = (r1 - r0) / span;
  return (v: number): number => {
    const p = r0 + (v * 0.5 - h0) * k;
    return p < lo ? lo : p > hi ? hi : p;
  };
}
