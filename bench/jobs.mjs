// Job engine benchmark (npm run bench:jobs): on PGlite and on PostgreSQL, in one run each,
//   1. the baseline: N single-record state changes, each a `PUT /core/v1.0/campuses/{id}` through the API over HTTP
//      (4 at a time), as the list screen's row switch does;
//   2. a no-op job type: jobs per second through pg-boss and the engine's bookkeeping (view, log, batch);
//   3. the bulk state change of N other records as one batch (`POST /core/v1.0/batches`), records per second.
// Prints the figures and the ratio bulk / baseline (target of issue 11: at least 10×; and 100,000 records in
// under a minute on PostgreSQL, run with BENCH_BIG=1).
// Build first: npx nx run-many -t build --projects=tag:lib,@campus/api.
//
//   BENCH_RECORDS (default 2000)   records changed by the baseline and, separately, by the batch
//   BENCH_NOOP_JOBS (default 500)  no-op jobs
//   BENCH_PG_URL                   PostgreSQL server to create a scratch database on
//                                  (default postgres://postgres@127.0.0.1:5432/test; skipped when unreachable)
//   BENCH_BIG=1                    also time a bulk change of 100,000 records on PostgreSQL
//   BENCH_BACKENDS                 `pglite,postgres` (default) or one of them
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

const api = (path) => import(new URL(`../apps/api/dist/${path}`, import.meta.url).href);
const { buildApp } = await api('app.js');
const { loadConfig } = await api('config.js');
const { openDatabase } = await api('platform/db/client.js');
const { insertAccount } = await api('platform/db/users.js');
const { defineJobType } = await api('platform/jobs/types.js');
const { z } = await import(new URL('../node_modules/zod/index.js', import.meta.url).href);
const pg = (await import('pg')).default;
const { benchConfig, scratchPostgres } = await import('./lib/scratch.mjs');

const RECORDS = Number(process.env.BENCH_RECORDS ?? 2000);
const NOOP_JOBS = Number(process.env.BENCH_NOOP_JOBS ?? 500);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const BACKENDS = (process.env.BENCH_BACKENDS ?? 'pglite,postgres').split(',');
const PASSWORD = 'Campus!Bench2026';

async function run(backend, records, { big = false } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'campus-bench-jobs-'));
  const scratch = backend === 'postgres' ? await scratchPostgres(PG_URL, 'campus_bench_jobs') : undefined;
  const database = await openDatabase(scratch ? { databaseUrl: scratch.url, poolSize: 10 } : {});
  const config = benchConfig(loadConfig, dataDir);
  const app = await buildApp({ config, database, logger: false });
  let noopDone = 0;
  app.jobs.register(defineJobType({ name: 'bench-noop', title: 'Bench no-op', params: z.object({ n: z.number() }), concurrency: 4, retryLimit: 0, handler: async () => void (noopDone += 1) }));
  const adminId = await insertAccount(database.db, { email: 'bench@example.edu', password: PASSWORD, firstName: 'Bench', lastName: 'Mark', adminScopes: ['CAMPUS', 'BATCH'] }, config.argon2);
  const exec = async (text) => {
    const raw = database.jobConnection.kind === 'pglite' ? database.jobConnection.client : undefined;
    if (raw) return raw.query(text);
    const c = new pg.Client({ connectionString: scratch.url });
    await c.connect();
    try {
      return await c.query(text);
    } finally {
      await c.end();
    }
  };
  const seed = (prefix, n) => exec(`insert into campuses (code, name, created_at, updated_at) select '${prefix}' || g, '${prefix} campus ' || g, now(), now() from generate_series(1, ${n}) g`);
  await seed('BASE', records);
  await seed('BULK', records);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${app.server.address().port}/core/v1.0`;
  const signIn = await fetch(`${base}/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'bench@example.edu', password: PASSWORD }) });
  const { decodeEnvelope } = await import('@campus/api-contract');
  const read = async (response) => decodeEnvelope(await response.text(), 'bench');
  const token = (await read(signIn)).data.token;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const ids = (await exec(`select id from campuses where code like 'BASE%' order by code`)).rows.map((r) => r.id);

  // 1. Baseline: one PUT per record, four in flight.
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < ids.length) {
        const id = ids[next++];
        const r = await fetch(`${base}/campuses/${id}`, { method: 'PUT', headers, body: JSON.stringify({ isActive: false }) });
        if (r.status !== 200) throw new Error(`PUT answered ${r.status}`);
        await r.arrayBuffer();
      }
    }),
  );
  const baselineSeconds = (performance.now() - t0) / 1000;

  await app.jobs.start();
  // 2. No-op jobs.
  const t1 = performance.now();
  await app.jobs.createBatch({ type: 'bench-noop', params: {}, requestedById: adminId, total: NOOP_JOBS, jobs: Array.from({ length: NOOP_JOBS }, (_, n) => ({ params: { n }, units: 1 })) });
  while (noopDone < NOOP_JOBS) await new Promise((r) => setTimeout(r, 50));
  const noopSeconds = (performance.now() - t1) / 1000;

  // 3. The bulk state change as a batch.
  const bulk = async (q, expected) => {
    const t = performance.now();
    const started = await read(await fetch(`${base}/batches`, { method: 'POST', headers, body: JSON.stringify({ type: 'bulk-state-change', params: { resource: 'campuses', q, set: { isActive: false } } }) }));
    const id = started.data._id;
    for (;;) {
      const batch = (await read(await fetch(`${base}/batches/${id}`, { headers }))).data;
      if (!['queued', 'running'].includes(batch.state)) {
        if (batch.done !== expected) throw new Error(`batch ${batch.state}: ${batch.done} of ${expected}`);
        return (performance.now() - t) / 1000;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const bulkSeconds = await bulk('BULK', records);
  let bigSeconds;
  if (big) {
    await seed('HUGE', 100_000);
    bigSeconds = await bulk('HUGE', 100_000);
  }
  await app.close();
  await database.close();
  await scratch?.drop();
  rmSync(dataDir, { recursive: true, force: true });
  return { baseline: records / baselineSeconds, noop: NOOP_JOBS / noopSeconds, bulk: records / bulkSeconds, bigSeconds };
}

const fmt = (n) => n.toLocaleString('en-US', { maximumFractionDigits: 0 });
console.log(`bench:jobs — ${RECORDS} records each way, ${NOOP_JOBS} no-op jobs; load average ${loadavg()[0].toFixed(1)} on this shared machine`);
for (const backend of BACKENDS) {
  let result;
  try {
    result = await run(backend, RECORDS, { big: backend === 'postgres' && process.env.BENCH_BIG === '1' });
  } catch (error) {
    console.log(`${backend}: skipped (${error.message})`);
    continue;
  }
  const ratio = result.bulk / result.baseline;
  console.log(
    `${backend.padEnd(8)} baseline ${fmt(result.baseline)} records/s (single PUTs) · bulk batch ${fmt(result.bulk)} records/s · ` +
      `ratio ${ratio.toFixed(1)}× (target ≥ 10×: ${ratio >= 10 ? 'met' : 'missed'}) · no-op ${fmt(result.noop)} jobs/s` +
      (result.bigSeconds ? ` · 100,000 records in ${result.bigSeconds.toFixed(1)} s (target < 60 s: ${result.bigSeconds < 60 ? 'met' : 'missed'})` : ''),
  );
}
