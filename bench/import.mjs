// Data import benchmark (npm run bench:import): 100,000 students from one CSV file through the uploader — the
// multipart upload (parsed and staged), then the run (converted, checked, codes resolved, saved set-based with one
// audit row per record) — on PGlite and on PostgreSQL, each in a fresh database. Baselines measured in the same run:
// PostgreSQL `COPY … FROM STDIN` (pg-copy-streams) of the same file into a plain table of the file's columns, and on
// PGlite its own `COPY … FROM '/dev/blob'` of the same file; and on PostgreSQL, COPY of the same rows as students
// (names split, codes resolved) into a scratch table shaped like `students` (its columns, generated search column,
// indexes and foreign keys), in the run's database, before and after the run (the faster kept); on PGlite, the same
// rows into that table in 1,000-row INSERTs. Each backend's API runs in a process of its own (this script again), so
// its peak RSS during the upload and the run is the API's own (with PGlite's thread when it is the database), not the
// baselines', the other backend's or the bench's HTTP client's: the upload and the run are driven from this process,
// from outside, as a browser would. Prints rows/s, the ratios (the targets: at least
// 60 % of COPY into the students-shaped table on PostgreSQL, and of the 1,000-row INSERTs on PGlite), the peak RSS
// (target: at most 512 MiB), the load average and, for a PostgreSQL server on this machine, the CPU its processes used.
// Build first: npx nx run-many -t build --projects=@campus/api.
//
//   BENCH_ROWS (default 100000)   rows in the file
//   BENCH_PG_URL                  PostgreSQL server to create scratch databases on
//                                 (default postgres://postgres@127.0.0.1:5432/test; skipped when unreachable)
//   BENCH_BACKENDS                `pglite,postgres` (default) or one of them
//   BENCH_DB_PREFIX               name prefix of the scratch databases (default campus_bench_import)
//   BENCH_IMPORT_PROFILE          a folder: the import processes write V8 CPU profiles there (--cpu-prof)
//   BENCH_MEMORY_TRACE            set: the import processes print their memory every half second of the upload and
//                                 run, and what is left after a full collection at the end
// The import processes run with the Node.js options the product starts the API with (scripts/api-node-args.mjs).
import { mkdtempSync, openAsBlob, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';

const api = (path) => import(new URL(`../apps/api/dist/${path}`, import.meta.url).href);
const { buildApp } = await api('app.js');
const { loadConfig } = await api('config.js');
const { openDatabase, rows } = await api('platform/db/client.js');
const { sql } = await import('../apps/api/node_modules/drizzle-orm/index.js');
const { insertAccount } = await api('platform/db/users.js');
const { decodeEnvelope } = await import('@campus/api-contract');
const pg = (await import('pg')).default;
const { from: copyFrom } = await import('pg-copy-streams');
const { benchConfig, scratchPostgres } = await import('./lib/scratch.mjs');
const { apiNodeArgs, apiNodeEnv } = await import('../scripts/api-node-args.mjs');

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const BACKENDS = (process.env.BENCH_BACKENDS ?? 'pglite,postgres').split(',');
const PASSWORD = 'Campus!Bench2026';
const PREFIX = process.env.BENCH_DB_PREFIX ?? 'campus_bench_import';
/** Set in the process that runs one backend's import: that backend, and the file to upload. */
const CHILD = process.env.BENCH_IMPORT_BACKEND;
const CHILD_FILE = process.env.BENCH_IMPORT_FILE;
const TARGET = 0.6;
const RSS_TARGET_MIB = 512;
/**
 * CPU seconds used so far by the PostgreSQL server's processes on this machine (Linux, a server on this machine):
 * its live processes, and what the ones that ended left in their parent's count. Undefined where it cannot be read.
 */
function serverCpuSeconds() {
  try {
    const ticks = 100; // /proc counts CPU time in USER_HZ, 100 per second on Linux
    let sum = 0;
    let seen = false;
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      let stat;
      try {
        stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      } catch {
        continue;
      }
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (name !== 'postgres') continue;
      seen = true;
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime and stime (fields 14, 15); for the postmaster (its command line still names the binary, where the
      // backends' show their title), also cutime and cstime (16, 17): the CPU of its children that have ended.
      sum += Number(f[11]) + Number(f[12]);
      if (/bin\/postgres/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' '))) sum += Number(f[13]) + Number(f[14]);
    }
    return seen ? sum / ticks : undefined;
  } catch {
    return undefined;
  }
}

const COLUMNS = ['studentNumber', 'names', 'gender', 'birthDate', 'campusCode', 'collegeCode', 'courseCode', 'isActive'];

/** Peak RSS of this process while `measure` runs (sampled every 50 ms), after a collection of what came before. */
async function peakRssDuring(measure) {
  globalThis.gc?.();
  let peak = process.memoryUsage().rss;
  const mib = (bytes) => (bytes / 1048576).toFixed(0);
  let samples = 0;
  const sampler = setInterval(() => {
    const u = process.memoryUsage();
    peak = Math.max(peak, u.rss);
    samples += 1;
    if (process.env.BENCH_MEMORY_TRACE && samples % 10 === 0)
      console.error(`${(samples / 20).toFixed(1)} s: RSS ${mib(u.rss)} MiB, heap ${mib(u.heapUsed)} of ${mib(u.heapTotal)} MiB, external ${mib(u.external)} MiB`);
  }, 50);
  try {
    const result = await measure();
    if (process.env.BENCH_MEMORY_TRACE) {
      globalThis.gc?.();
      const u = process.memoryUsage();
      console.error(`after a full collection: RSS ${mib(u.rss)} MiB, heap ${mib(u.heapUsed)} MiB`);
    }
    return { result, peak: Math.max(peak, process.memoryUsage().rss) };
  } finally {
    clearInterval(sampler);
  }
}

/** Student `n` of the file: the values both the uploaded file and the students-shaped baseline hold. */
function student(n) {
  return {
    number: `B-${String(n).padStart(6, '0')}`,
    last: `Santos${n % 997}`,
    first: `Maria${n % 311}`,
    middle: 'Reyes',
    gender: n % 2 ? 'Female' : 'Male',
    birthDate: `2006-03-${String(1 + (n % 28)).padStart(2, '0')}`,
  };
}

function csvFile(dir) {
  const lines = [COLUMNS.join(',')];
  for (let n = 1; n <= ROWS; n += 1) {
    const s = student(n);
    lines.push(`${s.number},"${s.last}, ${s.first}, ${s.middle}",${s.gender},${s.birthDate},MAIN,CAS,BSMATH,true`);
  }
  const path = join(dir, 'students.csv');
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

const plainTable = `create table bench_copy (${COLUMNS.map((c) => `"${c}" text`).join(', ')})`;

/** PostgreSQL COPY of the file into a plain table of its columns, in a scratch database: rows/s. */
async function copyBaseline(file) {
  const scratch = await scratchPostgres(PG_URL, `${PREFIX}_copy`);
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  try {
    await client.query(plainTable);
    const t = performance.now();
    await pipeline(Readable.from([readFileSync(file)]), client.query(copyFrom(`copy bench_copy from stdin with (format csv, header true)`)));
    const seconds = (performance.now() - t) / 1000;
    const { rows } = await client.query('select count(*)::int as n from bench_copy');
    if (rows[0].n !== ROWS) throw new Error(`COPY stored ${rows[0].n} rows`);
    return ROWS / seconds;
  } finally {
    await client.end();
    await scratch.drop();
  }
}

/**
 * PGlite's own COPY of the file (from a Blob) into a plain table: rows/s. In a PGlite of its own in this process (the
 * API's runs in a thread, which takes no Blob), in memory.
 */
async function pgliteCopy(file) {
  const { PGlite } = await import('../apps/api/node_modules/@electric-sql/pglite/dist/index.js').catch(() => import('@electric-sql/pglite'));
  const client = new PGlite();
  await client.exec(plainTable);
  const t = performance.now();
  await client.query(`copy bench_copy from '/dev/blob' with (format csv, header true)`, [], { blob: new Blob([readFileSync(file)]) });
  const seconds = (performance.now() - t) / 1000;
  const { rows } = await client.query('select count(*)::int as n from bench_copy');
  if (rows[0].n !== ROWS) throw new Error(`COPY stored ${rows[0].n} rows`);
  await client.close();
  return ROWS / seconds;
}

/**
 * The same rows as the students table holds them (names split, codes resolved to the ids the import finds), for
 * the second baseline: COPY into a scratch table shaped like `students` — its columns, types, defaults, generated
 * search column and indexes (`like students including all`) and its foreign keys (which `like` does not copy, and
 * which every row the import saves is checked against) — in the same database as the run.
 */
const SHAPED_COLUMNS = 'student_number, last_name, first_name, middle_name, gender, birth_date, campus_id, college_id, course_id, is_active';

function shapedRows(ids) {
  const list = [];
  for (let n = 1; n <= ROWS; n += 1) {
    const s = student(n);
    list.push([s.number, s.last, s.first, s.middle, s.gender, s.birthDate, ids.campus, ids.college, ids.course, true]);
  }
  return list;
}

const shapedCsv = (ids) => `${shapedRows(ids).map((r) => r.join(',')).join('\n')}\n`;

const shapeIds = async (database) =>
  (await rows(database.db, sql`select (select id from campuses where code = 'MAIN') as campus, (select id from colleges where code = 'CAS') as college,
      (select id from courses where code = 'BSMATH') as course`))[0];

/** The students-shaped scratch table, with the foreign keys `like` leaves out. */
async function createShape(query) {
  await query('create table bench_shape (like students including all)');
  const { rows: keys } = await query(`select pg_get_constraintdef(oid) as def from pg_constraint where conrelid = 'students'::regclass and contype = 'f'`);
  for (const { def } of keys) await query(`alter table bench_shape add ${def}`);
}

/**
 * PGlite's baseline: the same rows as students into the students-shaped scratch table in 1,000-row INSERTs (the
 * batched INSERT the issue names for the embedded database), in the same database as the run.
 */
async function pgliteShapedInsert(database) {
  const client = database.jobConnection.client;
  const query = (text, params) => client.query(text, params);
  await createShape(query);
  const all = shapedRows(await shapeIds(database));
  const t = performance.now();
  for (let i = 0; i < all.length; i += 1000) {
    const part = all.slice(i, i + 1000);
    const values = part.map((_, r) => `(${Array.from({ length: 10 }, (_, c) => `$${r * 10 + c + 1}`).join(', ')})`).join(', ');
    await client.query(`insert into bench_shape (${SHAPED_COLUMNS}) values ${values}`, part.flat());
  }
  const seconds = (performance.now() - t) / 1000;
  const { rows: counted } = await client.query('select count(*)::int as n from bench_shape');
  if (counted[0].n !== ROWS) throw new Error(`INSERT stored ${counted[0].n} rows`);
  await client.query('drop table bench_shape');
  return ROWS / seconds;
}

async function shapedCopy(url, database) {
  const body = Buffer.from(shapedCsv(await shapeIds(database)));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await createShape((text) => client.query(text));
    const t = performance.now();
    await pipeline(Readable.from([body]), client.query(copyFrom(`copy bench_shape (${SHAPED_COLUMNS}) from stdin with (format csv)`)));
    const seconds = (performance.now() - t) / 1000;
    const { rows: counted } = await client.query('select count(*)::int as n from bench_shape');
    if (counted[0].n !== ROWS) throw new Error(`COPY stored ${counted[0].n} rows`);
    await client.query('drop table bench_shape');
    return ROWS / seconds;
  } finally {
    await client.end();
  }
}

async function importRun(backend, file) {
  const dataDir = mkdtempSync(join(tmpdir(), 'campus-bench-import-'));
  const scratch = backend === 'postgres' ? await scratchPostgres(PG_URL, `${PREFIX}_api`) : undefined;
  const database = await openDatabase(scratch ? { databaseUrl: scratch.url, poolSize: 10 } : { dataDir });
  // The job engine as the product runs it (a job queued by this process wakes its worker at once).
  const { jobs: _polledOften, ...config } = benchConfig(loadConfig, dataDir);
  const app = await buildApp({ config, database, logger: false });
  try {
    await insertAccount(database.db, { email: 'bench@example.edu', password: PASSWORD, firstName: 'Bench', lastName: 'Mark', adminScopes: ['DATA', 'CAMPUS'] }, config.argon2);
    const exec = async (text) => (database.jobConnection.kind === 'pglite' ? database.jobConnection.client.exec(text) : database.db.execute(sql.raw(text)));
    await exec(`
      insert into campuses (code, name, is_active, created_at, updated_at) values ('MAIN', 'Main Campus', true, now(), now());
      insert into colleges (code, name, campus_id, is_active, created_at, updated_at) select 'CAS', 'Arts and Sciences', id, true, now(), now() from campuses;
      insert into academic_departments (code, name, college_id, campus_id, is_active, created_at, updated_at)
        select 'MATH', 'Mathematics', c.id, c.campus_id, true, now(), now() from colleges c;
      insert into courses (code, name, department_id, campus_id, is_active, created_at, updated_at)
        select 'BSMATH', 'BS Mathematics', d.id, d.campus_id, true, now(), now() from academic_departments d;`);
    let pgliteInsertRate;
    let shapedCopyRate;
    if (backend === 'pglite') {
      pgliteInsertRate = await pgliteShapedInsert(database);
    } else shapedCopyRate = await shapedCopy(scratch.url, database);
    await app.jobs.start();
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${app.server.address().port}/core/v1.0`;
    // The bench's process drives the upload and the run from outside; this process measures itself meanwhile.
    const told = (what) => new Promise((resolve) => process.on('message', (m) => m[what] && resolve(m[what])));
    const starting = told('start');
    const stopping = told('stop');
    process.send({ ready: { base, email: 'bench@example.edu' } });
    await starting;
    const load = loadavg()[0];
    const cpu = process.cpuUsage();
    const serverCpu = backend === 'postgres' ? serverCpuSeconds() : undefined;
    const { result: timed, peak } = await peakRssDuring(() => stopping);
    const { user, system } = process.cpuUsage(cpu);
    const serverCpuAfter = serverCpu === undefined ? undefined : serverCpuSeconds();
    const { t0, t1, t2, done } = timed;
    if (done.state !== 'completed' || done.counts.created !== ROWS) throw new Error(`run ${done.state}: ${JSON.stringify(done.counts)} ${done.message ?? ''}`);
    const [{ n }] = await rows(database.db, sql`select count(*)::int as n from audit_trails where resource = 'students'`);
    if (Number(n) !== ROWS) throw new Error(`${n} audit rows for ${ROWS} students`);
    // The students-shaped COPY again after the run, the faster of the two kept: the machine's speed drifts.
    if (shapedCopyRate) shapedCopyRate = Math.max(shapedCopyRate, await shapedCopy(scratch.url, database));
    return {
      upload: ROWS / ((t1 - t0) / 1000),
      run: ROWS / ((t2 - t1) / 1000),
      total: ROWS / ((t2 - t0) / 1000),
      seconds: (t2 - t0) / 1000,
      pgliteInsertRate,
      shapedCopyRate,
      peakRss: peak,
      cpuSeconds: (user + system) / 1e6,
      serverCpuSeconds: serverCpuAfter === undefined ? undefined : serverCpuAfter - serverCpu,
      load,
    };
  } finally {
    await app.close();
    await database.close();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The upload (multipart, as a browser sends it), then the run started and followed until it ends. */
/** Signs in, uploads the file and runs it as a person would, from this process: the times of each step. */
async function uploadAndRun(base, email, file) {
    const read = async (response) => decodeEnvelope(await response.text(), 'bench');
    const signIn = await fetch(`${base}/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
    const headers = { authorization: `Bearer ${(await read(signIn)).data.token}` };
    const form = new FormData();
    form.append('resource', 'students');
    form.append('file', await openAsBlob(file), 'students.csv');
    const t0 = performance.now();
    const uploaded = await fetch(`${base}/migrations/runs`, { method: 'POST', headers, body: form });
    if (uploaded.status !== 201) throw new Error(`upload answered ${uploaded.status}`);
    const run = (await read(uploaded)).data;
    const t1 = performance.now();
    const started = await fetch(`${base}/migrations/runs/${run._id}/start`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ mapping: run.mapping, mode: 'skip', dateFormat: 'mm/dd/yyyy' }),
    });
    if (started.status !== 202) throw new Error(`start answered ${started.status}: ${JSON.stringify(await read(started))}`);
    let done;
    for (;;) {
      // PGlite runs its statements on the event loop: a kept-alive socket may be dropped meanwhile; ask again.
      const answer = await fetch(`${base}/migrations/runs/${run._id}`, { headers }).catch(() => undefined);
      if (!answer) {
        await new Promise((r) => setTimeout(r, 200));
        continue;
      }
      done = (await read(answer)).data;
      if (['completed', 'failed'].includes(done.state)) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const t2 = performance.now();
    return { t0, t1, t2, done };
}

/** Runs one backend's import in a process of its own (this script, told the backend): its figures, or why not. */
function importInProcess(backend, file) {
  return new Promise((done) => {
    const profile = process.env.BENCH_IMPORT_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_IMPORT_PROFILE}`] : [];
    // The API's process runs with the options and environment `npm start` gives it (its heap cap; with the embedded
    // database, its compiler and young-generation options and malloc's settings).
    const env = backend === 'postgres' ? { ...process.env, DATABASE_URL: PG_URL } : process.env;
    const child = spawn(process.execPath, ['--expose-gc', ...apiNodeArgs(env), ...profile, fileURLToPath(import.meta.url)], {
      env: { ...process.env, ...apiNodeEnv(env), BENCH_IMPORT_BACKEND: backend, BENCH_IMPORT_FILE: file },
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    // Once the API listens, the upload and the run go from here; the API's process is told when they begin and end.
    child.on('message', async (m) => {
      if (!m.ready) return;
      child.send({ start: true });
      let timed;
      try {
        timed = await uploadAndRun(m.ready.base, m.ready.email, file);
      } catch (error) {
        timed = { t0: 0, t1: 0, t2: 0, done: { state: 'failed', counts: {}, message: error.message } };
      }
      child.send({ stop: timed });
    });
    child.on('exit', (code) => {
      try {
        done(JSON.parse(out.trim().split('\n').at(-1)));
      } catch {
        done({ error: `the import process exited with ${code}` });
      }
    });
  });
}

const fmt = (n) => n.toLocaleString('en-US', { maximumFractionDigits: 0 });
const pct = (ratio) => `${(ratio * 100).toFixed(1)} %`;
const met = (ok) => (ok ? 'met' : 'missed');

if (CHILD) {
  let answer;
  try {
    answer = await importRun(CHILD, CHILD_FILE);
  } catch (error) {
    answer = { error: `${error.message}${error.cause ? `: ${error.cause.message ?? error.cause}` : ''}` };
  }
  process.stdout.write(`${JSON.stringify(answer)}\n`);
  process.exit(0);
}

const dir = mkdtempSync(join(tmpdir(), 'campus-bench-import-file-'));
const file = csvFile(dir);
console.log(`bench:import — ${fmt(ROWS)} students from one CSV (${(readFileSync(file).length / 1048576).toFixed(1)} MiB); load average ${loadavg()[0].toFixed(1)} on this shared machine`);
let copyRate;
try {
  copyRate = await copyBaseline(file);
  console.log(`baseline  PostgreSQL COPY of the same rows into a plain table: ${fmt(copyRate)} rows/s`);
} catch (error) {
  console.log(`baseline  PostgreSQL COPY: skipped (${error.message})`);
}
// PGlite's own COPY, here rather than in the API's process, whose peak RSS it would otherwise add to.
const pgliteCopyRate = BACKENDS.includes('pglite') ? await pgliteCopy(file) : undefined;
for (const backend of BACKENDS) {
  const r = await importInProcess(backend, file);
  if (r.error) {
    console.log(`${backend.padEnd(8)} skipped (${r.error})`);
    continue;
  }
  const parts = [
    `load average ${r.load.toFixed(1)}`,
    `upload → completed run ${fmt(r.total)} rows/s (${r.seconds.toFixed(1)} s)`,
    `upload ${fmt(r.upload)} rows/s`,
    `run ${fmt(r.run)} rows/s`,
  ];
  if (copyRate) parts.push(`${pct(r.total / copyRate)} of PostgreSQL COPY into a plain table`);
  if (r.shapedCopyRate) {
    const ratio = r.total / r.shapedCopyRate;
    parts.push(`${pct(ratio)} of COPY into a table shaped like students (${fmt(r.shapedCopyRate)} rows/s; target ≥ ${pct(TARGET)}: ${met(ratio >= TARGET)})`);
  }
  if (r.pgliteInsertRate) {
    const ratio = r.total / r.pgliteInsertRate;
    parts.push(`${pct(ratio)} of 1,000-row INSERTs into a table shaped like students (${fmt(r.pgliteInsertRate)} rows/s; target ≥ ${pct(TARGET)}: ${met(ratio >= TARGET)})`);
  }
  if (backend === 'pglite' && pgliteCopyRate) parts.push(`PGlite COPY into a plain table ${fmt(pgliteCopyRate)} rows/s, ${pct(r.total / pgliteCopyRate)} of it`);
  parts.push(`the API's process used ${r.cpuSeconds.toFixed(1)} s of CPU in those ${r.seconds.toFixed(1)} s`);
  if (r.serverCpuSeconds !== undefined) parts.push(`the PostgreSQL server's processes on this machine ${r.serverCpuSeconds.toFixed(1)} s`);
  const mib = r.peakRss / 1048576;
  parts.push(`peak RSS of the API's process during upload and run ${mib.toFixed(0)} MiB (target ≤ ${RSS_TARGET_MIB} MiB: ${met(mib <= RSS_TARGET_MIB)})`);
  console.log(`${backend.padEnd(8)} ${parts.join(' · ')}`);
}
rmSync(dir, { recursive: true, force: true });
