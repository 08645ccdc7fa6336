/**
 * Runs of bins that together are narrower than this (CSS px) are drawn as one vertical
 * stroke spanning their heights: half a device pixel at 2x, so nothing visible is lost.
 */
export const MIN_RUN_WIDTH = 0.25;

/**
 * The outline of a step histogram in pixels: up from the baseline at the first edge, across
 * every bin at its height, down to the baseline at the last edge. Bins narrower than a pixel
 * (full-resolution values of thousands of deltas) are merged per MIN_RUN_WIDTH keeping their
 * highest and lowest heights, so the path stays near the number of pixel columns. One typed
 * array, no per-bin objects.
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
  for (let i = 0; i < n; ) {
    const y = pixelY(heights[i]!, sy, base);
    let next = sx(edges[i + 1]!);
    let j = i + 1;
    if (next - x < MIN_RUN_WIDTH && j < n && sx(edges[j + 1]!) - x < MIN_RUN_WIDTH) {
      // A run of sub-pixel bins: one vertical stroke from its top to its bottom.
      let top = y;
      let bottom = y;
      let last = y;
      while (j < n) {
        const after = sx(edges[j + 1]!);
        if (after - x >= MIN_RUN_WIDTH) break;
        last = pixelY(heights[j]!, sy, base);
        if (last < top) top = last;
        if (last > bottom) bottom = last;
        next = after;
        j++;
      }
      out[k++] = x;
      out[k++] = top;
      out[k++] = x;
      out[k++] = bottom;
      out[k++] = next;
      out[k++] = last;
    } else {
      out[k++] = x;
      out[k++] = y;
      out[k++] = next;
      out[k++] = y;
    }
    x = next;
    i = j;
  }
  out[k++] = x;
  out[k++] = base;
  return out.subarray(0, k);
}

function pixelY(h: number, sy: (v: number) => number, base: number): number {
  return h === h ? sy(h) : base;
}
