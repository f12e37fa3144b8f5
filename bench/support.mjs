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
import { fileURLToPath } from 'node:url';
import { printMedians, runRounds } from './lib/rounds.mjs';
import { adminHeaders, openBenchDatabase, serveApi, startServer, stopServer } from './lib/server.mjs';
import { fillTickets } from './lib/tickets.mjs';

const TICKETS = 100_000;
const STUDENTS = 100_000;
const SUBJECTS = ['transcript of records request', 'enrollment hold', 'refund of overpayment', 'wi-fi access', 'portal password reset'];
const self = fileURLToPath(import.meta.url);

if (process.argv[2] === '--serve') await serve();
else await measure();

/** The API in its own process over a filled database; prints one JSON line with its URL. */
async function serve() {
  const { config, database, rows, sql } = await openBenchDatabase('.data/bench-support', STUDENTS);
  await fillTickets(database, { rows, sql }, TICKETS);
  const [{ n }] = await rows(database.db, sql`select count(*)::int as n from support_tickets`);
  await serveApi(config, database, { tickets: n });
}

async function measure() {
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
    console.log(`support bench: ${server.tickets.toLocaleString('en-US')} tickets on ${server.kind}, ${CONNECTIONS} connections, ${SECONDS}s × ${ROUNDS} rounds`);
    const results = await runRounds({ url: server.url, headers, connections: CONNECTIONS, seconds: SECONDS, rounds: ROUNDS, scenarios, width: 44 });
    printMedians(scenarios, results, { width: 44, target: 50 });
  } finally {
    await stopServer(server);
  }
}
