import { describe, expect, it } from 'vitest';
import {
  BLURRED_MESSAGE,
  checkEnrolmentPhoto,
  laplacianVariance,
  NO_FACE_MESSAGE,
  NOT_FRONTAL_MESSAGE,
  SEVERAL_FACES_MESSAGE,
  SMALL_FACE_MESSAGE,
  type FaceObservation,
} from './enrolment.js';
import { DEFAULT_FRS_SETTINGS } from './settings.js';

const good: FaceObservation = { score: 0.98, box: [100, 80, 220, 220], yaw: 0.05, pitch: -0.1, sharpness: 300 };

describe('checkEnrolmentPhoto', () => {
  it.each([
    ['no face', [], NO_FACE_MESSAGE],
    ['only a faint detection', [{ ...good, score: 0.2 }], NO_FACE_MESSAGE],
    ['two faces', [good, { ...good, box: [400, 80, 200, 200] as const }], SEVERAL_FACES_MESSAGE],
    ['a small face', [{ ...good, box: [0, 0, 60, 60] as const }], SMALL_FACE_MESSAGE],
    ['a face turned aside', [{ ...good, yaw: 0.9 }], NOT_FRONTAL_MESSAGE],
    ['a face looking down', [{ ...good, pitch: -0.8 }], NOT_FRONTAL_MESSAGE],
    ['a blurred face', [{ ...good, sharpness: 3 }], BLURRED_MESSAGE],
  ])('rejects a photo with %s and says why', (_name, faces, message) => {
    expect(checkEnrolmentPhoto(faces as FaceObservation[], DEFAULT_FRS_SETTINGS)).toEqual({ ok: false, message });
  });

  it('accepts one large, frontal, sharp face (a faint second detection does not count)', () => {
    expect(checkEnrolmentPhoto([good, { ...good, score: 0.3 }], DEFAULT_FRS_SETTINGS)).toEqual({ ok: true, face: good });
  });
});

describe('laplacianVariance', () => {
  it('is high for a sharp checkerboard and zero for a flat or linear image', () => {
    const w = 16;
    const checker = Array.from({ length: w * w }, (_, i) => ((i % w) + Math.floor(i / w)) % 2 ? 255 : 0);
    const flat = new Array(w * w).fill(128);
    const ramp = Array.from({ length: w * w }, (_, i) => (i % w) * 10);
    expect(laplacianVariance(checker, w, w)).toBeGreaterThan(10_000);
    expect(laplacianVariance(flat, w, w)).toBe(0);
    expect(laplacianVariance(ramp, w, w)).toBe(0);
  });
});
