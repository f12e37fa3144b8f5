// API benchmark (npm run bench:api): autocannon against, alternately, a bare Fastify JSON route and the real API
// over 100,000 students — the encrypted list, the same list with encryption off, page 1 against page 4,000, and
// a name search — all in this one process on loopback. Prints requests/s, p95 latency and the ratios against
// the targets of issue 3. Build first: npm run build -w @campus/api.
//
//   BENCH_DATA_DIR (default .data/bench)  embedded database reused between runs (filled on first use)
//   DATABASE_URL                           an existing PostgreSQL database instead (filled on first use)
//   BENCH_SECONDS (default 4)              duration of each run; BENCH_ROUNDS (default 2) alternations
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { buildApp } from '../apps/api/dist/app.js';
import { loadConfig } from '../apps/api/dist/config.js';
import { openDatabase, rows } from '../apps/api/dist/db/client.js';
import { seedBulk } from '../apps/api/dist/db/seed-bulk.js';
import { DEMO_PASSWORD } from '../apps/api/dist/db/seed.js';
import { sql } from '../apps/api/node_modules/drizzle-orm/index.js';

const STUDENTS = 100_000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = 10;

const dataDir = resolve(process.env.BENCH_DATA_DIR ?? '.data/bench');
const config = { ...loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }), host: '127.0.0.1' };
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const [have] = await rows(database.db, sql`select count(*)::int as n from students`);
if (have.n < STUDENTS) {
  console.log(`filling the benchmark database to ${STUDENTS} students (${database.kind}); this happens once`);
  await seedBulk(database.db, STUDENTS - have.n, () => {});
}

const bare = Fastify();
bare.get('/bare', async () => ({ rows: [{ _id: '1', name: 'bare' }], count: 1 }));
const encrypted = await buildApp({ config: { ...config, responseEncryption: true }, database, logger: false });
const plain = await buildApp({ config: { ...config, responseEncryption: false }, database, logger: false });
const listen = async (app) => {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${app.server.address().port}`;
};
const [bareUrl, encUrl, plainUrl] = [await listen(bare), await listen(encrypted), await listen(plain)];

const signIn = await plain.inject({ method: 'POST', url: '/core/v1.0/auth', payload: { email: 'admin@example.edu', password: DEMO_PASSWORD } });
const token = signIn.json().data.token;
const auth = { authorization: `Bearer ${token}` };
const [{ n: total }] = await rows(database.db, sql`select count(*)::int as n from students`);

const scenarios = [
  { key: 'bare', title: 'bare Fastify JSON route', url: `${bareUrl}/bare` },
  { key: 'list', title: 'students?limit=20 (auth + envelope)', url: `${encUrl}/core/v1.0/students?limit=20`, headers: auth },
  { key: 'plain', title: 'students?limit=20 (auth, encryption off)', url: `${plainUrl}/core/v1.0/students?limit=20`, headers: auth },
  { key: 'deep', title: 'students?limit=20&page=4000 (auth + envelope)', url: `${encUrl}/core/v1.0/students?limit=20&page=4000`, headers: auth },
  { key: 'search', title: 'students?q=santos (auth + envelope)', url: `${encUrl}/core/v1.0/students?limit=20&q=santos`, headers: auth },
];

function run(scenario) {
  const times = [];
  return new Promise((done, fail) => {
    const instance = autocannon(
      {
        url: scenario.url,
        headers: scenario.headers,
        connections: CONNECTIONS,
        duration: SECONDS,
        setupClient: (client) => client.on('response', (_status, _bytes, time) => times.push(time)),
      },
      (error, result) => {
        if (error) return fail(error);
        times.sort((a, b) => a - b);
        const p95 = times.length ? times[Math.min(times.length - 1, Math.floor(times.length * 0.95))] : NaN;
        const ok = result['2xx'];
        done({ rps: ok / (result.duration || SECONDS), p95, errors: result.non2xx + result.errors });
      },
    );
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });
}

console.log(
  `\n${database.kind}, ${total} students, ${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} rounds alternating; ` +
    `${cpus().length} CPUs, load average ${loadavg()[0].toFixed(2)} (client and server share this process)\n`,
);
const results = Object.fromEntries(scenarios.map((s) => [s.key, []]));
for (let round = 1; round <= ROUNDS; round += 1) {
  for (const scenario of scenarios) {
    const result = await run(scenario);
    results[scenario.key].push(result);
    console.log(`  round ${round}  ${scenario.title.padEnd(48)} ${result.rps.toFixed(0).padStart(7)} req/s  p95 ${result.p95.toFixed(1).padStart(6)} ms${result.errors ? `  (${result.errors} errors)` : ''}`);
  }
}

const summary = Object.fromEntries(
  Object.entries(results).map(([key, list]) => [
    key,
    { rps: list.reduce((a, r) => a + r.rps, 0) / list.length, p95: Math.max(...list.map((r) => r.p95)) },
  ]),
);
const check = (label, value, target, pass) =>
  console.log(`  ${pass ? 'PASS' : 'MISS'}  ${label.padEnd(58)} ${value.padStart(9)}   target ${target}`);
console.log('\nAgainst the targets of issue 3:');
check('encrypted list req/s as a share of the bare route', `${((100 * summary.list.rps) / summary.bare.rps).toFixed(1)}%`, '≥ 40%', summary.list.rps >= 0.4 * summary.bare.rps);
const cost = 1 - summary.list.rps / summary.plain.rps;
check('cost of encryption (plain vs encrypted list req/s)', `${(100 * cost).toFixed(1)}%`, '≤ 20%', cost <= 0.2);
check('page 4,000 latency (p95) against page 1', `${(summary.deep.p95 / summary.list.p95).toFixed(2)}×`, '≤ 2×', summary.deep.p95 <= 2 * summary.list.p95);
check('p95 of the encrypted list', `${summary.list.p95.toFixed(1)} ms`, '≤ 50 ms', summary.list.p95 <= 50);
check('p95 of the name search', `${summary.search.p95.toFixed(1)} ms`, '≤ 50 ms', summary.search.p95 <= 50);

await Promise.all([bare.close(), encrypted.close(), plain.close()]);
await database.close();
