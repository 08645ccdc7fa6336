/** A small deterministic generator for test data (mulberry32, public-domain algorithm). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** n standard normal samples (Box-Muller) from a seeded generator. */
export function gaussianSamples(seed: number, n: number): Float64Array {
  const next = mulberry32(seed);
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    out[i] = Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
  }
  return out;
}
