import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { rows, type Database } from '../../platform/db/client.js';
import { insertAccount } from '../../platform/db/users.js';
import { testConfig, TestClock, TEST_PASSWORD } from '../../test/harness.js';
import { placeForTwoProcesses } from '../../test/two-processes.js';

// The engine's own intervals and timeouts (a bulk change's job may run 600 s): nothing here is shortened, so the
// test measures what an operator sees after a crash.
const RECORDS = 2_000;
/** How soon after the restart the jobs a dead process held must be running again. */
const RECOVERY_MS = 30_000;

async function startApp(database: Database) {
  const config = testConfig(new TestClock(new Date()), { responseEncryption: false });
  return { app: await buildApp({ config, database, logger: false }), config };
}

describe('crash recovery', () => {
  it('runs the jobs of a killed worker again within 30 s of the restart, not after their 600 s timeout', async () => {
    const place = await placeForTwoProcesses();

    // 1. Records and a bulk change, queued by an app that then stops.
    let database = await place.open();
    const first = await startApp(database);
    await insertAccount(
      database.db,
      { email: 'admin@example.edu', password: TEST_PASSWORD, firstName: 'Jose', lastName: 'Rizal', adminScopes: ['CAMPUS', 'BATCH'] },
      first.config.argon2,
    );
    await database.db.execute(
      sql`insert into campuses (code, name, created_at, updated_at) select 'K' || g, 'Crash ' || g, now(), now() from generate_series(1, ${RECORDS}) g`,
    );
    const signIn = await first.app.inject({ method: 'POST', url: '/core/v1.0/auth', payload: { email: 'admin@example.edu', password: TEST_PASSWORD } });
    const started = await first.app.inject({
      method: 'POST',
      url: '/core/v1.0/batches',
      headers: { authorization: `Bearer ${signIn.json().data.token as string}` },
      payload: { type: 'bulk-state-change', params: { resource: 'campuses', q: 'Crash', set: { isActive: false } } },
    });
    expect(started.statusCode).toBe(202);
    const batchId = started.json().data._id as string;
    await first.app.close();
    await database.close();

    // 2. A worker with the engine's default settings takes jobs and is killed (SIGKILL) once one has committed.
    const worker = spawn(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, '../../test/job-worker.ts')], {
      env: { ...process.env, ...place.env, RESPONSE_ENCRYPTION_KEY: 'k', SESSION_SECRET: 's', JOB_SETTINGS: '{}' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolveKill, reject) => {
      worker.on('exit', (code) => reject(new Error(`worker exited with ${code}`)));
      createInterface({ input: worker.stdout }).on('line', () => {
        worker.removeAllListeners('exit');
        worker.kill('SIGKILL');
        resolveKill();
      });
    });
    await new Promise((done) => worker.once('exit', done));

    // 3. What the dead worker held: jobs pg-boss still calls active, past none of their timeouts.
    database = await place.open();
    const held = await rows<{ id: string }>(
      database.db,
      sql`select j.id from pgboss.job j join job_runs r on r.id = j.id where r.batch_id = ${batchId} and j.state = 'active'`,
    );
    expect(held.length).toBeGreaterThan(0);
    const heldIds = `{${held.map((h) => h.id).join(',')}}`;

    // 4. The API starts again on the same data; each held job starts its next attempt within 30 s.
    const second = await startApp(database);
    const restartedAt = Date.now();
    await second.app.jobs.start();
    let recoveredAfter = Number.POSITIVE_INFINITY;
    for (;;) {
      const [pending] = await rows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from job_runs where id = any(${heldIds}::uuid[]) and attempts < 2 and state <> 'completed'`,
      );
      if (pending!.n === 0) {
        recoveredAfter = Date.now() - restartedAt;
        break;
      }
      if (Date.now() - restartedAt > RECOVERY_MS + 60_000) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(recoveredAfter, 'ms from the restart until every held job ran again').toBeLessThan(RECOVERY_MS);

    // 5. The batch finishes with every record changed once.
    const end = Date.now() + 120_000;
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
    const [audits] = await rows<{ n: number; records: number }>(
      database.db,
      sql`select count(*)::int as n, count(distinct record_id)::int as records from audit_trails where resource = 'campuses'`,
    );
    expect(audits).toEqual({ n: RECORDS, records: RECORDS });
    await second.app.close();
    await database.close();
  }, 300_000);
});
