// Face recognition benchmark (issue 13): identification of one face in a 640-pixel frame through the API's
// worker thread, and the 1:N search of the in-memory matrix at 1,000 / 10,000 / 50,000 enrolled embeddings
// against a baseline measured in the same run: one cosine similarity per enrolled vector in plain JavaScript.
// Needs the built API (`npx nx run @campus/api:build`). Targets: p95 ≤ 400 ms per identification, ≤ 10 ms
// per search at 10,000.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'apps/api/package.json'));
const jpeg = require('jpeg-js');
const { sharedRecognizer } = await import(join(root, 'apps/api/dist/areas/frs-management/recognition/recognizer.js'));
const { FaceIndex } = await import(join(root, 'apps/api/dist/areas/frs-management/face-index.js'));
const { decideIdentity, DEFAULT_FRS_SETTINGS } = await import(join(root, 'libs/domain-frs/dist/index.js'));

const DIMENSIONS = 1024;
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const ms = (v) => `${v.toFixed(2)} ms`;

/** CPU milliseconds (all threads of this process) per call of `fn` over `runs` calls: on a shared machine the wall
 * time includes waiting for a core, the CPU time does not. */
function cpuPerRun(runs, fn) {
  const before = process.cpuUsage();
  for (let i = 0; i < runs; i++) fn();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / runs;
}

function timeRuns(runs, fn) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b);
}

/** One face in a 640 × 451 frame: the face-id sample of @vladmandic/human scaled down (read from node_modules). */
function frame640() {
  const file = join(root, 'node_modules/@vladmandic/human/assets/screenshot-faceid.jpg');
  const image = jpeg.decode(readFileSync(file), { useTArray: true });
  const width = 640;
  const height = Math.round((image.height * width) / image.width);
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const s = (Math.floor((y * image.height) / height) * image.width + Math.floor((x * image.width) / width)) * 4;
      data.set(image.data.subarray(s, s + 4), (y * width + x) * 4);
    }
  }
  return { bytes: jpeg.encode({ width, height, data }, 90).data, width, height };
}

function randomVector() {
  const v = new Array(DIMENSIONS);
  for (let i = 0; i < DIMENSIONS; i++) v[i] = Math.random() * 2 - 1;
  return v;
}

function plainCosine(a, b) {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return dot / Math.sqrt(na * nb);
}

/** Times `runs` identifications through `step`; wall times sorted, plus CPU per run and identifications/s. */
async function identifications(runs, step) {
  const times = [];
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await step();
    times.push(performance.now() - t);
  }
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  return { times: times.sort((a, b) => a - b), cpuMs: (cpu.user + cpu.system) / 1000 / runs, perSecond: runs / elapsed };
}

// 1. Identification of one face: decode, detect, describe (worker thread), then search 1,000 people. The
// baseline is the path clock events took before: the full enrolment analysis (sharpness and thumbnail of every
// face) and a search that answers every person; the current path asks only for what a clock event uses and
// keeps the best two people. Both run in turns in this process, after the same warm-up.
const recognizer = sharedRecognizer();
const frame = frame640();
const people = new FaceIndex(DIMENSIONS);
people.load(Array.from({ length: 1000 }, (_, i) => [`p${i}`, [randomVector()]]));
const loadStart = performance.now();
await recognizer.warm();
const warmMs = performance.now() - loadStart;
for (let i = 0; i < 3; i++) {
  await recognizer.analyse(frame.bytes);
  await recognizer.identify(frame.bytes);
}
const runs = Number(process.env.FRS_BENCH_RUNS ?? 30);
const baseline = { times: [], cpuMs: 0, perSecond: 0 };
const current = { times: [], cpuMs: 0, perSecond: 0 };
// Alternate in rounds of five so a change in the machine's load falls on both paths alike.
for (let done = 0; done < runs; done += 5) {
  const n = Math.min(5, runs - done);
  const b = await identifications(n, async () => {
    const analysis = await recognizer.analyse(frame.bytes);
    decideIdentity(people.search(analysis.faces[0].embedding), DEFAULT_FRS_SETTINGS);
  });
  const c = await identifications(n, async () => {
    const analysis = await recognizer.identify(frame.bytes);
    decideIdentity(people.bestTwo(analysis.faces[0].embedding), DEFAULT_FRS_SETTINGS);
  });
  for (const [total, part] of [[baseline, b], [current, c]]) {
    total.times.push(...part.times);
    total.cpuMs += part.cpuMs * n;
    total.perSecond += part.perSecond * n;
  }
}
const os = await import('node:os');
console.log(`Identification, one face in a ${frame.width}×${frame.height} frame (${runs} runs of each path after warm-up; loading and warming the models took ${ms(warmMs)}, once per process at start):`);
console.log('  path                                   ids/s   p50          p95          CPU per identification');
for (const [name, r] of [['baseline: enrolment analysis, all people', baseline], ['current: identify, best two', current]]) {
  r.times.sort((a, b) => a - b);
  console.log(`  ${name.padEnd(38)} ${(r.perSecond / runs).toFixed(2).padEnd(7)} ${ms(percentile(r.times, 50)).padEnd(12)} ${ms(percentile(r.times, 95)).padEnd(12)} ${ms(r.cpuMs / runs)}`);
}
const p95 = percentile(current.times, 95);
console.log(`  p95 ×${(percentile(baseline.times, 95) / p95).toFixed(2)} faster, CPU ×${(baseline.cpuMs / current.cpuMs).toFixed(2)} less · target p95 ≤ 400 ms: ${p95 <= 400 ? 'met' : 'missed'}`);
console.log(`  load average now: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.availableParallelism()} cores`);
await recognizer.close();

// 2. 1:N search at several sizes: the current path (best two people from the matrix) against the matrix search
// that answers every person, and the plain-JavaScript cosine loop the issue names as the baseline.
console.log('\n1:N search (median of 15 runs; one embedding per person; CPU per search in brackets):');
console.log('  enrolled   best two (current)      every person (matrix)   plain-JS cosine loop    vs plain   target ≤ 10 ms at 10,000');
for (const size of [1000, 10_000, 50_000]) {
  const vectors = Array.from({ length: size }, randomVector);
  const index = new FaceIndex(DIMENSIONS);
  index.load(vectors.map((v, i) => [`p${i}`, [v]]));
  const probe = randomVector();
  const paths = {
    current: () => decideIdentity(index.bestTwo(probe), DEFAULT_FRS_SETTINGS),
    matrix: () => decideIdentity(index.search(probe), DEFAULT_FRS_SETTINGS),
    plain: () => decideIdentity(vectors.map((v, i) => ({ personId: `p${i}`, score: plainCosine(v, probe) })), DEFAULT_FRS_SETTINGS),
  };
  if (JSON.stringify(paths.current()) !== JSON.stringify(paths.matrix())) throw new Error('The best-two search answered differently from the full search.');
  // Warm every path up (JIT) before timing it.
  for (const fn of Object.values(paths)) timeRuns(3, fn);
  const figures = Object.fromEntries(
    Object.entries(paths).map(([name, fn]) => [name, { wall: percentile(timeRuns(15, fn), 50), cpu: cpuPerRun(15, fn) }]),
  );
  const cell = (f) => `${ms(f.wall)} (${ms(f.cpu)})`.padEnd(22);
  const verdict = size === 10_000 ? (figures.current.wall <= 10 ? 'met' : `missed (CPU ${figures.current.cpu <= 10 ? 'met' : 'missed'})`) : '';
  console.log(`  ${String(size).padStart(8)}   ${cell(figures.current)}  ${cell(figures.matrix)}  ${cell(figures.plain)}  ×${(figures.plain.wall / figures.current.wall).toFixed(2).padEnd(7)}  ${verdict}`);
}
