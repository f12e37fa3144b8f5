import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { entityRegistry } from '@campus/api-contract';
import { rows } from '../../platform/db/client.js';
import { defineJobType } from '../../platform/jobs/types.js';
import { startTestApi } from '../../test/harness.js';
import { until } from '../../test/until.js';

const api = await startTestApi();
const engine = api.app.jobs;
let admin = await api.signIn('admin@example.edu');
const registrar = await api.signIn('registrar@example.edu');
const auditor = await api.signIn('auditor@example.edu');
const call = (method: string, url: string, token: string, body?: unknown) => api.call(method, `/core/v1.0/${url}`, { token, body });

/** Job types that only tests use, registered before the workers start. */
const runs = new Map<string, number>();
const attemptTimes: number[] = [];
let failing = true;
engine.register(
  defineJobType({
    name: 'test-flaky',
    title: 'Flaky test work',
    params: z.object({ n: z.number() }),
    retryLimit: 2,
    retryDelaySeconds: 1,
    handler: async (job) => {
      attemptTimes.push(Date.now());
      await job.log(`try ${job.attempt}`);
      throw new Error('The remote system answered 503.');
    },
  }),
);
engine.register(
  defineJobType({
    name: 'test-picky',
    title: 'Picky test work',
    params: z.object({ n: z.number(), fail: z.boolean() }),
    retryLimit: 0,
    concurrency: 2,
    handler: async (job) => {
      runs.set(`picky-${job.params.n}`, (runs.get(`picky-${job.params.n}`) ?? 0) + 1);
      if (job.params.fail && failing) throw new Error(`Record ${job.params.n} is locked.`);
    },
  }),
);
engine.register(
  defineJobType({
    name: 'test-counter',
    title: 'Counting test work',
    params: z.object({ n: z.number() }),
    retryLimit: 0,
    concurrency: 2,
    handler: async (job) => {
      await job.once(async () => {
        runs.set(`counter-${job.params.n}`, (runs.get(`counter-${job.params.n}`) ?? 0) + 1);
        return { done: 1, failed: 0 };
      });
    },
  }),
);
await engine.start();

/** pg-boss's state of each job of a batch at the moment the batch closed. */
const queueStatesAtClose = new Map<string, string[]>();
const closeBatch = engine.finishBatch.bind(engine);
engine.finishBatch = async (batchId) => {
  await closeBatch(batchId);
  const [batch] = await rows<{ state: string }>(api.database.db, sql`select state from batches where id = ${batchId}`);
  if (!queueStatesAtClose.has(batchId) && batch && finished(batch)) {
    const jobs = await rows<{ state: string }>(
      api.database.db,
      sql`select j.state::text as state from pgboss.job j join job_runs r on r.id = j.id where r.batch_id = ${batchId} order by r.sequence`,
    );
    queueStatesAtClose.set(batchId, jobs.map((j) => j.state));
  }
};

const CAMPUSES = 10_000;
await api.database.db.execute(
  sql`insert into campuses (code, name, is_active, created_at, updated_at)
      select 'C' || lpad(g::text, 5, '0'), 'Campus ' || g, true, now(), now() from generate_series(1, ${CAMPUSES}) g`,
);

const batchOf = async (id: string, token = admin) => (await call('GET', `batches/${id}`, token)).body.data;
const finished = (b: { state: string }) => ['completed', 'failed', 'cancelled'].includes(b.state);

async function testBatch(type: string, params: Record<string, unknown>[]) {
  return engine.createBatch({ type, params: { test: type }, requestedById: api.users.admin, total: params.length, jobs: params.map((p) => ({ params: p, units: 1 })) });
}

describe('a bulk state change of 10,000 records', () => {
  it('changes every matching record once, audited one by one, with exact counts, and tells the requester', async () => {
    const started = await call('POST', 'batches', admin, {
      type: 'bulk-state-change',
      params: { resource: 'campuses', search: 'isActive:true', q: 'Campus', set: { isActive: false } },
    });
    expect(started.status).toBe(202);
    expect(started.body.data).toMatchObject({ type: 'bulk-state-change', total: CAMPUSES, summary: 'Set isActive = false on campuses (search isActive:true, "Campus")' });
    // Ten thousand single updates: about 20 s on a quiet machine, much longer on a busy shared one.
    const batch = await until(() => batchOf(started.body.data._id), finished, 840_000);
    expect(batch).toMatchObject({ state: 'completed', total: CAMPUSES, done: CAMPUSES, failed: 0, progress: 100, counts: { completed: 50 } });
    const [counts] = await rows<{ active: number; audits: number; distinct_records: number }>(
      api.database.db,
      sql`select (select count(*)::int from campuses where is_active) as active,
                 (select count(*)::int from audit_trails where resource = 'campuses' and activity like 'Deactivated campus %') as audits,
                 (select count(distinct record_id)::int from audit_trails where resource = 'campuses' and activity like 'Deactivated campus %') as distinct_records`,
    );
    expect(counts).toEqual({ active: 0, audits: CAMPUSES, distinct_records: CAMPUSES });
    const notices = (await call('GET', 'notifications', admin)).body;
    expect(notices.rows[0]).toMatchObject({ title: 'Bulk state change finished', link: `/app/batch-management/tabs/batch-view?id=${batch._id}`, readAt: null });
    expect(notices.rows[0].body).toContain(`${CAMPUSES} of ${CAMPUSES} done`);
  }, 900_000);

  it('lists its jobs in order with their logs', async () => {
    const [batch] = (await call('GET', 'batches?type=bulk-state-change', admin)).body.rows;
    const jobs = (await call('GET', `jobs?batchId=${batch._id}&limit=100`, admin)).body;
    expect(jobs.count).toBe(50);
    expect(jobs.rows[0]).toMatchObject({ state: 'completed', attempts: 1, units: 200, unitsDone: 200, params: { resource: 'campuses', records: 200 } });
    const job = (await call('GET', `jobs/${jobs.rows[0]._id}`, admin)).body.data;
    expect(job.log.map((l: { message: string }) => l.message)).toEqual([
      'Attempt 1 of 4 started.',
      '200 changed, 0 already isActive = false, 0 refused.',
      'Completed.',
    ]);
  });

  it('refuses bad parameters with field errors before anything is queued', async () => {
    const before = (await call('GET', 'batches', admin)).body.count;
    const unknown = await call('POST', 'batches', admin, { type: 'bulk-state-change', params: { resource: 'planets', set: { isActive: false } } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fieldErrors['params.resource']).toEqual(['Unknown resource planets.']);
    const badSearch = await call('POST', 'batches', admin, { type: 'bulk-state-change', params: { resource: 'campuses', search: 'planet:mars', set: { isActive: false } } });
    expect(badSearch.status).toBe(400);
    expect(Object.keys(badSearch.body.fieldErrors)).toEqual(['params.search']);
    const wrongState = await call('POST', 'batches', admin, { type: 'bulk-state-change', params: { resource: 'campuses', set: { status: 'OPEN' } } });
    expect(wrongState.status).toBe(400);
    expect(wrongState.body.fieldErrors['params.set.isActive']).toEqual(['Set isActive to true or false.']);
    expect((await call('GET', 'batches', admin)).body.count).toBe(before);
  });
});

describe('a list export', () => {
  it('writes the filtered list as CSV, kept with the batch for download', async () => {
    await api.database.db.execute(sql`update campuses set is_active = true, name = 'Campus "North", Annex' where code = 'C00007'`);
    const started = await call('POST', 'batches', admin, { type: 'list-export', params: { resource: 'campuses', search: 'isActive:true' } });
    expect(started.status).toBe(202);
    const batch = await until(() => batchOf(started.body.data._id), finished);
    expect(batch).toMatchObject({ state: 'completed', total: 1, done: 1, result: { rows: 1 } });
    const file = (await call('GET', `batches/${batch._id}/file`, admin)).body.data;
    expect(file.name).toBe('campuses-2026-11-23.csv');
    const [header, row] = file.content.trim().split('\r\n');
    expect(header).toBe(['_id', ...entityRegistry.byResource('campuses')!.listColumns, 'isActive', 'updatedAt'].join(','));
    expect(row).toContain(',C00007,"Campus ""North"", Annex",');
  });
});

describe('retries', () => {
  it('retries a failing job with growing delays, then dead-letters it with its last error', async () => {
    const id = await testBatch('test-flaky', [{ n: 1 }]);
    const batch = await until(() => batchOf(id), finished, 30_000);
    expect(batch).toMatchObject({ state: 'failed', counts: { 'dead-letter': 1 }, failed: 1 });
    const [job] = (await call('GET', `jobs?batchId=${id}`, admin)).body.rows;
    expect(job).toMatchObject({ state: 'dead-letter', attempts: 3, lastError: 'The remote system answered 503.' });
    expect(attemptTimes).toHaveLength(3);
    const [first, second] = [attemptTimes[1]! - attemptTimes[0]!, attemptTimes[2]! - attemptTimes[1]!];
    expect(first).toBeGreaterThanOrEqual(1_000);
    expect(second).toBeGreaterThanOrEqual(2_000);
    const log = (await call('GET', `jobs/${job._id}`, admin)).body.data.log.map((l: { message: string }) => l.message);
    expect(log.filter((m: string) => m.startsWith('Attempt 3 failed'))).toEqual(['Attempt 3 failed: The remote system answered 503.']);
    const notices = (await call('GET', 'notifications?unread=true', admin)).body.rows;
    expect(notices.map((n: { title: string }) => n.title)).toContain('Flaky test work finished with failures');
  }, 40_000);

  it('re-queues only the failed jobs and says how many', async () => {
    const id = await testBatch('test-picky', [1, 2, 3, 4].map((n) => ({ n, fail: n % 2 === 0 })));
    const first = await until(() => batchOf(id), finished, 30_000);
    expect(first).toMatchObject({ state: 'failed', counts: { completed: 2, failed: 2 } });
    // When the batch closed, pg-boss had settled every job: retry failed can re-queue each one it shows as failed.
    // (The record is written just after the batch closes, so the test may read the batch before it.)
    const statesAtClose = await until(async () => queueStatesAtClose.get(id), (v) => v !== undefined, 10_000);
    expect(statesAtClose).toEqual(['completed', 'failed', 'completed', 'failed']);
    failing = false;
    // Reconciling while the jobs are queued again finds the view and pg-boss agreeing, before or after.
    const [retried] = await Promise.all([call('POST', `batches/${id}/retry-failed`, admin), engine.reconcile(), engine.reconcile()]);
    expect(retried.body.data).toEqual({ count: 2 });
    const second = await until(() => batchOf(id), finished, 30_000);
    expect(second).toMatchObject({ state: 'completed', counts: { completed: 4 }, failed: 0 });
    expect([1, 2, 3, 4].map((n) => runs.get(`picky-${n}`))).toEqual([1, 2, 1, 2]);
    expect((await call('POST', `batches/${id}/retry-failed`, admin)).body.data).toEqual({ count: 0 });
  }, 40_000);
});

describe('steering', () => {
  it('holds a paused queue and runs it again on resume', async () => {
    expect((await call('POST', 'queues/test-counter/pause', admin)).body.data).toMatchObject({ name: 'test-counter', isPaused: true });
    const id = await testBatch('test-counter', [{ n: 1 }, { n: 2 }]);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await batchOf(id)).toMatchObject({ state: 'queued', counts: { created: 2 } });
    expect((await call('POST', 'queues/test-counter/resume', admin)).body.data.isPaused).toBe(false);
    expect(await until(() => batchOf(id), finished, 30_000)).toMatchObject({ state: 'completed', done: 2 });
  }, 40_000);

  it('cancels the rest of a batch', async () => {
    await call('POST', 'queues/test-counter/pause', admin);
    const id = await testBatch('test-counter', [{ n: 11 }, { n: 12 }, { n: 13 }]);
    expect((await call('POST', `batches/${id}/cancel`, admin)).body.data).toEqual({ count: 3 });
    await call('POST', 'queues/test-counter/resume', admin);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await batchOf(id)).toMatchObject({ state: 'cancelled', counts: { cancelled: 3 }, done: 0 });
    expect([11, 12, 13].map((n) => runs.get(`counter-${n}`))).toEqual([undefined, undefined, undefined]);
  }, 30_000);
});

describe('permissions', () => {
  it('lets a registrar without BATCH start, see and cancel only their own batches', async () => {
    await call('POST', 'queues/bulk-state-change/pause', admin);
    const own = await call('POST', 'batches', registrar, { type: 'bulk-state-change', params: { resource: 'campuses', search: 'code:C00001', set: { isActive: true } } });
    expect(own.status).toBe(202);
    const listed = (await call('GET', 'batches', registrar)).body;
    expect(listed.rows.map((b: { _id: string }) => b._id)).toEqual([own.body.data._id]);
    const others = (await call('GET', 'batches', admin)).body.rows.find((b: { requestedById: string }) => b.requestedById === api.users.admin);
    expect((await call('GET', `batches/${others._id}`, registrar)).status).toBe(404);
    expect((await call('POST', `batches/${others._id}/cancel`, registrar)).status).toBe(404);
    expect((await call('GET', `jobs?batchId=${others._id}`, registrar)).body.count).toBe(0);
    expect((await call('POST', `batches/${own.body.data._id}/retry-failed`, registrar)).status).toBe(403);
    expect((await call('GET', 'queues', registrar)).status).toBe(403);
    expect((await call('GET', 'job-schedules', registrar)).status).toBe(403);
    expect((await call('POST', `batches/${own.body.data._id}/cancel`, registrar)).body.data).toEqual({ count: 1 });
    await call('POST', 'queues/bulk-state-change/resume', admin);
  });

  it('refuses a bulk change of a list outside the caller scopes', async () => {
    const users = await call('POST', 'batches', registrar, { type: 'bulk-state-change', params: { resource: 'users', set: { isActive: false } } });
    expect(users.status).toBe(403);
    expect((await call('GET', 'batches', auditor)).body).toEqual({ rows: [], count: 0 });
  });
});

describe('notifications', () => {
  it('belong to the signed-in user: newest first, paged, marked read one by one or all at once', async () => {
    expect((await call('GET', 'notifications', registrar)).body).toEqual({ rows: [], count: 0, unread: 0 });
    const mine = (await call('GET', 'notifications?limit=1', admin)).body;
    expect(mine.rows).toHaveLength(1);
    expect(mine.count).toBeGreaterThanOrEqual(4);
    expect(mine.unread).toBe(mine.count);
    // users/me carries the same count (the console's header reads it there, with no second request).
    const unreadOfMe = async (token: string) => (await call('GET', 'users/me', token)).body.data.unreadNotifications;
    expect(await unreadOfMe(admin)).toBe(mine.count);
    expect(await unreadOfMe(registrar)).toBe(0);
    expect((await call('POST', 'notifications/read', registrar, { ids: [mine.rows[0]._id] })).body.data).toEqual({ count: 0 });
    expect((await call('POST', 'notifications/read', admin, { ids: [mine.rows[0]._id] })).body.data).toEqual({ count: 1 });
    expect((await call('GET', 'notifications', admin)).body.unread).toBe(mine.count - 1);
    expect(await unreadOfMe(admin)).toBe(mine.count - 1);
    expect((await call('POST', 'notifications/read', admin, { all: true })).body.data).toEqual({ count: mine.count - 1 });
    expect((await call('GET', 'notifications?unread=true', admin)).body.count).toBe(0);
    expect(await unreadOfMe(admin)).toBe(0);
    expect((await call('POST', 'notifications/read', admin, {})).status).toBe(400);
  });
});

describe('schedules', () => {
  it('previews the next five runs in the schedule time zone', async () => {
    const preview = await call('GET', 'job-schedules/preview?cron=0%203%20*%20*%20*&timeZone=Asia/Manila', admin);
    expect(preview.body.data.nextRuns).toEqual([
      '2026-11-23T19:00:00.000Z',
      '2026-11-24T19:00:00.000Z',
      '2026-11-25T19:00:00.000Z',
      '2026-11-26T19:00:00.000Z',
      '2026-11-27T19:00:00.000Z',
    ]);
    const bad = await call('GET', 'job-schedules/preview?cron=61%20*%20*%20*%20*', admin);
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.cron).toHaveLength(1);
  });

  it('fires a cron schedule when the moved clock passes it, and purges ended sessions and codes', async () => {
    const created = await call('POST', 'job-schedules', admin, { name: 'Nightly housekeeping', type: 'housekeeping', cron: '0 3 * * *' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ timeZone: 'Asia/Manila', missedRunPolicy: 'run-once', nextRunAt: '2026-11-23T19:00:00.000Z' });
    await api.database.db.execute(
      sql`insert into sessions (token_hash, user_id, created_at, last_seen_at, expires_at)
          values ('gone', ${api.users.auditor}, '2026-11-01', '2026-11-01', '2026-11-01T12:00:00Z')`,
    );
    expect(await engine.fireSchedules()).toBe(0);
    api.clock.advance(11 * 60 * 60 * 1000 + 10_000); // 19:00:10 UTC, 03:00:10 in Manila
    admin = await api.signIn('admin@example.edu');
    await engine.tick();
    const housekeeping = await until(
      async () => (await call('GET', 'jobs?queue=housekeeping', admin)).body.rows[0],
      (job) => job?.state === 'completed',
      30_000,
    );
    const log = (await call('GET', `jobs/${housekeeping._id}`, admin)).body.data.log.map((l: { message: string }) => l.message);
    expect(log.some((m: string) => /^Purged [1-9]\d* ended sessions and 0 expired reset codes\.$/.test(m))).toBe(true);
    expect(await rows(api.database.db, sql`select 1 from sessions where token_hash = 'gone'`)).toEqual([]);
    expect(log).toContain('Audit-trail retention is off: the audit trail is kept.');
    const schedule = (await call('GET', 'job-schedules', admin)).body.rows.find((s: { name: string }) => s.name === 'Nightly housekeeping');
    expect(schedule).toMatchObject({ lastRunAt: '2026-11-23T19:00:10.000Z', nextRunAt: '2026-11-24T19:00:00.000Z' });
    expect(schedule.nextRuns).toHaveLength(5);
  }, 40_000);

  it('runs missed runs once, or skips them, as the schedule says', async () => {
    const skip = await call('POST', 'job-schedules', admin, { name: 'Skipping', type: 'housekeeping', cron: '*/30 * * * *', missedRunPolicy: 'skip' });
    const once = await call('POST', 'job-schedules', admin, { name: 'Catching up', type: 'housekeeping', cron: '*/30 * * * *' });
    await call('PUT', `job-schedules/${(await call('GET', 'job-schedules', admin)).body.rows.find((s: { name: string }) => s.name === 'Nightly housekeeping')._id}`, admin, { isActive: false });
    api.clock.advance(3 * 60 * 60 * 1000); // three hours down: six runs missed each
    admin = await api.signIn('admin@example.edu');
    await engine.tick();
    const all = (await call('GET', 'job-schedules', admin)).body.rows;
    const lastRun = (name: string) => all.find((s: { name: string }) => s.name === name).lastRunAt;
    expect(lastRun('Skipping')).toBe(api.clock.now().toISOString());
    expect(lastRun('Catching up')).toBe(api.clock.now().toISOString());
    const [ran] = await rows<{ name: string }>(api.database.db, sql`select name from job_schedules where last_job_id is not null and name in ('Skipping', 'Catching up')`);
    expect(ran?.name).toBe('Catching up');
    expect(skip.status).toBe(201);
    expect(once.status).toBe(201);
  });

  it('refuses a schedule of an unknown type or a duplicate name', async () => {
    const unknown = await call('POST', 'job-schedules', admin, { name: 'Odd', type: 'make-coffee', cron: '0 3 * * *' });
    expect(unknown.body.fieldErrors.type).toEqual(['Unknown job type make-coffee.']);
    const twice = await call('POST', 'job-schedules', admin, { name: 'Skipping', type: 'housekeeping', cron: '0 3 * * *' });
    expect(twice.status).toBe(409);
  });
});
