/** What a density plot shows, already reduced from the distribution (see toDensityPicture). */
export interface DensityPicture {
  /** Bin edges (bins + 1, increasing) and heights (bins) of the finite part's density. */
  edges: Float64Array;
  heights: Float64Array;
  /** Set when the finite part is a single delta: drawn as an arrow at `position`. */
  delta: { position: number; mass: number } | undefined;
  /** Mean of the finite part (NaN when there is none): the E(X) line. */
  mean: number;
  nanMass: number;
  negInfMass: number;
  posInfMass: number;
}
