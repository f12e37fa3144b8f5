// Side by side with a peer (npm run bench:peer): our API and Directus 11.3.5 on the same PostgreSQL server, over the
// same students and label tables, driven alternately with autocannon. Directus is installed from npm into a scratch
// folder outside the repository (never a dependency of the product) and runs on a database of its own, which this
// script creates and drops. See bench/README.md.
//
//   DATABASE_URL (required)        our benchmark database, e.g. postgres://postgres@127.0.0.1:5432/campus_bench
//                                  (filled with 100,000 students on first use, as bench:api does)
//   PEER_DIR (default /tmp/campus-peer)   where Directus is installed (kept between runs; delete it to reinstall)
//   BENCH_SECONDS (default 3), BENCH_ROUNDS (default 3), BENCH_CONNECTIONS (default 10)
//   BENCH_API_PROCESSES (default 2)       our API processes, sharing the port and the database (each its own caches)
//
// Each round runs every case against ours, Directus with its cache off and Directus with its cache on (memory store),
// one after the other. Ours answers with encryption off (RESPONSE_ENCRYPTION=off, plain JSON like Directus). Before
// measuring, one answer of each case is compared: the same ids in the same order and the same count.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { readyLine } from './lib/server.mjs';

const VERSION = '11.3.5';
const PEER_DIR = process.env.PEER_DIR ?? '/tmp/campus-peer';
const SOURCE = process.env.DATABASE_URL;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const TABLES = ['students', 'campuses', 'colleges', 'courses', 'academic_years', 'semesters', 'subjects'];
/** The students' references and the label column each shows, as our list answers them (`_labels`). */
const LABELS = [
  ['campus_id', 'campuses', 'name'],
  ['college_id', 'colleges', 'name'],
  ['course_id', 'courses', 'name'],
  ['admitted_academic_year_id', 'academic_years', 'description'],
  ['admitted_semester_id', 'semesters', 'description'],
];
const SEARCHED = ['student_number', 'last_name', 'first_name', 'email'];
const TOKEN = 'peer-bench-static-token';
const here = fileURLToPath(new URL('.', import.meta.url));

if (!SOURCE?.startsWith('postgres')) {
  console.error('Set DATABASE_URL to our benchmark database on PostgreSQL (e.g. postgres://postgres@127.0.0.1:5432/campus_bench).');
  process.exit(2);
}
const source = new URL(SOURCE);
const peerName = `campus_peer_${process.pid}`;
const peerUrl = new URL(SOURCE);
peerUrl.pathname = `/${peerName}`;

const started = [];
const cleanup = async () => {
  for (const child of started.reverse()) await stop(child);
  const admin = new pg.Client({ connectionString: SOURCE });
  await admin.connect();
  await admin.query(`drop database if exists ${peerName} with (force)`);
  await admin.end();
};
process.on('SIGINT', () => cleanup().finally(() => process.exit(130)));

try {
  await main();
} finally {
  await cleanup();
}

async function main() {
  install();
  const processes = Number(process.env.BENCH_API_PROCESSES ?? 2);
  console.log(`starting our API (${processes} process${processes === 1 ? '' : 'es'}) on ${source.pathname.slice(1)} …`);
  const ours = await startChild(process.execPath, [join(here, 'api.mjs'), '--serve', 'api'], { ...process.env, BENCH_API_PROCESSES: String(processes) });
  const oursUrl = ours.ready.plain;
  const signIn = await fetch(`${oursUrl}/core/v1.0/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.edu', password: 'Campus!Demo2026' }),
  });
  if (!signIn.ok) throw new Error(`sign-in answered ${signIn.status}`);
  const oursHeaders = { authorization: `Bearer ${(await signIn.json()).data.token}` };

  console.log(`copying ${TABLES.join(', ')} into ${peerName} with their indexes …`);
  await copyTables();
  const directusEnv = {
    ...process.env,
    DB_CLIENT: 'pg',
    DB_HOST: source.hostname,
    DB_PORT: source.port || '5432',
    DB_DATABASE: peerName,
    DB_USER: decodeURIComponent(source.username || 'postgres'),
    DB_PASSWORD: decodeURIComponent(source.password || ''),
    KEY: 'campus-peer-bench-key',
    SECRET: 'campus-peer-bench-secret-0123456789',
    ADMIN_EMAIL: 'admin@example.com',
    ADMIN_PASSWORD: 'Campus!Peer2026',
    RATE_LIMITER_ENABLED: 'false',
    TELEMETRY: 'false',
    WEBSOCKETS_ENABLED: 'false',
    LOG_LEVEL: 'warn',
    NO_UPDATE_NOTIFIER: '1',
    HOST: '127.0.0.1',
  };
  delete directusEnv.DATABASE_URL;
  const cli = join(PEER_DIR, 'node_modules', 'directus', 'cli.js');
  console.log('bootstrapping Directus …');
  const boot = spawnSync(process.execPath, [cli, 'bootstrap'], { cwd: PEER_DIR, env: directusEnv, encoding: 'utf8' });
  if (boot.status !== 0) throw new Error(`directus bootstrap failed:\n${boot.stdout}\n${boot.stderr}`);
  await register();

  const peers = {};
  for (const [key, cache] of [['off', 'false'], ['on', 'true']]) {
    const port = String(18000 + (process.pid % 1000) * 2 + (key === 'on' ? 1 : 0));
    const env = { ...directusEnv, PORT: port, CACHE_ENABLED: cache, CACHE_STORE: 'memory', CACHE_AUTO_PURGE: 'true', CACHE_TTL: '30m' };
    const { child } = await startChild(process.execPath, [cli, 'start'], env, `http://127.0.0.1:${port}/server/health`);
    peers[key] = { child, url: `http://127.0.0.1:${port}` };
  }
  const directusHeaders = { authorization: `Bearer ${TOKEN}` };

  const { SURNAMES } = await import('../apps/api/dist/platform/db/seed-data.js');
  const cases = buildCases(SURNAMES);
  console.log('checking that both answer the same rows, in the same order, with the same count …');
  for (const c of cases) await sameAnswer(c, oursUrl, oursHeaders, peers.off.url, directusHeaders);

  const { default: autocannon } = await import('autocannon');
  const systems = [
    { key: 'ours', title: 'ours', url: oursUrl, headers: oursHeaders, pids: ours.ready.pids, db: source.pathname.slice(1), path: (c, i) => c.ours(i) },
    { key: 'off', title: 'Directus, cache off', url: peers.off.url, headers: directusHeaders, pids: [peers.off.child.pid], db: peerName, path: (c, i) => c.directus(i) },
    { key: 'on', title: 'Directus, cache on', url: peers.on.url, headers: directusHeaders, pids: [peers.on.child.pid], db: peerName, path: (c, i) => c.directus(i) },
  ];
  const monitor = new pg.Client({ connectionString: SOURCE });
  await monitor.connect();
  const backends = async (db) => (await monitor.query('select pid from pg_stat_activity where datname = $1', [db])).rows.map((r) => r.pid);

  const measured = async (system, c, seconds) => {
    let next = 0;
    const pgStart = new Map((await backends(system.db)).map((pid) => [pid, cpuSeconds(pid)]));
    const nodeStart = system.pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
    const times = [];
    const result = await new Promise((done, fail) =>
      autocannon(
        {
          url: system.url,
          headers: system.headers,
          connections: CONNECTIONS,
          duration: seconds,
          requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: system.path(c, next++) }) }],
          setupClient: (client) => client.on('response', (_s, _b, time) => times.push(time)),
        },
        (error, out) => (error ? fail(error) : done(out)),
      ),
    );
    const nodeCpu = system.pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0) - nodeStart;
    // The backends present at both ends (pools keep theirs; one that came or went during the run is not counted).
    let pgCpu = 0;
    for (const pid of await backends(system.db)) if (pgStart.has(pid)) pgCpu += cpuSeconds(pid) - pgStart.get(pid);
    const answered = Math.max(1, result['2xx'] + result.non2xx);
    times.sort((x, y) => x - y);
    return {
      rps: result['2xx'] / (result.duration || seconds),
      p95: times.length ? times[Math.min(times.length - 1, Math.floor(times.length * 0.95))] : NaN,
      nodeCpu: (1000 * nodeCpu) / answered,
      pgCpu: (1000 * pgCpu) / answered,
      errors: result.non2xx + result.errors,
    };
  };

  console.log(
    `\n${cases.length} cases × ours, Directus ${VERSION} cache off and cache on; ${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} rounds; ` +
      `${cpus().length} CPUs, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}\n`,
  );
  for (const c of cases) for (const system of systems) await measured(system, c, 1); // warm-up, not counted
  const results = new Map();
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const c of cases) {
      for (const system of systems) {
        const r = await measured(system, c, SECONDS);
        const key = `${c.key} ${system.key}`;
        results.set(key, [...(results.get(key) ?? []), r]);
        console.log(
          `  round ${round}  ${c.title.padEnd(34)} ${system.title.padEnd(20)} ${r.rps.toFixed(0).padStart(6)} req/s  p95 ${r.p95.toFixed(1).padStart(7)} ms` +
            `  CPU/req node ${r.nodeCpu.toFixed(2)} + PostgreSQL ${r.pgCpu.toFixed(2)} ms  load ${loadavg()[0].toFixed(1)}${r.errors ? `  (${r.errors} errors)` : ''}`,
        );
      }
    }
  }
  await monitor.end();

  const median = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  };
  const m = (c, s) => {
    const list = results.get(`${c.key} ${s}`);
    return { rps: median(list.map((r) => r.rps)), p95: median(list.map((r) => r.p95)), cpu: median(list.map((r) => r.nodeCpu + r.pgCpu)) };
  };
  console.log(`\nMedians over ${ROUNDS} rounds (load average now ${loadavg().map((l) => l.toFixed(2)).join(' ')}):`);
  console.log(`  ${'case'.padEnd(34)} ${'ours'.padEnd(30)} ${'Directus, cache off'.padEnd(30)} ${'Directus, cache on'.padEnd(30)} ours ÷ off  ours ÷ on`);
  const ratio = (a, b) => (b > 0 ? `${(a / b).toFixed(2)}×` : 'no answers').padStart(9);
  const cell = (x) => `${x.rps.toFixed(0)} req/s, p95 ${x.p95.toFixed(0)} ms, ${x.cpu.toFixed(1)} ms CPU`.padEnd(30);
  for (const c of cases) {
    const [o, off, on] = [m(c, 'ours'), m(c, 'off'), m(c, 'on')];
    console.log(`  ${c.title.padEnd(34)} ${cell(o)} ${cell(off)} ${cell(on)} ${ratio(o.rps, off.rps)}  ${ratio(o.rps, on.rps)}`);
  }
  console.log('  (req/s ratios; CPU is per request, the server process and its PostgreSQL backends together)');
}

/** Directus 11.3.5 from npm, in the scratch folder (installed once). */
function install() {
  const manifest = join(PEER_DIR, 'node_modules', 'directus', 'package.json');
  if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).version === VERSION) return;
  console.log(`installing directus@${VERSION} into ${PEER_DIR} (once; a few minutes) …`);
  const done = spawnSync('npm', ['install', '--prefix', PEER_DIR, '--no-audit', '--no-fund', `directus@${VERSION}`], { stdio: 'inherit' });
  if (done.status !== 0) throw new Error('npm install directus failed');
}

/** The tables as they are in our database, with their indexes (not our triggers, nor foreign keys to tables not copied), into a new database of Directus' own. */
async function copyTables() {
  const admin = new pg.Client({ connectionString: SOURCE });
  await admin.connect();
  await admin.query(`create database ${peerName}`);
  await admin.end();
  const peer = new pg.Client({ connectionString: peerUrl.toString() });
  await peer.connect();
  await peer.query('create extension if not exists pg_trgm');
  await peer.end();
  const dump = spawnSync('pg_dump', ['--no-owner', '--no-privileges', ...TABLES.flatMap((t) => ['-t', t]), SOURCE], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  if (dump.status !== 0) throw new Error(`pg_dump failed: ${dump.stderr}`);
  // Statements end with `;` at the end of a line (data comes as COPY blocks, which end with `\.`). Our triggers and
  // foreign keys to tables not copied are left out.
  const script = dump.stdout
    .split(/;\n/)
    .filter((statement) => !/^\s*CREATE TRIGGER|FOREIGN KEY/m.test(statement) || /^COPY /m.test(statement))
    .join(';\n');
  const load = spawnSync('psql', ['-q', '-v', 'ON_ERROR_STOP=1', peerUrl.toString()], { input: script, encoding: 'utf8', maxBuffer: 1 << 30 });
  if (load.status !== 0) throw new Error(`loading the copy failed: ${load.stderr}`);
  spawnSync('psql', ['-q', '-c', 'vacuum analyze', peerUrl.toString()]);
}

/** The copied tables as Directus collections, the references as its many-to-one relations, and a static admin token. */
async function register() {
  const peer = new pg.Client({ connectionString: peerUrl.toString() });
  await peer.connect();
  for (const table of TABLES) await peer.query('insert into directus_collections (collection) values ($1) on conflict do nothing', [table]);
  for (const [field, table] of LABELS) {
    await peer.query('insert into directus_relations (many_collection, many_field, one_collection) values ($1, $2, $3)', ['students', field, table]);
  }
  await peer.query('update directus_users set token = $1 where email = $2', [TOKEN, 'admin@example.com']);
  await peer.end();
}

/** The cases: each answers the path of its i-th request, ours and Directus' (same filter, order, page and count). */
function buildCases(surnames) {
  const fields = ['*', ...LABELS.map(([field, , label]) => `${field}.${label}`)].join(',');
  const ORDER = { lastName: 'last_name', firstName: 'first_name', studentNumber: 'student_number' };
  const directusSort = (sort) => {
    const desc = sort.startsWith('-');
    const column = ORDER[desc ? sort.slice(1) : sort];
    return desc ? `-${column},-id` : `${column},id`;
  };
  const directusSearch = (q) => {
    const parts = [];
    q.split(/\s+/).filter(Boolean).forEach((word, w) =>
      SEARCHED.forEach((column, f) => parts.push(`filter[_and][${w}][_or][${f}][${column}][_icontains]=${encodeURIComponent(word)}`)),
    );
    return parts.join('&');
  };
  const list = (sort, page, q) => ({
    ours: `/core/v1.0/students?limit=20&page=${page}&sort=${sort}${q ? `&q=${encodeURIComponent(q)}` : ''}`,
    directus: `/items/students?limit=20&page=${page}&sort=${directusSort(sort)}&fields=${fields}${q ? `&${directusSearch(q)}&meta=filter_count` : '&meta=total_count'}`,
  });
  const fixed = (key, title, one) => ({ key, title, ours: () => one.ours, directus: () => one.directus });
  const sorts = ['lastName', '-lastName', 'firstName', '-firstName', 'studentNumber', '-studentNumber'];
  const varied = surnames.flatMap((name) => sorts.map((sort) => list(sort, 1, name)));
  return [
    fixed('page1', 'page 1 (last name)', list('lastName', 1)),
    fixed('deep', 'page 4,000', list('lastName', 4000)),
    fixed('search', 'q=santos, repeated', list('lastName', 1, 'santos')),
    { key: 'varied', title: '300 different searches', ours: (i) => varied[i % varied.length].ours, directus: (i) => varied[i % varied.length].directus },
    fixed('sortFirst', 'sort by first name', list('firstName', 1)),
    fixed('sortNumber', 'sort by student number, desc', list('-studentNumber', 1)),
  ];
}

/**
 * One request of a case on both: the same ids in the same order and the same count (ours may report an estimate: an
 * unfiltered list's from the planner, a search with many matches from its sample, within a fifth).
 */
async function sameAnswer(c, oursUrl, oursHeaders, directusUrl, directusHeaders) {
  const ours = await (await fetch(`${oursUrl}${c.ours(0)}`, { headers: oursHeaders })).json();
  const response = await fetch(`${directusUrl}${c.directus(0)}`, { headers: directusHeaders });
  if (!response.ok) throw new Error(`Directus answered ${response.status} to ${c.directus(0)}: ${await response.text()}`);
  const theirs = await response.json();
  const a = ours.rows.map((r) => r._id).join(',');
  const b = theirs.data.map((r) => r.id).join(',');
  const theirCount = theirs.meta?.filter_count ?? theirs.meta?.total_count;
  const labels = ours.rows.every((r, i) => r._labels?.campusId === theirs.data[i]?.campus_id?.name);
  const countOk = ours.estimated ? Math.abs(ours.count - theirCount) <= 0.2 * theirCount : Number(ours.count) === Number(theirCount);
  if (a !== b || !countOk || !labels) {
    throw new Error(`${c.title}: the answers differ (ids ${a === b ? 'same' : 'differ'}, count ${ours.count} vs ${theirCount}, labels ${labels ? 'same' : 'differ'})`);
  }
  console.log(`  ${c.title.padEnd(34)} same ${ours.rows.length} rows, count ${ours.count}${ours.estimated ? ' (our estimate)' : ''} / ${theirCount}`);
}

function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** Starts a server; resolves once it prints its ready line (our API) or answers `health` (Directus). */
function startChild(command, args, env, health) {
  const child = spawn(command, args, { env, cwd: health ? PEER_DIR : undefined, stdio: ['ignore', 'pipe', 'inherit'] });
  started.push(child);
  if (!health) return readyLine(child, args.join(' ')).then((ready) => ({ child, ready }));
  return new Promise((done, fail) => {
    child.once('exit', (code) => fail(new Error(`${args.join(' ')} exited (${code}) before it was ready`)));
    child.stdout.resume();
    const poll = async () => {
      try {
        if ((await fetch(health)).ok) return done({ child });
      } catch {
        // not listening yet
      }
      setTimeout(poll, 500);
    };
    poll();
  });
}

function stop(child) {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', done);
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
  });
}
