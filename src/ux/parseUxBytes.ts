import { formatParticle } from './formatParticle.js';
import { UxFormatError } from './UxFormatError.js';
import type { UxValue } from './UxValue.js';
import { readUxPairs } from './readUxPairs.js';
import { HEADER_BYTES, layoutMessage, pairLayout } from './uxLayout.js';

const PARTICLE_BYTES = 8;
const MARKER_BYTES = 3;

/**
 * Decodes the binary form: little-endian float64 particle, optional `F0 00 00` marker, then the
 * Ux layout in little-endian. Which of the two layouts applies is decided by whether the length
 * fits (when both would, bytes 8-10 being F0 00 00 mean the marker); `marker` in the result says
 * which one was read. Errors name byte offsets.
 */
export function parseUxBytes(bytes: Uint8Array): UxValue {
  if (!(bytes instanceof Uint8Array)) {
    throw new UxFormatError('not-ux', 0, 'Ux bytes must be a Uint8Array');
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const n = bytes.length;
  const markerLike = n >= PARTICLE_BYTES + MARKER_BYTES && bytes[8] === 0xf0;
  const markerExact = markerLike && bytes[9] === 0 && bytes[10] === 0;
  if (markerExact) {
    const problem = layoutProblem(view, PARTICLE_BYTES + MARKER_BYTES);
    if (problem === undefined) return readFields(view, PARTICLE_BYTES + MARKER_BYTES, true);
    if (layoutProblem(view, PARTICLE_BYTES) === undefined) return readFields(view, PARTICLE_BYTES, false);
    throw problem;
  }
  const problem = layoutProblem(view, PARTICLE_BYTES);
  if (problem === undefined) return readFields(view, PARTICLE_BYTES, false);
  if (markerLike) {
    throw new UxFormatError(
      'bad-marker',
      9,
      `bad marker: byte 8 is F0 but bytes 9-10 are ${hex2(bytes[9]!)} ${hex2(bytes[10]!)}, not 00 00`,
    );
  }
  throw problem;
}

function hex2(b: number): string {
  return b.toString(16).toUpperCase().padStart(2, '0');
}

/** Why the layout starting at `start` does not fit the bytes, or undefined when it does. */
function layoutProblem(view: DataView, start: number): UxFormatError | undefined {
  const n = view.byteLength;
  if (n < start + HEADER_BYTES) {
    return new UxFormatError(
      'truncated',
      n,
      `truncated: Ux bytes need at least ${start + HEADER_BYTES} bytes (particle${start > PARTICLE_BYTES ? ', marker' : ''} and header), got ${n} (input ends at byte ${n})`,
    );
  }
  const count = view.getUint32(start + 17, true);
  const available = n - start - HEADER_BYTES;
  const layout = pairLayout(count, available);
  if (layout === 'double' || layout === 'single') return undefined;
  const at = start + HEADER_BYTES;
  return new UxFormatError(layout, at, layoutMessage(layout, count, available, `byte ${at}`));
}

/** Reads a layout already checked by layoutProblem. */
function readFields(view: DataView, start: number, marker: boolean): UxValue {
  const count = view.getUint32(start + 17, true);
  const single = view.byteLength - start - HEADER_BYTES === count * 12;
  const { positions, rawMasses, masses } = readUxPairs(view, start + HEADER_BYTES, count, single, true);
  const particle = view.getFloat64(0, true);
  return {
    type: view.getUint8(start),
    particle,
    particleText: formatParticle(particle),
    sampleCount: view.getBigUint64(start + 1, true),
    headerMean: view.getFloat64(start + 9, true),
    positions,
    rawMasses,
    masses,
    positionPrecision: single ? 'single' : 'double',
    marker,
  };
}
