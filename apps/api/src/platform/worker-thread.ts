import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts the worker thread whose module is `name` beside the module at `base` (its `import.meta.url`): the compiled
 * `name.js` in a build, `name.ts` through tsx's loader when running from the TypeScript sources (tests, `tsx`).
 */
export function startWorker(base: string, name: string, options: WorkerOptions = {}): Worker {
  if (fileURLToPath(base).endsWith('.ts')) {
    const tsx = pathToFileURL(createRequire(base).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
    const worker = new URL(`./${name}.ts`, base).href;
    const boot = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(worker)}); })`;
    return new Worker(boot, { ...options, eval: true });
  }
  return new Worker(new URL(`./${name}.js`, base), options);
}

/** What a worker thread answers a call with: the call's `id`, then whatever the worker says. */
export interface WorkerAnswer {
  readonly id: number;
}

/**
 * Calls answered by a worker thread: each request is posted with an `id`, and the message carrying that `id` settles
 * it. Other messages go to `other`. While a call is out, the thread keeps the process alive; otherwise it does not.
 * When the thread fails or exits, every call out fails, later calls fail at once, and `stopped` is told.
 */
export class WorkerCalls<Answer extends WorkerAnswer> {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (answer: Answer) => void; reject: (error: Error) => void }>();
  private failure: Error | undefined;

  constructor(
    readonly worker: Worker,
    options: { readonly name: string; readonly other?: (message: unknown) => void; readonly stopped?: (error: Error) => void },
  ) {
    worker.unref();
    worker.on('message', (message: unknown) => {
      const id = (message as Partial<WorkerAnswer> | null)?.id;
      const waiting = typeof id === 'number' ? this.pending.get(id) : undefined;
      if (!waiting) return options.other?.(message);
      this.pending.delete(id!);
      waiting.resolve(message as Answer);
    });
    const stop = (error: Error) => {
      this.failure ??= error;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
      options.stopped?.(error);
    };
    worker.on('error', stop);
    worker.on('exit', (code) => stop(new Error(`${options.name} stopped (${code}).`)));
  }

  call(request: object): Promise<Answer> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<Answer>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.ref();
      this.worker.postMessage({ ...request, id });
    }).finally(() => {
      if (!this.pending.size) this.worker.unref();
    });
  }
}
