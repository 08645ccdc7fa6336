import { binDensity } from '../dist/binDensity.js';
import type { Distribution } from '../dist/Distribution.js';
import { finiteMean } from '../dist/finiteMean.js';
import type { DensityPicture } from './DensityPicture.js';

/**
 * Reduces a distribution to what its plot shows: binDensity's histogram of the finite part
 * (or its single delta), the finite part's mean for the E(X) line, and the special masses.
 */
export function toDensityPicture(dist: Distribution, fullResolution: boolean): DensityPicture {
  const bins = binDensity(dist, { fullResolution });
  const single = bins.pointPosition !== undefined && bins.pointMass !== undefined;
  return {
    edges: single ? new Float64Array(0) : bins.edges,
    heights: bins.heights,
    delta: single ? { position: bins.pointPosition!, mass: bins.pointMass! } : undefined,
    // E(X) of the finite part: with NaN or infinite mass the full mean is not a place on the axis.
    mean: finiteMean(dist),
    nanMass: bins.nanMass,
    negInfMass: bins.negInfMass,
    posInfMass: bins.posInfMass,
  };
}
