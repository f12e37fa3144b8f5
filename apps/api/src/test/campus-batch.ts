// A bulk state change over many campuses, run by API processes the test starts and stops: the account, the records,
// the batch's start and the reads the shutdown and kill tests check it by.
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rows, type Database } from '../platform/db/client.js';
import { insertAccount } from '../platform/db/users.js';
import { TEST_PASSWORD } from './harness.js';
import { until } from './until.js';

const ARGON2 = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
const EMAIL = 'admin@example.edu';

/** The account that starts the batch and `records` active campuses coded `<prefix><n>` and named `<label> <n>`. */
export async function seedCampuses(database: Database, prefix: string, label: string, records: number): Promise<void> {
  await insertAccount(database.db, { email: EMAIL, password: TEST_PASSWORD, firstName: 'Jose', lastName: 'Rizal', adminScopes: ['CAMPUS', 'BATCH'] }, ARGON2);
  await database.db.execute(
    sql`insert into campuses (code, name, created_at, updated_at) select ${prefix} || g, ${label} || ' ' || g, now(), now() from generate_series(1, ${records}) g`,
  );
}

/** Signs in on the process at `url` and starts setting every campus named like `label` inactive; the batch's id. */
export async function startDeactivation(url: string, label: string): Promise<string> {
  const signIn = await fetch(`${url}/core/v1.0/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: TEST_PASSWORD }),
  });
  const token = ((await signIn.json()) as { data: { token: string } }).data.token;
  const started = await fetch(`${url}/core/v1.0/batches`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ type: 'bulk-state-change', params: { resource: 'campuses', q: label, set: { isActive: false } } }),
  });
  expect(started.status).toBe(202);
  return ((await started.json()) as { data: { _id: string } }).data._id;
}

/** Waits until at least one of the batch's jobs has committed its work. */
export async function someJobProcessed(database: Database, batchId: string): Promise<void> {
  await until(
    async () => (await rows<{ n: number }>(database.db, sql`select count(*)::int as n from job_runs where batch_id = ${batchId} and processed_at is not null`))[0]!.n,
    (n) => n >= 1,
    120_000,
  );
}

/** Waits until the batch has ended (within `timeoutMs`) and gives its state with the units done and failed. */
export async function batchEnded(database: Database, batchId: string, timeoutMs: number): Promise<{ state: string; done: number; failed: number }> {
  return until(
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
    timeoutMs,
  );
}

/** Checks that every campus coded `<prefix>…` is inactive and was changed exactly once, with one audit entry each. */
export async function expectEachChangedOnce(database: Database, prefix: string, records: number): Promise<void> {
  const [counts] = await rows<{ active: number; audits: number; records: number }>(
    database.db,
    sql`select (select count(*)::int from campuses where is_active and code like ${`${prefix}%`}) as active,
               (select count(*)::int from audit_trails where resource = 'campuses') as audits,
               (select count(distinct record_id)::int from audit_trails where resource = 'campuses') as records`,
  );
  expect(counts).toEqual({ active: 0, audits: records, records });
}
