import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

/** An RGB image, 3 bytes per pixel, row by row. */
export interface RgbImage {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
}

export class UnsupportedImageError extends Error {}

const MAX_PIXELS = 40_000_000;

/**
 * Decodes a JPEG or PNG (told apart by their first bytes, never by the name or type the client sent) with pure
 * JavaScript decoders; anything else is refused. Nothing in an upload is ever executed or served.
 */
export function decodeImage(bytes: Uint8Array): RgbImage {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let rgba: { width: number; height: number; data: Uint8Array };
  try {
    if (buffer[0] === 0xff && buffer[1] === 0xd8) {
      // Straight to RGB: no RGBA copy to convert afterwards.
      const rgb = jpeg.decode(buffer, { useTArray: true, formatAsRGBA: false, maxResolutionInMP: MAX_PIXELS / 1e6, maxMemoryUsageInMB: 512 });
      return { width: rgb.width, height: rgb.height, data: rgb.data };
    } else if (buffer.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
      const png = PNG.sync.read(buffer);
      if (png.width * png.height > MAX_PIXELS) throw new UnsupportedImageError('too large');
      rgba = png;
    } else {
      throw new UnsupportedImageError('not an image');
    }
  } catch {
    throw new UnsupportedImageError('Upload a JPEG or PNG photo.');
  }
  const { width, height } = rgba;
  const data = new Uint8Array(width * height * 3);
  for (let i = 0, j = 0; i < width * height * 4; i += 4, j += 3) {
    data[j] = rgba.data[i]!;
    data[j + 1] = rgba.data[i + 1]!;
    data[j + 2] = rgba.data[i + 2]!;
  }
  return { width, height, data };
}

/** The region `x, y, w, h` (clamped to the image) scaled to `outW × outH` by area averaging. */
export function resample(image: RgbImage, region: readonly [number, number, number, number], outW: number, outH: number): RgbImage {
  const [rx, ry, rw, rh] = region;
  const x0 = Math.max(0, Math.floor(rx));
  const y0 = Math.max(0, Math.floor(ry));
  const x1 = Math.min(image.width, Math.ceil(rx + rw));
  const y1 = Math.min(image.height, Math.ceil(ry + rh));
  const w = Math.max(1, x1 - x0);
  const h = Math.max(1, y1 - y0);
  const out = new Uint8Array(outW * outH * 3);
  for (let oy = 0; oy < outH; oy++) {
    const sy0 = y0 + Math.floor((oy * h) / outH);
    const sy1 = Math.max(sy0 + 1, y0 + Math.floor(((oy + 1) * h) / outH));
    for (let ox = 0; ox < outW; ox++) {
      const sx0 = x0 + Math.floor((ox * w) / outW);
      const sx1 = Math.max(sx0 + 1, x0 + Math.floor(((ox + 1) * w) / outW));
      let r = 0;
      let g = 0;
      let b = 0;
      let n = 0;
      for (let sy = sy0; sy < sy1; sy++) {
        for (let sx = sx0; sx < sx1; sx++) {
          const i = (sy * image.width + sx) * 3;
          r += image.data[i]!;
          g += image.data[i + 1]!;
          b += image.data[i + 2]!;
          n++;
        }
      }
      const o = (oy * outW + ox) * 3;
      out[o] = r / n;
      out[o + 1] = g / n;
      out[o + 2] = b / n;
    }
  }
  return { width: outW, height: outH, data: out };
}

/** The image scaled down so its longer side is at most `maxSide` (unchanged when already small enough). */
export function fitWithin(image: RgbImage, maxSide: number): { image: RgbImage; scale: number } {
  const longer = Math.max(image.width, image.height);
  if (longer <= maxSide) return { image, scale: 1 };
  const scale = maxSide / longer;
  const w = Math.round(image.width * scale);
  const h = Math.round(image.height * scale);
  return { image: resample(image, [0, 0, image.width, image.height], w, h), scale };
}

/** Grey levels (BT.601 luma) of an RGB image. */
export function grey(image: RgbImage): Float32Array {
  const out = new Float32Array(image.width * image.height);
  for (let i = 0, j = 0; j < out.length; i += 3, j++) {
    out[j] = 0.299 * image.data[i]! + 0.587 * image.data[i + 1]! + 0.114 * image.data[i + 2]!;
  }
  return out;
}

/** A JPEG of the image (thumbnails). */
export function encodeJpeg(image: RgbImage, quality = 80): Buffer {
  const rgba = new Uint8Array(image.width * image.height * 4);
  for (let i = 0, j = 0; i < image.data.length; i += 3, j += 4) {
    rgba[j] = image.data[i]!;
    rgba[j + 1] = image.data[i + 1]!;
    rgba[j + 2] = image.data[i + 2]!;
    rgba[j + 3] = 255;
  }
  return jpeg.encode({ width: image.width, height: image.height, data: rgba }, quality).data;
}
