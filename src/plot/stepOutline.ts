/**
 * The outline of a step histogram in pixels: up from the baseline at the first edge, across
 * every bin at its height, down to the baseline at the last edge. One typed array, no per-bin
 * objects: this runs once per bin of 4096-delta values.
 */
export function stepOutline(
  edges: Float64Array,
  heights: Float64Array,
  sx: (v: number) => number,
  sy: (v: number) => number,
): Float64Array {
  const n = heights.length;
  const out = new Float64Array(4 * n + 4);
  const base = sy(0);
  let x = sx(edges[0]!);
  out[0] = x;
  out[1] = base;
  let k = 2;
  for (let i = 0; i < n; i++) {
    const h = heights[i]!;
    const y = h === h ? sy(h) : base;
    out[k++] = x;
    out[k++] = y;
    x = sx(edges[i + 1]!);
    out[k++] = x;
    out[k++] = y;
  }
  out[k++] = x;
  out[k] = base;
  return out;
}
