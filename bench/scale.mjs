// Scale of issue 34 (npm run bench:scale): the students list and the varied name search through HAProxy with one and
// with two API processes (`scripts/cluster.mjs`, the README's "Run several processes", one console process) on one
// PostgreSQL database, alternated in the same run. Prints requests/s, p95 latency and the CPU time the API processes
// spent per request (user + system, from /proc: a figure other load on the machine barely moves), and the ratio of
// two processes to one. On a 2-core machine the gain is bounded by the cores the API shares with PostgreSQL, HAProxy
// and the load generator.
//
//   DATABASE_URL (required)        a PostgreSQL server: the bench creates its own database on it and drops it after
//   BENCH_SECONDS (default 8)      duration of each measurement; BENCH_ROUNDS (default 2) alternations of 1 and 2
//   BENCH_CONNECTIONS (default 10) concurrent connections
// Build first (npm run build); needs Debian's haproxy and psql.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { apiToken, psql, startCluster } from '../apps/console/e2e/cluster-kit.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ADMIN = { email: 'admin@example.edu', password: 'Campus!Demo2026' };
const server = process.env.DATABASE_URL;
if (!server?.startsWith('postgres')) {
  console.error('Set DATABASE_URL=postgres://… (a server on which the bench may create and drop a database).');
  process.exit(1);
}

const { SURNAMES } = await import('../apps/api/dist/platform/db/seed-data.js');
const ORDERS = ['lastName', '-lastName', 'firstName', '-firstName', 'studentNumber', '-studentNumber'];
const varied = [20, 21, 22, 23].flatMap((limit) =>
  SURNAMES.flatMap((name) => ORDERS.map((sort) => `/core/v1.0/students?limit=${limit}&q=${encodeURIComponent(name)}&sort=${sort}`)),
);

/** CPU seconds (user + system) a process has used so far. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** One measurement through the balancer: requests/s, p95 and API CPU per request. */
async function measure(cluster, token, path) {
  const times = [];
  let next = 0;
  const pids = cluster.pids.api;
  const cpuBefore = pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  const result = await new Promise((done, fail) =>
    autocannon(
      {
        url: cluster.apiUrl,
        headers: { authorization: `Bearer ${token}` },
        connections: CONNECTIONS,
        duration: SECONDS,
        requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: path === 'varied' ? varied[next++ % varied.length] : path }) }],
        setupClient: (client) => client.on('response', (_status, _bytes, time) => times.push(time)),
      },
      (error, answer) => (error ? fail(error) : done(answer)),
    ),
  );
  const cpu = pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0) - cpuBefore;
  times.sort((a, b) => a - b);
  const ok = result['2xx'];
  if (result.non2xx || result.errors) throw new Error(`${path}: ${result.non2xx} answers not 2xx, ${result.errors} errors`);
  return { rps: ok / SECONDS, p95: times[Math.floor(times.length * 0.95)] ?? Number.NaN, cpuMs: (cpu * 1000) / ok };
}

const name = `campus_scale_bench_${randomBytes(4).toString('hex')}`;
const databaseUrl = new URL(server);
databaseUrl.pathname = `/${name}`;
const dataDir = mkdtempSync(join(tmpdir(), 'cas-scale-bench-'));
psql(server, `create database ${name}`);
const CASES = [
  { key: 'list', title: 'students?limit=20', path: '/core/v1.0/students?limit=20' },
  { key: 'varied', title: `varied search (${varied.length.toLocaleString('en-US')} different)`, path: 'varied' },
];
const figures = { 1: { list: [], varied: [] }, 2: { list: [], varied: [] } };
try {
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const processes of [1, 2]) {
      const cluster = await startCluster({ databaseUrl: databaseUrl.toString(), dataDir, api: processes, consoles: 1 });
      try {
        const token = await apiToken(cluster, ADMIN);
        for (const c of CASES) {
          await measure(cluster, token, c.path); // warm-up (caches, JIT), not counted
          figures[processes][c.key].push(await measure(cluster, token, c.path));
        }
      } finally {
        await cluster.close();
      }
    }
  }
  const median = (list, key) => {
    const sorted = list.map((f) => f[key]).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)];
  };
  console.log(`\nscale: 1 and 2 API processes behind HAProxy, ${CONNECTIONS} connections, ${SECONDS} s × ${ROUNDS} rounds (medians)`);
  console.log(`load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}, ${(await import('node:os')).cpus().length} cores\n`);
  console.log('case'.padEnd(40) + 'processes'.padStart(10) + 'req/s'.padStart(10) + 'p95 ms'.padStart(10) + 'CPU ms/req'.padStart(12));
  for (const c of CASES) {
    for (const processes of [1, 2]) {
      const list = figures[processes][c.key];
      console.log(
        c.title.padEnd(40) +
          String(processes).padStart(10) +
          median(list, 'rps').toFixed(0).padStart(10) +
          median(list, 'p95').toFixed(1).padStart(10) +
          median(list, 'cpuMs').toFixed(2).padStart(12),
      );
    }
    console.log(`${''.padEnd(40)}2 ÷ 1 processes: ${(median(figures[2][c.key], 'rps') / median(figures[1][c.key], 'rps')).toFixed(2)}× req/s`);
  }
} finally {
  psql(server, `drop database if exists ${name} with (force)`);
  rmSync(dataDir, { recursive: true, force: true });
}
