// The Node.js options the API's processes run with (`npm start`, `npm run cluster`, and the benchmarks that measure
// the API in a process of its own). `--max-old-space-size` caps the API's heap at API_HEAP_MB (1024 MiB by default):
// without a cap V8 sizes the heap from the machine's memory and lets garbage pile up to hundreds of megabytes before
// its first full collection (an import of 100,000 rows grew the API from 360 to over 600 MiB, nearly all of it
// garbage); with it, collections come sooner and the process stays near what it really holds (about 100 MiB of live
// heap at rest). Uploads are read as streams, so no request needs a heap near the cap.
export function apiNodeArgs(env = process.env) {
  const raw = env.API_HEAP_MB ?? '1024';
  const mb = Number(raw);
  if (!Number.isInteger(mb) || mb < 256) throw new Error(`API_HEAP_MB must be a whole number of MiB, at least 256 (it is "${raw}").`);
  return [`--max-old-space-size=${mb}`];
}

// The environment the API's process runs with, beyond what it is given. With the embedded database, glibc's malloc
// is told to hand freed memory back to the system (`MALLOC_TRIM_THRESHOLD_`; setting it also keeps large blocks in
// mappings of their own): the database thread's WebAssembly runtime and the thread that creates a new database
// (see `openDatabase`) free large blocks that glibc otherwise keeps. An import of 100,000 students peaked about
// 100 MiB lower with it. A value already set is kept.
export function apiNodeEnv(env = process.env) {
  const embedded = !env.DATABASE_URL?.startsWith('postgres');
  return embedded && env.MALLOC_TRIM_THRESHOLD_ === undefined ? { MALLOC_TRIM_THRESHOLD_: String(128 * 1024) } : {};
}
