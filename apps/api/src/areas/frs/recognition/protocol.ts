/** One face found in a photo, in the photo's own pixels. */
export interface AnalysedFace {
  readonly score: number;
  readonly box: [number, number, number, number];
  readonly yaw: number;
  readonly pitch: number;
  readonly sharpness: number;
  /** The face description (1024 numbers). */
  readonly embedding: Float32Array;
  /** Passive anti-spoofing score 0…1 (1 = a real face), and the liveness model's score. */
  readonly antispoof: number | null;
  readonly liveness: number | null;
  /** A small JPEG of the face. */
  readonly thumbnail: Uint8Array;
}

export interface ImageAnalysis {
  readonly width: number;
  readonly height: number;
  readonly faces: AnalysedFace[];
}

export interface WorkerRequest {
  readonly id: number;
  readonly bytes: Uint8Array;
}

export type WorkerReply =
  | { readonly id: number; readonly result: ImageAnalysis; readonly error?: undefined }
  | { readonly id: number; readonly error: { kind: 'unsupported' | 'failure'; message: string }; readonly result?: undefined };
