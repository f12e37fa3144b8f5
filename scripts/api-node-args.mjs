// The Node.js options the API's processes run with (`npm start`, `npm run cluster`, and the benchmarks that measure
// the API in a process of its own). `--max-old-space-size` caps the API's heap at API_HEAP_MB (1024 MiB by default):
// without a cap V8 sizes the heap from the machine's memory and lets garbage pile up to hundreds of megabytes before
// its first full collection (an import of 100,000 rows grew the API from 360 to over 600 MiB, nearly all of it
// garbage); with it, collections come sooner and the process stays near what it really holds (about 100 MiB of live
// heap at rest). Uploads are read as streams, so no request needs a heap near the cap.
//
// With the embedded database, which runs in the API's own process, two more (decision 0081):
// - `--no-liftoff`: WebAssembly (the database) is compiled once, by V8's optimising compiler, instead of first by its
//   baseline compiler and again, function by function, as they grow hot. The process keeps one copy of the code
//   instead of two (about 40 MiB less), and the database runs at full speed from its first statement; opening it
//   takes about a second longer.
// - `--max-semi-space-size=4`: a young generation of 4 MiB halves instead of 16, so short-lived garbage (a chunk of
//   rows checked and saved) is collected in smaller steps; about 50 MiB less at the peak of an import.
export function apiNodeArgs(env = process.env) {
  const raw = env.API_HEAP_MB ?? '1024';
  const mb = Number(raw);
  if (!Number.isInteger(mb) || mb < 256) throw new Error(`API_HEAP_MB must be a whole number of MiB, at least 256 (it is "${raw}").`);
  return [`--max-old-space-size=${mb}`, ...(embeddedDatabase(env) ? ['--no-liftoff', '--max-semi-space-size=4'] : [])];
}

/** Whether the API runs with the embedded database (no PostgreSQL `DATABASE_URL`). */
function embeddedDatabase(env) {
  return !env.DATABASE_URL?.startsWith('postgres');
}

// The environment the API's process runs with, beyond what it is given. With the embedded database, glibc's malloc
// - is told to hand freed memory back to the system (`MALLOC_TRIM_THRESHOLD_`; setting it also keeps large blocks in
//   mappings of their own): the database thread's WebAssembly runtime and the thread that creates a new database
//   (see `openDatabase`) free large blocks that glibc otherwise keeps. An import of 100,000 students peaked about
//   100 MiB lower with it;
// - keeps two arenas (`MALLOC_ARENA_MAX=2`) instead of up to eight per core, one per thread that allocates at once
//   (the event loop, the database thread, V8's and libuv's helpers), each holding freed memory of its own: about
//   20 MiB lower (decision 0081). One arena was no smaller, and slower.
// A value already set is kept.
export function apiNodeEnv(env = process.env) {
  if (!embeddedDatabase(env)) return {};
  const out = {};
  if (env.MALLOC_TRIM_THRESHOLD_ === undefined) out.MALLOC_TRIM_THRESHOLD_ = String(128 * 1024);
  if (env.MALLOC_ARENA_MAX === undefined) out.MALLOC_ARENA_MAX = '2';
  return out;
}
