import { deflateSync } from 'node:zlib';

const SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);

/** CRC-32 table of the PNG specification (polynomial 0xEDB88320). */
const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** Largest filtered image kept between calls (a 1600x1000 plot needs 6.4 MB). */
const SCRATCH_KEEP_BYTES = 16 << 20;
let scratch = new Uint8Array(0);

/**
 * The filtered-rows buffer, reused across calls (encoding is synchronous, so no two calls
 * share it): a fresh 6.4 MB array per plot cost ~1.5 ms CPU in page faults alone.
 */
function scratchFor(size: number): Uint8Array {
  if (size > SCRATCH_KEEP_BYTES) return new Uint8Array(size);
  if (scratch.length < size) scratch = new Uint8Array(size);
  return scratch.subarray(0, size);
}

/**
 * Encodes straight (or opaque) 8-bit RGBA pixels as a PNG, filter "none", zlib level 1.
 * Our own encoder because Skia's spends ~70 ms on a 1600x1000 plot trying every filter at
 * level 6; plots are mostly flat colour, which fast deflate already packs well. No ancillary
 * chunks: the same pixels always give the same bytes.
 */
export function encodePng(rgba: Uint8Array, width: number, height: number): Uint8Array {
  const stride = width * 4;
  const raw = scratchFor(height * (stride + 1));
  for (let y = 0, o = 0; y < height; y++, o += stride + 1) {
    raw[o] = 0; // filter type "none"
    raw.set(rgba.subarray(y * stride, (y + 1) * stride), o + 1);
  }
  const idat = deflateSync(raw, { level: 1 });
  const ihdr = new Uint8Array(13);
  const view = new DataView(ihdr.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // colour type RGBA
  const chunks = [chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', new Uint8Array(0))];
  let total = SIGNATURE.length;
  for (const c of chunks) total += c.length;
  const out = new Uint8Array(total);
  out.set(SIGNATURE, 0);
  let at = SIGNATURE.length;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out, 4, 8 + data.length));
  return out;
}

function crc32(bytes: Uint8Array, start: number, end: number): number {
  let c = 0xffffffff;
  for (let i = start; i < end; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
