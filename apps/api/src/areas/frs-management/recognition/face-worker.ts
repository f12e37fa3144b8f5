/**
 * The face models, in a worker thread so inference never blocks the API's event loop. It loads
 * `@vladmandic/human` (the Node build for the TensorFlow.js WebAssembly backend) and the models shipped inside
 * that package from node_modules; nothing is downloaded. Messages: `{ id, bytes }` in, `{ id, result | error }` out.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parentPort } from 'node:worker_threads';
import { laplacianVariance } from '@campus/domain-frs';
import { packageDir } from './package-dir.js';
import { decodeImage, encodeJpeg, fitWithin, grey, resample, UnsupportedImageError } from './images.js';
import type { AnalysedFace, AnalysisPurpose, IdentifiedFace, ImageAnalysis, WorkerReply, WorkerRequest } from './protocol.js';

const require = createRequire(import.meta.url);

interface Tensor {
  dispose(): void;
}
interface HumanFace {
  score: number;
  box: [number, number, number, number];
  embedding?: number[];
  real?: number;
  live?: number;
  rotation?: { angle: { yaw: number; pitch: number; roll: number } } | null;
}
interface HumanInstance {
  load(): Promise<void>;
  detect(input: Tensor): Promise<{ face: HumanFace[] }>;
  tf: { tensor3d(data: Uint8Array, shape: [number, number, number], dtype: 'int32'): Tensor };
}
interface IoHandler {
  load(): Promise<Record<string, unknown>>;
}
interface TfCore {
  io: { registerLoadRouter(router: (url: string | string[]) => IoHandler | null): void };
}

/** Frames are scaled to this longer side before detection (a 640-pixel frame takes ~180 ms on two cores). */
const DETECTION_SIDE = 800;
const THUMBNAIL_SIDE = 96;
const SHARPNESS_SIDE = 128;

/** Model files are read from disk: tfjs-node would register `file://`, but it downloads at install. */
function registerFileLoader(tf: TfCore): void {
  tf.io.registerLoadRouter((url) => {
    const first = Array.isArray(url) ? url[0] : url;
    if (typeof first !== 'string' || !first.startsWith('file://')) return null;
    const file = first.slice('file://'.length);
    return {
      load: async () => {
        const json = JSON.parse(readFileSync(file, 'utf8')) as {
          modelTopology: unknown;
          weightsManifest: { paths: string[]; weights: unknown[] }[];
          [key: string]: unknown;
        };
        const specs = json.weightsManifest.flatMap((group) => group.weights);
        const weights = Buffer.concat(json.weightsManifest.flatMap((group) => group.paths.map((p) => readFileSync(join(dirname(file), p)))));
        return {
          modelTopology: json.modelTopology,
          weightSpecs: specs,
          weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
          format: json.format,
          generatedBy: json.generatedBy,
          convertedBy: json.convertedBy,
          // Without the signature the description model would expose only its age and gender outputs.
          signature: json.signature,
          userDefinedMetadata: json.userDefinedMetadata,
          modelInitializer: json.modelInitializer,
        };
      },
    };
  });
}

async function createHuman(): Promise<HumanInstance> {
  const tf = require('@tensorflow/tfjs-core') as TfCore;
  registerFileLoader(tf);
  const humanDir = packageDir('@vladmandic/human');
  const { Human } = require(join(humanDir, 'dist/human.node-wasm.js')) as { Human: new (config: object) => HumanInstance };
  const human = new Human({
    backend: 'wasm',
    wasmPath: `${join(packageDir('@tensorflow/tfjs-backend-wasm'), 'dist')}/`,
    modelBasePath: `file://${join(humanDir, 'models')}/`,
    debug: false,
    cacheModels: false,
    // Each frame is a separate photo: no skipping of frames or reuse of earlier results.
    skipAllowed: false,
    // …and no comparison with the previous frame to decide whether it may be skipped (it costs ~15 ms a frame).
    cacheSensitivity: 0,
    filter: { enabled: false },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    gesture: { enabled: false },
    segmentation: { enabled: false },
    face: {
      enabled: true,
      detector: { rotation: false, maxDetected: 10, minConfidence: 0.2, return: false },
      mesh: { enabled: true },
      iris: { enabled: false },
      emotion: { enabled: false },
      description: { enabled: true },
      antispoof: { enabled: true },
      liveness: { enabled: true },
    },
  });
  await human.load();
  return human;
}

let human: Promise<HumanInstance> | null = null;

/** Loads the models and runs them once on a blank frame, so the first real photo pays for neither. */
async function warm(): Promise<ImageAnalysis<IdentifiedFace>> {
  human ??= createHuman();
  const h = await human;
  const tensor = h.tf.tensor3d(new Uint8Array(256 * 256 * 3), [256, 256, 3], 'int32');
  try {
    await h.detect(tensor);
  } finally {
    tensor.dispose();
  }
  return { width: 0, height: 0, faces: [] };
}

async function analyse(bytes: Uint8Array, purpose: Exclude<AnalysisPurpose, 'warm'>): Promise<ImageAnalysis<IdentifiedFace>> {
  const image = decodeImage(bytes);
  const { image: frame, scale } = fitWithin(image, DETECTION_SIDE);
  human ??= createHuman();
  const h = await human;
  const tensor = h.tf.tensor3d(frame.data, [frame.height, frame.width, 3], 'int32');
  let detected: HumanFace[];
  try {
    detected = (await h.detect(tensor)).face;
  } finally {
    tensor.dispose();
  }
  const faces = detected.map((face): IdentifiedFace | AnalysedFace => {
    const box = face.box.map((v) => v / scale) as [number, number, number, number];
    const identified: IdentifiedFace = {
      score: face.score,
      box,
      yaw: face.rotation?.angle.yaw ?? 0,
      pitch: face.rotation?.angle.pitch ?? 0,
      embedding: Float32Array.from(face.embedding ?? []),
      antispoof: face.real ?? null,
      liveness: face.live ?? null,
    };
    if (purpose === 'identify') return identified;
    const crop = resample(image, box, SHARPNESS_SIDE, SHARPNESS_SIDE);
    const margin = 0.2;
    const around: [number, number, number, number] = [box[0] - box[2] * margin, box[1] - box[3] * margin, box[2] * (1 + 2 * margin), box[3] * (1 + 2 * margin)];
    return {
      ...identified,
      sharpness: laplacianVariance(grey(crop), SHARPNESS_SIDE, SHARPNESS_SIDE),
      thumbnail: new Uint8Array(encodeJpeg(resample(image, around, THUMBNAIL_SIDE, THUMBNAIL_SIDE))),
    };
  });
  return { width: image.width, height: image.height, faces };
}

parentPort?.on('message', (request: WorkerRequest) => {
  (request.purpose === 'warm' ? warm() : analyse(request.bytes, request.purpose)).then(
    (result) => {
      const reply: WorkerReply = { id: request.id, result };
      const buffers = result.faces.flatMap((f) => ('thumbnail' in f ? [f.embedding.buffer, (f as AnalysedFace).thumbnail.buffer] : [f.embedding.buffer]));
      parentPort!.postMessage(reply, buffers as ArrayBuffer[]);
    },
    (error: unknown) => {
      const reply: WorkerReply = {
        id: request.id,
        error: error instanceof UnsupportedImageError ? { kind: 'unsupported', message: error.message } : { kind: 'failure', message: String(error) },
      };
      parentPort!.postMessage(reply);
    },
  );
});
