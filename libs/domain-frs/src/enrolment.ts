import type { FrsSettings } from './settings.js';

/** What the detector found about one face in a photo. */
export interface FaceObservation {
  /** Detector confidence 0…1. */
  readonly score: number;
  /** x, y, width, height in pixels of the photo. */
  readonly box: readonly [number, number, number, number];
  /** Head rotation in radians. */
  readonly yaw: number;
  readonly pitch: number;
  /** Variance of the Laplacian over the face (grey levels²): low means blurred. */
  readonly sharpness: number;
}

export type PhotoCheck = { readonly ok: true; readonly face: FaceObservation } | { readonly ok: false; readonly message: string };

export const NO_FACE_MESSAGE = 'No face was found in this photo.';
export const SEVERAL_FACES_MESSAGE = 'This photo shows more than one face; use a photo of this person alone.';
export const SMALL_FACE_MESSAGE = 'The face is too small; come closer to the camera or crop the photo.';
export const NOT_FRONTAL_MESSAGE = 'The face is turned away; look straight at the camera.';
export const BLURRED_MESSAGE = 'The photo is too blurred; hold the camera still in good light.';

/** Whether a photo is fit for enrolment: exactly one face, large, frontal and sharp enough; otherwise why not. */
export function checkEnrolmentPhoto(
  faces: readonly FaceObservation[],
  settings: Pick<FrsSettings, 'minFaceScore' | 'minFaceSize' | 'maxYaw' | 'maxPitch' | 'minSharpness'>,
): PhotoCheck {
  const counted = faces.filter((f) => f.score >= settings.minFaceScore);
  if (counted.length === 0) return { ok: false, message: NO_FACE_MESSAGE };
  if (counted.length > 1) return { ok: false, message: SEVERAL_FACES_MESSAGE };
  const face = counted[0]!;
  if (Math.min(face.box[2], face.box[3]) < settings.minFaceSize) return { ok: false, message: SMALL_FACE_MESSAGE };
  if (Math.abs(face.yaw) > settings.maxYaw || Math.abs(face.pitch) > settings.maxPitch) {
    return { ok: false, message: NOT_FRONTAL_MESSAGE };
  }
  if (face.sharpness < settings.minSharpness) return { ok: false, message: BLURRED_MESSAGE };
  return { ok: true, face };
}

/**
 * Variance of the 4-neighbour Laplacian of a grey image (row-major, one byte or number per pixel): the usual
 * focus measure — edges of a sharp face give large second derivatives, a blurred one small.
 */
export function laplacianVariance(grey: ArrayLike<number>, width: number, height: number): number {
  if (width < 3 || height < 3) return 0;
  let sum = 0;
  let sumSq = 0;
  let n = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const v = grey[i - width]! + grey[i + width]! + grey[i - 1]! + grey[i + 1]! - 4 * grey[i]!;
      sum += v;
      sumSq += v * v;
      n++;
    }
  }
  const mean = sum / n;
  return sumSq / n - mean * mean;
}
