import { sql, type SQL } from 'drizzle-orm';

/** A batch as the API answers it: counts summed from its jobs, the requester's name, duration. */
export const BATCH_RECORD = sql.raw(`jsonb_build_object(
  '_id', b.id, 'type', b.type, 'params', b.params, 'summary', b.summary,
  'requestedById', b.requested_by_id,
  'requestedByName', (select nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') from users u where u.id = b.requested_by_id),
  'state', b.state,
  'total', case when b.total > 0 then b.total else coalesce(s.jobs, 0) end,
  'done', case when b.total > 0 then coalesce(s.done, 0) else coalesce(s.jobs_done, 0) end,
  'failed', case when b.total > 0 then coalesce(s.failed, 0) else coalesce(s.jobs_failed, 0) end,
  'countsJobs', b.total <= 0,
  'progress', case when b.total > 0 then least(100, floor((coalesce(s.done, 0) + coalesce(s.failed, 0)) * 100.0 / b.total))::int
                   when coalesce(s.jobs, 0) = 0 then (case when b.state in ('queued', 'running') then 0 else 100 end)
                   else floor((coalesce(s.jobs_done, 0) + coalesce(s.jobs_failed, 0)) * 100.0 / s.jobs)::int end,
  'counts', coalesce(s.counts, '{}'::jsonb),
  'result', b.result,
  'createdAt', b.created_at, 'startedAt', b.started_at, 'finishedAt', b.finished_at,
  'durationMs', case when b.started_at is null then null
                     else (extract(epoch from (coalesce(b.finished_at, now()) - b.started_at)) * 1000)::bigint end)`);

/**
 * Per batch: units done and failed, jobs per state. A batch that counts no units (`total` 0: a read of unknown
 * length, an export of an empty list) is answered in jobs instead — done and failed jobs of all its jobs — so a
 * failed job shows as failed, never as "0 / 0" (`countsJobs`).
 */
export const BATCH_SUMS = sql.raw(`left join lateral (
  select sum(r.units_done)::int as done, sum(r.units_failed)::int as failed,
         count(*)::int as jobs,
         (count(*) filter (where r.state = 'completed'))::int as jobs_done,
         (count(*) filter (where r.state in ('failed', 'dead-letter')))::int as jobs_failed,
         (select jsonb_object_agg(x.state, x.n) from (select state, count(*)::int as n from job_runs where batch_id = b.id group by state) x) as counts
    from job_runs r where r.batch_id = b.id) s on true`);

/** A job as the API answers it; `now` decides whether an active job is stalled (past its timeout). */
export function jobRecord(now: Date): SQL {
  return sql`jsonb_build_object(
    '_id', r.id, 'batchId', r.batch_id, 'queue', r.queue, 'sequence', r.sequence, 'params', r.params - 'ids' - 'actorId'
      || case when r.params ? 'ids' then jsonb_build_object('records', jsonb_array_length(r.params -> 'ids')) else '{}'::jsonb end,
    'state', r.state, 'attempts', r.attempts, 'retryLimit', r.retry_limit, 'lastError', r.last_error,
    'units', r.units, 'unitsDone', r.units_done, 'unitsFailed', r.units_failed, 'timeoutSeconds', r.timeout_seconds,
    'isStalled', r.state = 'active' and r.started_at + make_interval(secs => r.timeout_seconds) < ${now.toISOString()}::timestamptz,
    'createdAt', r.created_at, 'startedAt', r.started_at, 'finishedAt', r.finished_at)`;
}

/** `t.col ilike` for every word of `q`, over a text column. */
export function wordsMatch(column: SQL, q: string | undefined): SQL | undefined {
  const words = (q ?? '').split(/\s+/).filter(Boolean).slice(0, 5);
  if (!words.length) return undefined;
  return sql.join(
    words.map((w) => sql`${column} ilike ${`%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`),
    sql` and `,
  );
}
