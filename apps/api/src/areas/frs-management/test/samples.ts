import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import jpeg from 'jpeg-js';
import { packageDir } from '../recognition/package-dir.js';

/**
 * A sample photo shipped inside `@vladmandic/human` (its `assets/` folder), read from node_modules at test time;
 * none is copied into the repository.
 */
export function sampleImage(name: string): string {
  return join(packageDir('@vladmandic/human'), 'assets', name);
}

/** A JPEG of the region `x, y, w, h` of a sample photo, with `margin` (share of the size) added on each side. */
export function sampleCrop(name: string, box: readonly [number, number, number, number], margin = 0.4): Buffer {
  const image = jpeg.decode(readFileSync(sampleImage(name)), { useTArray: true });
  const [bx, by, bw, bh] = box;
  const x0 = Math.max(0, Math.round(bx - bw * margin));
  const y0 = Math.max(0, Math.round(by - bh * margin));
  const x1 = Math.min(image.width, Math.round(bx + bw * (1 + margin)));
  const y1 = Math.min(image.height, Math.round(by + bh * (1 + margin)));
  const w = x1 - x0;
  const h = y1 - y0;
  const data = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) data.set(image.data.subarray(((y0 + y) * image.width + x0) * 4, ((y0 + y) * image.width + x1) * 4), y * w * 4);
  return jpeg.encode({ width: w, height: h, data }, 92).data;
}

/**
 * The people in the samples, as regions of the photos they appear in: the package author in four different
 * pictures (three to enrol, one to recognise), and faces of other people for strangers and group photos.
 */
export const SAMPLES = {
  author: {
    enrol: [
      () => sampleCrop('screenshot-faceid.jpg', [15, 139, 134, 134]),
      () => sampleCrop('screenshot-facematch.jpg', [0, 0, 185, 240], 0),
      () => sampleCrop('screenshot-facematch.jpg', [844, 274, 126, 124], 0),
    ],
    probe: () => sampleCrop('screenshot-facedetect.jpg', [16, 350, 132, 133], 0.1),
  },
  stranger: () => sampleCrop('screenshot-facedetect.jpg', [175, 347, 133, 132], 0.1),
  group: () => readFileSync(sampleImage('samples.jpg')),
  noFace: () => readFileSync(sampleImage('screenshot-vrm.jpg')),
} as const;

/** The same JPEG turned left to right, as a mirror shows it (the head seems turned the other way). */
export function mirrored(photo: Buffer): Buffer {
  const image = jpeg.decode(photo, { useTArray: true });
  const { width, height } = image;
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) data.set(image.data.subarray((y * width + x) * 4, (y * width + x) * 4 + 4), (y * width + (width - 1 - x)) * 4);
  }
  return jpeg.encode({ width, height, data }, 92).data;
}
