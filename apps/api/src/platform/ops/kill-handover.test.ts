import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../db/client.js';
import { placeForTwoProcesses } from '../../test/two-processes.js';
import { startApiProcess } from '../../test/api-process.js';
import { batchEnded, expectEachChangedOnce, seedCampuses, someJobProcessed, startDeactivation } from '../../test/campus-batch.js';

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
      await seedCampuses(database, 'KH', 'Killed', RECORDS);

      // Both processes take the batch's jobs (each fetches a few at a time and holds them active while it works).
      const [first, second] = await Promise.all([startApiProcess(place.env), startApiProcess(place.env)]);
      await Promise.all([first.ready(), second.ready()]);
      const batchId = await startDeactivation(first.url, 'Killed');
      await someJobProcessed(database, batchId);

      // kill -9 mid-batch: no handover, no shutdown; what the first process held waits for its heartbeat to go stale.
      const [held] = await rows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from pgboss.job j join job_runs r on r.id = j.id where r.batch_id = ${batchId} and j.state = 'active'`,
      );
      first.child.kill('SIGKILL');
      await first.exited;
      const killedAt = Date.now();

      const batch = await batchEnded(database, batchId, COMPLETES_WITHIN_MS + 30_000);
      const completedAfter = Date.now() - killedAt;
      console.log(`kill -9 with ${held!.n} jobs active in both processes; the batch completed on the other process ${completedAfter} ms after the kill`);
      expect(batch).toEqual({ state: 'completed', done: RECORDS, failed: 0 });
      expect(completedAfter).toBeLessThan(COMPLETES_WITHIN_MS);

      await expectEachChangedOnce(database, 'KH', RECORDS);
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
