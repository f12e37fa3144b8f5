import { request } from 'node:http';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../db/client.js';
import { insertAccount } from '../db/users.js';
import { placeForTwoProcesses } from '../../test/two-processes.js';
import { startApiProcess } from '../../test/api-process.js';
import { TEST_PASSWORD } from '../../test/harness.js';
import { until } from '../../test/until.js';
import { batchEnded, expectEachChangedOnce, seedCampuses, someJobProcessed, startDeactivation } from '../../test/campus-batch.js';

const ARGON2 = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

/** Starts a sign-in whose body is sent in two halves, so the request is in flight until `finish` is called. */
function slowSignIn(url: string, email: string) {
  const body = JSON.stringify({ email, password: TEST_PASSWORD });
  const half = Math.floor(body.length / 2);
  const req = request(`${url}/core/v1.0/auth`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } });
  const answer = new Promise<{ status: number; body: string }>((done, fail) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => done({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', fail);
  });
  req.write(body.slice(0, half));
  return { answer, finish: () => req.end(body.slice(half)) };
}

describe('graceful shutdown of an API process', () => {
  it('fails readiness first on SIGTERM, finishes the request in flight, then exits', async () => {
    const place = await placeForTwoProcesses();
    const database = await place.open();
    await insertAccount(database.db, { email: 'admin@example.edu', password: TEST_PASSWORD, firstName: 'Jose', lastName: 'Rizal', adminScopes: ['IAM'] }, ARGON2);
    await database.close();

    const api = await startApiProcess({ ...place.env, SHUTDOWN_DELAY_MS: '2000' });
    await api.ready();
    const inFlight = slowSignIn(api.url, 'admin@example.edu');
    await new Promise((r) => setTimeout(r, 200));
    api.child.kill('SIGTERM');

    // Readiness fails at once, while the process still answers (the load balancer takes it out of rotation).
    const draining = await until(
      async () => {
        const answer = await fetch(`${api.url}/readyz`);
        return { status: answer.status, body: (await answer.json()) as { draining: boolean } };
      },
      (answer) => answer.status === 503,
      5_000,
    );
    expect(draining.body).toMatchObject({ status: 'not-ready', draining: true, message: 'The server is shutting down.' });
    expect((await fetch(`${api.url}/healthz`)).status).toBe(200);

    // After the delay the process stops listening, and the request taken before still gets its answer.
    await until(
      () => fetch(`${api.url}/healthz`).then(() => 'listening', () => 'closed'),
      (state) => state === 'closed',
      10_000,
    );
    inFlight.finish();
    const answer = await inFlight.answer;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).data.token).toEqual(expect.any(String));
    expect(await api.exited).toBe(0);
    expect(api.logs.some((line) => line.msg === 'stopped')).toBe(true);
  }, 300_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    'hands its running jobs back on SIGTERM, and a second process finishes them, each record changed once',
    async () => {
      const RECORDS = 6_000;
      const place = await placeForTwoProcesses();
      const database = await place.open();
      await seedCampuses(database, 'H', 'Handover', RECORDS);

      const first = await startApiProcess({ ...place.env, SHUTDOWN_DELAY_MS: '500' });
      await first.ready();
      const batchId = await startDeactivation(first.url, 'Handover');

      // SIGTERM once the first process has committed some of the batch's jobs.
      await someJobProcessed(database, batchId);
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      const handedBack = first.logs.find((line) => line.msg === 'jobs still running at shutdown handed back to the queue');
      const [left] = await rows<{ open: number; active: number; later: number }>(
        database.db,
        sql`select count(*)::int as open, count(*) filter (where state = 'active')::int as active,
                   count(*) filter (where start_after > now() + interval '1 second')::int as later
              from pgboss.job where name = 'bulk-state-change' and state in ('created', 'retry', 'active')`,
      );
      // Nothing is left claimed by the stopped process, and nothing it held waits for a retry delay.
      expect(left!.open).toBeGreaterThan(0);
      expect(left).toMatchObject({ active: 0, later: 0 });

      // A second process continues the batch at once.
      const exitedAt = Date.now();
      const second = await startApiProcess({ ...place.env, SHUTDOWN_DELAY_MS: '500' });
      await second.ready();
      const readyAfter = Date.now() - exitedAt;
      const pickedUp = await until(
        async () =>
          (await rows<{ n: number }>(database.db, sql`select count(*)::int as n from job_runs where batch_id = ${batchId} and started_at > ${new Date(exitedAt).toISOString()}`))[0]!.n,
        (n) => n > 0,
        30_000,
      );
      expect(pickedUp).toBeGreaterThan(0);
      const batch = await batchEnded(database, batchId, 180_000);
      expect(batch).toEqual({ state: 'completed', done: RECORDS, failed: 0 });
      await expectEachChangedOnce(database, 'H', RECORDS);
      console.log(`handed back: ${String(handedBack?.jobs ?? 0)} jobs; second process ready ${readyAfter} ms after the first exited`);
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
      await database.close();
    },
    400_000,
  );
});
