import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { rows, type Database } from '../../platform/db/client.js';
import { insertAccount } from '../../platform/db/users.js';
import { BULK_CHUNK_SIZE } from './jobs/bulk-state-change.js';
import { testConfig, TestClock, TEST_PASSWORD } from '../../test/harness.js';
import { placeForTwoProcesses } from '../../test/two-processes.js';

const RECORDS = 2_000;
const settings = { pollingIntervalSeconds: 0.5, superviseIntervalSeconds: 1, tickMs: 300, maxTimeoutSeconds: 4 };

async function startApp(database: Database) {
  const config = testConfig(new TestClock(new Date()), { responseEncryption: false, jobs: settings });
  return { app: await buildApp({ config, database, logger: false }), config };
}

describe('restart safety', () => {
  it('resumes a batch after the worker process is killed, changing no record twice and skipping none', async () => {
    const place = await placeForTwoProcesses();

    // 1. Records and a batch, queued by one app that then stops.
    let database = await place.open();
    const first = await startApp(database);
    const adminId = await insertAccount(
      database.db,
      { email: 'admin@example.edu', password: TEST_PASSWORD, firstName: 'Jose', lastName: 'Rizal', adminScopes: ['CAMPUS', 'BATCH'] },
      first.config.argon2,
    );
    await database.db.execute(
      sql`insert into campuses (code, name, created_at, updated_at) select 'R' || g, 'Restart ' || g, now(), now() from generate_series(1, ${RECORDS}) g`,
    );
    const signIn = await first.app.inject({ method: 'POST', url: '/core/v1.0/auth', payload: { email: 'admin@example.edu', password: TEST_PASSWORD } });
    const token = signIn.json().data.token as string;
    const started = await first.app.inject({
      method: 'POST',
      url: '/core/v1.0/batches',
      headers: { authorization: `Bearer ${token}` },
      payload: { type: 'bulk-state-change', params: { resource: 'campuses', q: 'Restart', set: { isActive: false } } },
    });
    expect(started.statusCode).toBe(202);
    const batchId = started.json().data._id as string;
    await first.app.close();
    await database.close();

    // 2. A worker process starts on it and is killed (SIGKILL: no clean-up) once the first chunk has committed.
    const worker = spawn(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, '../../test/job-worker.ts')], {
      env: { ...process.env, ...place.env, RESPONSE_ENCRYPTION_KEY: 'k', SESSION_SECRET: 's' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const jobsTotal = Math.ceil(RECORDS / BULK_CHUNK_SIZE);
    await new Promise<number>((resolveKill, reject) => {
      worker.on('exit', (code) => reject(new Error(`worker exited with ${code}`)));
      createInterface({ input: worker.stdout }).on('line', (line) => {
        const { processed } = JSON.parse(line) as { processed: number };
        if (processed >= 1) {
          worker.removeAllListeners('exit');
          worker.kill('SIGKILL');
          resolveKill(processed);
        }
      });
    });
    await new Promise((done) => worker.once('exit', done));

    // 3. The API starts again on the same database and finishes the batch.
    database = await place.open();
    const [atKill] = await rows<{ processed: number }>(database.db, sql`select count(*)::int as processed from job_runs where processed_at is not null`);
    expect(atKill!.processed).toBeGreaterThan(0);
    expect(atKill!.processed).toBeLessThan(jobsTotal);
    const second = await startApp(database);
    await second.app.jobs.start();
    const end = Date.now() + 180_000;
    let batch: { state: string; done: number; failed: number } | undefined;
    for (;;) {
      [batch] = await rows<{ state: string; done: number; failed: number }>(
        database.db,
        sql`select b.state, (select sum(units_done)::int from job_runs where batch_id = b.id) as done,
                   (select sum(units_failed)::int from job_runs where batch_id = b.id) as failed
              from batches b where b.id = ${batchId}`,
      );
      if (batch?.state !== 'queued' && batch?.state !== 'running') break;
      if (Date.now() > end) throw new Error(`batch still ${batch?.state}`);
      await new Promise((r) => setTimeout(r, 300));
    }
    expect(batch).toEqual({ state: 'completed', done: RECORDS, failed: 0 });
    const [counts] = await rows<{ active: number; audits: number; records: number; by_actor: number }>(
      database.db,
      sql`select (select count(*)::int from campuses where is_active) as active,
                 (select count(*)::int from audit_trails where resource = 'campuses') as audits,
                 (select count(distinct record_id)::int from audit_trails where resource = 'campuses') as records,
                 (select count(*)::int from audit_trails where resource = 'campuses' and actor_id = ${adminId}) as by_actor`,
    );
    expect(counts).toEqual({ active: 0, audits: RECORDS, records: RECORDS, by_actor: RECORDS });
    await second.app.close();
    await database.close();
  }, 300_000);
});
