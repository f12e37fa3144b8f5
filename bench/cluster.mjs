// Kill drill of issue 34 (npm run bench:cluster): 2 API and 2 console processes behind HAProxy on PostgreSQL
// (`scripts/cluster.mjs`, the README's "Run several processes"), BENCH_CONNECTIONS loops of mixed reads and writes
// for BENCH_SECONDS through the balancer — the academic breaks' list page of the console, the API's list of them and,
// one request in three, a new academic break through the API with a name of its own — and at BENCH_KILL_AT seconds
// `kill -9` of one API and one console process. The baseline is the same load on the whole cluster before the kill,
// in the same run. Prints reads served and failed, and writes answered 2xx (each must be in the database once) or
// answered with an error / not at all (each present or absent: both counted), and duplicates (must be none).
//
//   DATABASE_URL (required)          a PostgreSQL server: the drill creates its own database on it and drops it after
//   BENCH_SECONDS (default 60)       duration of the load; BENCH_KILL_AT (default 20) when the two processes die
//   BENCH_CONNECTIONS (default 20)   concurrent loops
// Build first (npm run build); needs Debian's haproxy and psql. Targets: no failed read, no confirmed write missing,
// no duplicate.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiToken, checkWrites, consoleCookie, newTally, psql, runLoad, startCluster } from '../apps/console/e2e/cluster-kit.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const KILL_AT = Number(process.env.BENCH_KILL_AT ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ADMIN = { email: 'admin@example.edu', password: 'Campus!Demo2026' };
const server = process.env.DATABASE_URL;
if (!server?.startsWith('postgres')) {
  console.error('Set DATABASE_URL=postgres://… (a server on which the drill may create and drop a database).');
  process.exit(1);
}
if (!(KILL_AT > 0 && KILL_AT < SECONDS)) {
  console.error('BENCH_KILL_AT must lie between 0 and BENCH_SECONDS.');
  process.exit(1);
}

const name = `campus_cluster_bench_${randomBytes(4).toString('hex')}`;
const databaseUrl = new URL(server);
databaseUrl.pathname = `/${name}`;
const dataDir = mkdtempSync(join(tmpdir(), 'cas-cluster-bench-'));
psql(server, `create database ${name}`);
let cluster;
try {
  cluster = await startCluster({ databaseUrl: databaseUrl.toString(), dataDir });
  const token = await apiToken(cluster, ADMIN);
  const cookie = await consoleCookie(cluster.consoleUrl, ADMIN);
  const prefix = `Bench ${randomBytes(3).toString('hex')}`;
  const tally = newTally();
  const started = Date.now();
  const load = runLoad({ apiUrl: cluster.apiUrl, consoleUrl: cluster.consoleUrl, token, cookie, loops: CONNECTIONS, prefix, running: () => Date.now() - started < SECONDS * 1000, tally });
  await new Promise((r) => setTimeout(r, KILL_AT * 1000));
  const before = { reads: tally.reads.served, failed: tally.reads.failed.length, writes: tally.writes.confirmed.length, seconds: (Date.now() - started) / 1000 };
  const killedAt = Date.now();
  await Promise.all([cluster.kill('api', 0), cluster.kill('console', 1)]);
  console.log(`kill -9 of API process ${cluster.pids.api[0]} and console process ${cluster.pids.console[1]} at ${before.seconds.toFixed(1)} s`);
  await load;
  const after = (Date.now() - killedAt) / 1000;
  const check = checkWrites(databaseUrl.toString(), prefix, tally.writes);
  const rate = (n, s) => (n / s).toFixed(1);
  console.log(`
kill drill: ${CONNECTIONS} connections for ${SECONDS} s, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}
  before the kill (baseline, 4 processes)  reads ${rate(before.reads, before.seconds)}/s, writes ${rate(before.writes, before.seconds)}/s
  after the kill (2 processes)             reads ${rate(tally.reads.served - before.reads, after)}/s, writes ${rate(tally.writes.confirmed.length - before.writes, after)}/s
  reads    ${tally.reads.served} served, ${tally.reads.failed.length} failed${tally.reads.failed.length ? `: ${[...new Set(tally.reads.failed)].join(', ')}` : ''}   (target 0 failed)
  writes   ${check.confirmed} answered 2xx, ${check.missing.length} of them missing   (target 0 missing)
           ${check.unconfirmed} answered with an error or not at all: ${check.unconfirmedPresent} present, ${check.unconfirmedAbsent} absent${check.unconfirmed ? ` (${tally.writes.unconfirmed.map((w) => w.outcome).join(', ')})` : ''}
           ${check.duplicates.length} duplicates, ${check.unasked.length} never asked for   (target 0)
  ${tally.reads.failed.length === 0 && check.missing.length === 0 && check.duplicates.length === 0 && check.unasked.length === 0 ? 'targets met' : 'TARGETS MISSED'}`);
} finally {
  await cluster?.close();
  psql(server, `drop database if exists ${name} with (force)`);
  rmSync(dataDir, { recursive: true, force: true });
}
