import type { Worker } from 'node:worker_threads';
import { startWorker } from '../../../platform/worker-thread.js';
import { UnsupportedImageError } from './images.js';
import type { AnalysisPurpose, IdentifiedFace, ImageAnalysis, WorkerReply, WorkerRequest } from './protocol.js';

export { UnsupportedImageError };
export type { AnalysedFace, IdentifiedFace, ImageAnalysis } from './protocol.js';

/** Finds faces in photos: one worker thread with the models, shared by every app in the process. */
export interface Recognizer {
  /** Every face with what enrolment checks: pose, sharpness, a thumbnail. */
  analyse(bytes: Uint8Array): Promise<ImageAnalysis>;
  /** Every face with what a clock event needs (no sharpness, no thumbnail): the same embeddings, less work. */
  identify(bytes: Uint8Array): Promise<ImageAnalysis<IdentifiedFace>>;
  /** Loads the models and runs them once, ahead of the first photo. */
  warm(): Promise<void>;
  close(): Promise<void>;
}

class WorkerRecognizer implements Recognizer {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (r: ImageAnalysis<IdentifiedFace>) => void; reject: (e: Error) => void }>();

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    // The compiled `face-worker.js` beside this file (from the sources, `face-worker.ts` through tsx).
    const worker = startWorker(import.meta.url, 'face-worker');
    worker.unref();
    worker.on('message', (reply: WorkerReply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (reply.result) waiting.resolve(reply.result);
      else if (reply.error.kind === 'unsupported') waiting.reject(new UnsupportedImageError(reply.error.message));
      else waiting.reject(new Error(`Face analysis failed: ${reply.error.message}`));
    });
    const fail = (error: Error) => {
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
      this.worker = null;
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The face worker stopped (${code}).`)));
    this.worker = worker;
    return worker;
  }

  analyse(bytes: Uint8Array): Promise<ImageAnalysis> {
    return this.ask('enrol', bytes) as Promise<ImageAnalysis>;
  }

  identify(bytes: Uint8Array): Promise<ImageAnalysis<IdentifiedFace>> {
    return this.ask('identify', bytes);
  }

  async warm(): Promise<void> {
    await this.ask('warm', new Uint8Array(0));
  }

  private ask(purpose: AnalysisPurpose, bytes: Uint8Array): Promise<ImageAnalysis<IdentifiedFace>> {
    const worker = this.ensureWorker();
    const id = this.nextId++;
    return new Promise<ImageAnalysis<IdentifiedFace>>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // While a request waits, the worker keeps the process alive; otherwise it does not.
      worker.ref();
      const request: WorkerRequest = { id, purpose, bytes };
      worker.postMessage(request);
    }).finally(() => {
      if (this.pending.size === 0) this.worker?.unref();
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }
}

let shared: Recognizer | null = null;

/** The process's recognizer: the models load once, when warmed at start or else on the first photo. */
export function sharedRecognizer(): Recognizer {
  shared ??= new WorkerRecognizer();
  return shared;
}
