// Reports benchmark (npm run bench:reports): autocannon against the API answers behind each Analytics page over
// 1,000,000 audit-trail entries and 100,000 tickets — the Support report, the ticket report, the audit trail (a
// month, and one actor) — and the students list at 100,000 students in the same run as the baseline. Prints
// requests/s and p95 latency per scenario and the ratio against the baseline; target (issue 15): p95 ≤ 300 ms at
// 5 connections on PostgreSQL.
// Build first: npx nx run @campus/api:build.
//
//   BENCH_DATA_DIR (default .data/bench-reports)  embedded database reused between runs (filled on first use)
//   DATABASE_URL                                   a dedicated PostgreSQL database instead (filled on first use)
//   BENCH_SECONDS (default 4), BENCH_ROUNDS (default 3), BENCH_CONNECTIONS (default 5)
import { fileURLToPath } from 'node:url';
import { median, printMedians, runRounds } from './lib/rounds.mjs';
import { adminHeaders, openBenchDatabase, serveApi, startServer, stopServer } from './lib/server.mjs';
import { fillTickets } from './lib/tickets.mjs';

const TICKETS = 100_000;
const AUDIT_ENTRIES = 1_000_000;
const STUDENTS = 100_000;
const self = fileURLToPath(import.meta.url);

if (process.argv[2] === '--serve') await serve();
else await measure();

/** The API in its own process over a filled database; prints one JSON line with its URL. */
async function serve() {
  const { config, database, rows, sql } = await openBenchDatabase('.data/bench-reports', STUDENTS);
  await fillTickets(database, { rows, sql }, TICKETS);
  // A help desk's history: tickets older than three weeks are done, with their response, resolution and closing
  // times (the fill above leaves every ticket without them).
  const [undone] = await rows(database.db, sql`select count(*)::int as n from support_tickets where reference like 'SUP-B%' and first_responded_at is null`);
  if (undone.n > 0) {
    console.error('giving the benchmark tickets their response, resolution and closing times; this happens once');
    await database.db.execute(sql`
      update support_tickets set
        state = case when created_at < now() - interval '21 days' then (array['resolved','closed'])[1 + number % 2] else state end,
        first_responded_at = created_at + (5 + number % 240) * interval '1 minute',
        resolved_at = case when created_at < now() - interval '21 days' or state in ('resolved','closed') then created_at + (60 + number % 4000) * interval '1 minute' end,
        closed_at = case when (created_at < now() - interval '21 days' and number % 2 = 1) or state = 'closed' then created_at + (1500 + number % 4000) * interval '1 minute' end
      where reference like 'SUP-B%' and first_responded_at is null`);
    await database.db.execute(sql`analyze support_tickets`);
  }
  // The business minutes the SLA clock ran until the response and the resolution (the report's medians): the bench
  // tickets' offices keep no hours and nothing paused them, so the clock ran all the time.
  await database.db.execute(sql`
    update support_tickets set
      first_response_business_minutes = date_part('epoch', first_responded_at - created_at) / 60,
      resolution_business_minutes = date_part('epoch', resolved_at - created_at) / 60
    where reference like 'SUP-B%'
      and ((first_responded_at is not null and first_response_business_minutes is null) or (resolved_at is not null and resolution_business_minutes is null))`);
  const [entries] = await rows(database.db, sql`select count(*)::int as n from audit_trails`);
  if (entries.n < AUDIT_ENTRIES) {
    console.error(`filling the benchmark database to ${AUDIT_ENTRIES} audit-trail entries; this happens once`);
    // A year of updates by 50 administrators over 20 resources, each with a before/after pair.
    await database.db.execute(sql`
      insert into audit_trails (actor_id, actor_email, activity, resource, record_id, changes, ip_address, created_at)
      select null, 'admin' || (n % 50) || '@example.edu', 'Updated ' || (array['student','campus','user','ticket'])[1 + n % 4] || ' ' || n,
        'resource-' || (n % 20), md5((n % 50000)::text)::uuid::text,
        jsonb_build_object('name', jsonb_build_object('before', 'Old ' || n, 'after', 'New ' || n)),
        '192.0.2.' || (n % 250), now() - (n % 525600) * interval '1 minute'
      from generate_series(${entries.n + 1}::int, ${AUDIT_ENTRIES}::int) n`);
    await database.db.execute(sql`analyze audit_trails`);
  }
  // A server's autovacuum would long have cleaned up after the fills' updates (the test server runs with it off):
  // without it the index-only scans of the report indexes (migration 0016) would visit the rows all the same.
  await database.db.execute(sql`vacuum analyze support_tickets`);
  await database.db.execute(sql`vacuum analyze audit_trails`);
  // What the scheduled \`reports-rollup\` job keeps up to date (every 15 minutes): the audit trail's finished hours.
  const { rollUpAuditHours } = await import('../apps/api/dist/areas/analytics/rollup.js');
  await rollUpAuditHours(database.db, new Date());
  const [{ n }] = await rows(database.db, sql`select count(*)::int as n from support_tickets`);
  await serveApi(config, database, { tickets: n, entries: Math.max(entries.n, AUDIT_ENTRIES) });
}

async function measure() {
  const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
  const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
  const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 5);
  const server = await startServer(self);
  try {
    const headers = await adminHeaders(server.url, process.env.BENCH_DATA_DIR ?? '.data/bench-reports');
    const month = (days) => {
      const to = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
      const from = new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
      return `from=${from}&to=${to}`;
    };
    const scenarios = [
      { key: 'students', title: 'students?limit=20 (baseline)', path: '/core/v1.0/students?limit=20' },
      { key: 'support', title: 'reports/support (30 days)', path: `/core/v1.0/reports/support?${month(30)}` },
      { key: 'support90', title: 'reports/support (90 days)', path: `/core/v1.0/reports/support?${month(90)}` },
      { key: 'tickets', title: 'reports/tickets (30 days, by first response)', path: `/core/v1.0/reports/tickets?${month(30)}&sort=firstResponseMinutes` },
      { key: 'audit', title: 'reports/audit-trails (30 days)', path: `/core/v1.0/reports/audit-trails?${month(30)}` },
      { key: 'actor', title: 'reports/audit-trails (one actor, 90 days)', path: `/core/v1.0/reports/audit-trails?${month(90)}&actor=admin7%40example.edu` },
    ];
    console.log(`reports bench: ${server.entries.toLocaleString('en-US')} audit entries, ${server.tickets.toLocaleString('en-US')} tickets on ${server.kind}, ${CONNECTIONS} connections, ${SECONDS}s × ${ROUNDS} rounds`);
    const results = await runRounds({ url: server.url, headers, connections: CONNECTIONS, seconds: SECONDS, rounds: ROUNDS, scenarios, width: 46 });
    // Before decision 0026 (report indexes, the audit trail's hourly rollup, one read per set of tickets): the medians
    // of one run on this machine, PostgreSQL, same data and settings, with its own baseline — on a ticket table not yet
    // vacuumed after the fill (100,000 dead rows; the vacuum step above came with 0026).
    const BEFORE = { students: 46.4, support: 649.9, support90: 2800.9, tickets: 1359.5, audit: 355.2, actor: 167.2 };
    const base = printMedians(scenarios, results, { width: 46, target: 300 });
    console.log('before → after (p95, and × of the students list measured in the same run):');
    for (const s of scenarios) {
      const p95 = median(results[s.key].map((r) => r.p95));
      const was = BEFORE[s.key];
      console.log(`  ${s.title.padEnd(46)} ${was.toFixed(1).padStart(7)} ms (×${(was / BEFORE.students).toFixed(2)}) → ${p95.toFixed(1).padStart(6)} ms (×${(p95 / base).toFixed(2)})`);
    }
  } finally {
    await stopServer(server);
  }
}
