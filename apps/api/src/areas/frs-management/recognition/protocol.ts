/** One face found in a photo, in the photo's own pixels, as identification needs it. */
export interface IdentifiedFace {
  readonly score: number;
  readonly box: [number, number, number, number];
  readonly yaw: number;
  readonly pitch: number;
  /** The face description (1024 numbers). */
  readonly embedding: Float32Array;
  /** Passive anti-spoofing score 0…1 (1 = a real face), and the liveness model's score. */
  readonly antispoof: number | null;
  readonly liveness: number | null;
}

/** A face as enrolment needs it: also its sharpness and a thumbnail (work a clock event does not pay for). */
export interface AnalysedFace extends IdentifiedFace {
  readonly sharpness: number;
  /** A small JPEG of the face. */
  readonly thumbnail: Uint8Array;
}

export interface ImageAnalysis<F extends IdentifiedFace = AnalysedFace> {
  readonly width: number;
  readonly height: number;
  readonly faces: F[];
}

/** `enrol`: every check and a thumbnail; `identify`: only what a clock event uses; `warm`: load the models. */
export type AnalysisPurpose = 'enrol' | 'identify' | 'warm';

export interface WorkerRequest {
  readonly id: number;
  readonly purpose: AnalysisPurpose;
  readonly bytes: Uint8Array;
}

export type WorkerReply =
  | { readonly id: number; readonly result: ImageAnalysis<IdentifiedFace>; readonly error?: undefined }
  | { readonly id: number; readonly error: { kind: 'unsupported' | 'failure'; message: string }; readonly result?: undefined };
