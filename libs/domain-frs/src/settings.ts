import { z } from 'zod';

/**
 * Recognition settings. The defaults come from measurements on the sample photos shipped in
 * `@vladmandic/human` and `@vladmandic/face-api` with the `faceres` description model (decision 0012):
 * the same person across different photos scored 0.66–0.75 (cosine), the closest stranger 0.55.
 */
export const FrsSettingsSchema = z.object({
  /** The best person's similarity must be at least this (cosine of L2-normalised embeddings, -1…1). */
  matchThreshold: z.number().min(0).max(1),
  /** … and ahead of the second-best person by at least this much. */
  matchMargin: z.number().min(0).max(1),
  /** Smallest accepted face, in pixels of the shorter side of its box. */
  minFaceSize: z.number().int().min(16).max(2000),
  /** Largest head turn (yaw) and nod (pitch) accepted for enrolment, in radians. */
  maxYaw: z.number().min(0).max(1.6),
  maxPitch: z.number().min(0).max(1.6),
  /** Smallest sharpness (variance of the Laplacian of the face, grey levels²) accepted for enrolment. */
  minSharpness: z.number().min(0),
  /** Smallest detector confidence for a face to count. */
  minFaceScore: z.number().min(0).max(1),
  /** How far the head must turn (radians of yaw) between the two frames of a liveness challenge. */
  livenessTurn: z.number().min(0).max(1.6),
});
export type FrsSettings = z.infer<typeof FrsSettingsSchema>;

export const DEFAULT_FRS_SETTINGS: FrsSettings = {
  matchThreshold: 0.6,
  matchMargin: 0.05,
  minFaceSize: 80,
  maxYaw: 0.5,
  maxPitch: 0.5,
  minSharpness: 20,
  minFaceScore: 0.5,
  livenessTurn: 0.2,
};

/** Enrolment takes this many photos of one person. */
export const MIN_ENROLMENT_PHOTOS = 3;
export const MAX_ENROLMENT_PHOTOS = 5;
/** Largest accepted upload, per photo. */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
