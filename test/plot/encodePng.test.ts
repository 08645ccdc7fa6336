import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { encodePng } from '../../src/plot/encodePng.js';

describe('encodePng', () => {
  it('encodePng round-trips opaque RGBA pixels exactly through a real PNG decoder', async () => {
    const width = 37;
    const height = 23;
    const rgba = new Uint8Array(width * height * 4);
    let s = 12345;
    for (let i = 0; i < rgba.length; i++) {
      s = (s * 1103515245 + 12345) >>> 0;
      rgba[i] = (i & 3) === 3 ? 255 : s >>> 24;
    }
    const image = await loadImage(Buffer.from(encodePng(rgba, width, height)));
    expect([image.width, image.height]).toEqual([width, height]);
    const ctx = createCanvas(width, height).getContext('2d');
    ctx.drawImage(image, 0, 0);
    expect(Array.from(ctx.getImageData(0, 0, width, height).data)).toEqual(Array.from(rgba));
  });

  it('encodePng writes only IHDR, IDAT and IEND chunks', () => {
    const png = encodePng(new Uint8Array(4 * 4 * 4).fill(255), 4, 4);
    const types: string[] = [];
    const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
    for (let at = 8; at < png.length; at += 12 + view.getUint32(at)) {
      types.push(String.fromCharCode(...png.subarray(at + 4, at + 8)));
    }
    expect(types).toEqual(['IHDR', 'IDAT', 'IEND']);
  });
});
