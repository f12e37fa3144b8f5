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
