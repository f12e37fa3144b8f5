import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import jpeg from 'jpeg-js';
import { REPO_ROOT } from '../harness';

/** A sample photo shipped inside `@vladmandic/human`, read from node_modules (never copied into the repository). */
function sample(name: string): string {
  const file = join(REPO_ROOT, 'node_modules/@vladmandic/human/assets', name);
  if (!existsSync(file)) throw new Error(`${file} is missing: run npm install.`);
  return file;
}

/** A JPEG of the region `x, y, w, h` of a sample photo. */
function crop(name: string, [x0, y0, w, h]: readonly [number, number, number, number]): Buffer {
  const image = jpeg.decode(readFileSync(sample(name)), { useTArray: true });
  const data = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) data.set(image.data.subarray(((y0 + y) * image.width + x0) * 4, ((y0 + y) * image.width + x0 + w) * 4), y * w * 4);
  return jpeg.encode({ width: w, height: h, data }, 92).data;
}

/** The package author in four different pictures: three to enrol, one to clock in with. */
export const AUTHOR = {
  enrol: [
    crop('screenshot-faceid.jpg', [0, 85, 203, 242]),
    crop('screenshot-facematch.jpg', [0, 0, 185, 240]),
    crop('screenshot-facematch.jpg', [844, 274, 126, 124]),
  ],
  probe: crop('screenshot-facedetect.jpg', [3, 337, 158, 159]),
};
