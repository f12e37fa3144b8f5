import { startWorker, WorkerCalls } from '../../../platform/worker-thread.js';
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
  private calls: WorkerCalls<WorkerReply> | null = null;

  private ensureCalls(): WorkerCalls<WorkerReply> {
    if (this.calls) return this.calls;
    // The compiled `face-worker.js` beside this file (from the sources, `face-worker.ts` through tsx).
    const calls = new WorkerCalls<WorkerReply>(startWorker(import.meta.url, 'face-worker'), {
      name: 'The face worker',
      // A stopped worker is started again on the next photo.
      stopped: () => {
        if (this.calls === calls) this.calls = null;
      },
    });
    this.calls = calls;
    return calls;
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

  private async ask(purpose: AnalysisPurpose, bytes: Uint8Array): Promise<ImageAnalysis<IdentifiedFace>> {
    const request: Omit<WorkerRequest, 'id'> = { purpose, bytes };
    const reply = await this.ensureCalls().call(request);
    if (reply.result) return reply.result;
    if (reply.error.kind === 'unsupported') throw new UnsupportedImageError(reply.error.message);
    throw new Error(`Face analysis failed: ${reply.error.message}`);
  }

  async close(): Promise<void> {
    const calls = this.calls;
    this.calls = null;
    if (calls) await calls.worker.terminate();
  }
}

let shared: Recognizer | null = null;

/** The process's recognizer: the models load once, when warmed at start or else on the first photo. */
export function sharedRecognizer(): Recognizer {
  shared ??= new WorkerRecognizer();
  return shared;
}
