// Support benchmark (npm run bench:support): autocannon against the API over 100,000 tickets — the team queue
// (`support/tickets?view=team`), a ticket search over subject and thread, and the students list at 100,000
// students in the same run as the baseline. Prints requests/s and p95 latency per scenario and the ratios
// against the baseline; target (issue 18): p95 ≤ 50 ms at 10 connections on PostgreSQL. A repeated list query is
// answered from its remembered matches while no ticket changes (as the students list is); the varied search asks
// something new on every request, so it shows what reading the matches costs.
// Build first: npx nx run @campus/api:build.
//
//   BENCH_DATA_DIR (default .data/bench-support)  embedded database reused between runs (filled on first use)
//   DATABASE_URL                                   a dedicated PostgreSQL database instead (filled on first use), e.g.
//                                                  createdb campus_bench_support, then
//                                                  DATABASE_URL=postgres://postgres@127.0.0.1:5432/campus_bench_support
//   BENCH_SECONDS (default 4), BENCH_ROUNDS (default 3), BENCH_CONNECTIONS (default 10)
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminHeaders, startServer } from './lib/server.mjs';
import { fillTickets } from './lib/tickets.mjs';

const TICKETS = 100_000;
const STUDENTS = 100_000;
const SUBJECTS = ['transcript of records request', 'enrollment hold', 'refund of overpayment', 'wi-fi access', 'portal password reset'];
const self = fileURLToPath(import.meta.url);

if (process.argv[2] === '--serve') await serve();
else await measure();

/** The API in its own process over a filled database; prints one JSON line with its URL. */
async function serve() {
  const { buildApp } = await import('../apps/api/dist/app.js');
  const { loadConfig } = await import('../apps/api/dist/config.js');
  const { openDatabase, rows } = await import('../apps/api/dist/platform/db/client.js');
  const { seedBulk } = await import('../apps/api/dist/platform/db/seed-bulk.js');
  const { sql } = await import('../apps/api/node_modules/drizzle-orm/index.js');
  const dataDir = resolve(process.env.BENCH_DATA_DIR ?? '.data/bench-support');
  const config = { ...loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }), host: '127.0.0.1' };
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const [students] = await rows(database.db, sql`select count(*)::int as n from students`);
  if (students.n < STUDENTS) {
    console.error(`filling the benchmark database to ${STUDENTS} students (${database.kind}); this happens once`);
    await seedBulk(database.db, STUDENTS - students.n, () => {});
  }
  await fillTickets(database, { rows, sql }, TICKETS);
  const [{ n }] = await rows(database.db, sql`select count(*)::int as n from support_tickets`);
  const app = await buildApp({ config: { ...config, responseEncryption: true }, database, logger: { level: 'warn' } });
  await app.listen({ host: '127.0.0.1', port: 0 });
  process.on('SIGTERM', async () => {
    await app.close();
    await database.close();
    process.exit(0);
  });
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${app.server.address().port}`, kind: database.kind, tickets: n })}\n`);
}

async function measure() {
  const { default: autocannon } = await import('autocannon');
  const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
  const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
  const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
  const server = await startServer(self);
  try {
    // The admin is the lead of the demo teams, so "my team's" queue is a real team queue.
    const headers = await adminHeaders(server.url, process.env.BENCH_DATA_DIR ?? '.data/bench-support');
    const scenarios = [
      { key: 'students', title: 'students?limit=20 (baseline)', path: '/core/v1.0/students?limit=20' },
      { key: 'queue', title: 'support/tickets?view=team&limit=20', path: '/core/v1.0/support/tickets?view=team&limit=20' },
      { key: 'open', title: 'team queue, state=open', path: '/core/v1.0/support/tickets?view=team&state=open&limit=20' },
      { key: 'search', title: 'support/tickets?q=refund 123 (search)', path: '/core/v1.0/support/tickets?q=refund%20of%20overpayment%20123&limit=20' },
      // A different search on every request, so none is answered from remembered matches.
      {
        key: 'varied',
        title: 'varied search (q=<subject> <n>, n random)',
        path: '/core/v1.0/support/tickets?q=refund&limit=20',
        next: () => `/core/v1.0/support/tickets?q=${encodeURIComponent(`${SUBJECTS[Math.floor(Math.random() * SUBJECTS.length)]} ${1 + Math.floor(Math.random() * TICKETS)}`)}&limit=20`,
      },
    ];
    const run = (scenario, seconds) =>
      new Promise((done, fail) => {
        const times = [];
        autocannon(
          {
            url: `${server.url}${scenario.path}`,
            headers,
            connections: CONNECTIONS,
            duration: seconds,
            setupClient: (c) => c.on('response', (_s, _b, t) => times.push(t)),
            ...(scenario.next ? { requests: [{ setupRequest: (request) => ({ ...request, path: scenario.next() }) }] } : {}),
          },
          (error, result) => {
            if (error) return fail(error);
            times.sort((a, b) => a - b);
            done({ rps: result['2xx'] / (result.duration || seconds), p95: times[Math.floor(times.length * 0.95)] ?? NaN, errors: result.non2xx + result.errors });
          },
        );
      });
    console.log(`support bench: ${server.tickets.toLocaleString('en-US')} tickets on ${server.kind}, ${CONNECTIONS} connections, ${SECONDS}s × ${ROUNDS} rounds`);
    const results = Object.fromEntries(scenarios.map((s) => [s.key, []]));
    for (const s of scenarios) await run(s, 1);
    for (let round = 1; round <= ROUNDS; round++) {
      for (const s of scenarios) {
        const r = await run(s, SECONDS);
        results[s.key].push(r);
        console.log(`  round ${round}  ${s.title.padEnd(44)} ${r.rps.toFixed(0).padStart(6)} req/s  p95 ${r.p95.toFixed(1).padStart(6)} ms${r.errors ? `  ${r.errors} errors` : ''}`);
      }
    }
    const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
    const base = median(results.students.map((r) => r.p95));
    console.log('median of the rounds:');
    for (const s of scenarios) {
      const p95 = median(results[s.key].map((r) => r.p95));
      const rps = median(results[s.key].map((r) => r.rps));
      console.log(`  ${s.title.padEnd(44)} ${rps.toFixed(0).padStart(6)} req/s  p95 ${p95.toFixed(1).padStart(6)} ms  ×${(p95 / base).toFixed(2)} of the students list  ${s.key === 'students' ? '' : p95 <= 50 ? 'target ≤ 50 ms met' : 'target ≤ 50 ms missed'}`);
    }
  } finally {
    await new Promise((done) => {
      server.child.once('exit', done);
      server.child.kill('SIGTERM');
    });
  }
}
