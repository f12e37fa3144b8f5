import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../db/client.js';
import { insertAccount } from '../db/users.js';
import { placeForTwoProcesses } from '../../test/two-processes.js';
import { startApiProcess } from '../../test/api-process.js';
import { TEST_PASSWORD } from '../../test/harness.js';
import { until } from '../../test/until.js';

const ARGON2 = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
/** Issue 34's target: a batch running on a process that is killed completes on another within this. */
const COMPLETES_WITHIN_MS = 60_000;

describe('a batch on an API process killed outright', () => {
  // Several processes share the queue only on PostgreSQL; the engine's own intervals are used (nothing shortened).
  it.runIf(process.env.TEST_DATABASE_URL)(
    'completes on the other process within 60 s of the kill, each record changed once',
    async () => {
      const RECORDS = 20_000;
      const place = await placeForTwoProcesses();
      const database = await place.open();
      await insertAccount(database.db, { email: 'admin@example.edu', password: TEST_PASSWORD, firstName: 'Jose', lastName: 'Rizal', adminScopes: ['CAMPUS', 'BATCH'] }, ARGON2);
      await database.db.execute(
        sql`insert into campuses (code, name, created_at, updated_at) select 'KH' || g, 'Killed ' || g, now(), now() from generate_series(1, ${RECORDS}) g`,
      );

      // Both processes take the batch's jobs (each fetches a few at a time and holds them active while it works).
      const [first, second] = await Promise.all([startApiProcess(place.env), startApiProcess(place.env)]);
      await Promise.all([first.ready(), second.ready()]);
      const signIn = await fetch(`${first.url}/core/v1.0/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@example.edu', password: TEST_PASSWORD }),
      });
      const token = ((await signIn.json()) as { data: { token: string } }).data.token;
      const started = await fetch(`${first.url}/core/v1.0/batches`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ type: 'bulk-state-change', params: { resource: 'campuses', q: 'Killed', set: { isActive: false } } }),
      });
      expect(started.status).toBe(202);
      const batchId = ((await started.json()) as { data: { _id: string } }).data._id;

      const processed = async () =>
        (await rows<{ n: number }>(database.db, sql`select count(*)::int as n from job_runs where batch_id = ${batchId} and processed_at is not null`))[0]!.n;
      await until(processed, (n) => n >= 1, 120_000);

      // kill -9 mid-batch: no handover, no shutdown; what the first process held waits for its heartbeat to go stale.
      const [held] = await rows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from pgboss.job j join job_runs r on r.id = j.id where r.batch_id = ${batchId} and j.state = 'active'`,
      );
      first.child.kill('SIGKILL');
      await first.exited;
      const killedAt = Date.now();

      const batch = await until(
        async () =>
          (
            await rows<{ state: string; done: number; failed: number }>(
              database.db,
              sql`select b.state, (select sum(units_done)::int from job_runs where batch_id = b.id) as done,
                         (select sum(units_failed)::int from job_runs where batch_id = b.id) as failed
                    from batches b where b.id = ${batchId}`,
            )
          )[0]!,
        (b) => b.state !== 'queued' && b.state !== 'running',
        COMPLETES_WITHIN_MS + 30_000,
      );
      const completedAfter = Date.now() - killedAt;
      console.log(`kill -9 with ${held!.n} jobs active in both processes; the batch completed on the other process ${completedAfter} ms after the kill`);
      expect(batch).toEqual({ state: 'completed', done: RECORDS, failed: 0 });
      expect(completedAfter).toBeLessThan(COMPLETES_WITHIN_MS);

      const [counts] = await rows<{ active: number; audits: number; records: number }>(
        database.db,
        sql`select (select count(*)::int from campuses where is_active and code like 'KH%') as active,
                   (select count(*)::int from audit_trails where resource = 'campuses') as audits,
                   (select count(distinct record_id)::int from audit_trails where resource = 'campuses') as records`,
      );
      expect(counts).toEqual({ active: 0, audits: RECORDS, records: RECORDS });
      // The killed process held jobs: they ran again on the other, their work committed once.
      const [again] = await rows<{ n: number }>(database.db, sql`select count(*)::int as n from job_runs where batch_id = ${batchId} and attempts > 1`);
      expect(again!.n).toBeGreaterThan(0);
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
      await database.close();
    },
    400_000,
  );
});
