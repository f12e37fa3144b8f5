import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { rows, type Db } from '../../platform/db/client.js';
import { defineJobType } from '../../platform/jobs/types.js';

/**
 * Audit-trail entries counted per UTC hour (decision 0026). The trail is append-only — nothing edits or deletes an
 * entry — so a finished hour's count never changes. The rollup stops an hour short of now, so that an entry written
 * by a transaction still open when it runs (its time is the transaction's start) lands in an hour not yet counted.
 */
export const AUDIT_ROLLUP = 'audit-hours';
const SETTLE = "interval '1 hour'";

/** Every 15 minutes; the report reads the hours rolled up and counts the rest live, so a late run costs only speed. */
export const REPORTS_ROLLUP_SCHEDULE = {
  name: 'Analytics rollups',
  type: 'reports-rollup',
  cron: '*/15 * * * *',
  timeZone: 'Asia/Manila',
  missedRunPolicy: 'skip',
} as const;

/** Counts the finished hours not yet rolled up; returns how many hours it wrote. */
export async function rollUpAuditHours(db: Db, now: Date): Promise<number> {
  const until = sql`date_trunc('hour', ${now.toISOString()}::timestamptz - ${sql.raw(SETTLE)})`;
  const [written] = await rows<{ hours: number }>(
    db,
    sql`with mark as (select done_until from reports_rollups where name = ${AUDIT_ROLLUP}),
         counted as (
           insert into reports_audit_hours (hour, entries)
           select date_trunc('hour', a.created_at), count(*)::int from audit_trails a
           where a.created_at < ${until} and a.created_at >= coalesce((select done_until from mark), '-infinity')
           group by 1
           on conflict (hour) do update set entries = excluded.entries
           returning 1),
         moved as (
           insert into reports_rollups (name, done_until) values (${AUDIT_ROLLUP}, ${until})
           on conflict (name) do update set done_until = greatest(reports_rollups.done_until, excluded.done_until)
           returning 1)
       select (select count(*) from counted)::int as hours, (select count(*) from moved)::int as moved`,
  );
  return written?.hours ?? 0;
}

/**
 * Whether days in `tz` are made of whole UTC hours between `from` and `to` (every zone but the few with half- or
 * quarter-hour offsets, such as Asia/Kolkata): only then can the hourly rollup answer per-day counts.
 */
export function wholeHourZone(tz: string, from: string, to: string): boolean {
  const offsetMinutes = (day: string) => {
    const at = new Date(`${day}T12:00:00Z`);
    const parts = new Intl.DateTimeFormat('en-US', { timeZone: tz, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
      .formatToParts(at)
      .reduce<Record<string, string>>((acc, p) => ({ ...acc, [p.type]: p.value }), {});
    const local = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute));
    return Math.round((local - at.getTime()) / 60_000);
  };
  try {
    return [from, to].every((day) => offsetMinutes(day) % 60 === 0);
  } catch {
    return false;
  }
}

/**
 * Audit-trail entries per calendar day of `tz` from `start` to `end` (instants): the finished hours from the
 * rollup, and the entries after the rollup's mark (today's, not yet rolled up) counted from the trail itself.
 */
export function auditDaysSql(tz: string, start: SQL, end: SQL): SQL {
  return sql`with mark as (select coalesce((select done_until from reports_rollups where name = ${AUDIT_ROLLUP}), '-infinity'::timestamptz) as at)
    select day, sum(n) as n from (
      select (h.hour at time zone ${tz})::date as day, sum(h.entries) as n from reports_audit_hours h, mark
        where h.hour >= ${start} and h.hour < ${end} and h.hour < mark.at group by 1
      union all
      select (a.created_at at time zone ${tz})::date, count(*) from audit_trails a, mark
        where a.created_at >= greatest(${start}, mark.at) and a.created_at < ${end} group by 1) counted
    group by day`;
}

export const reportsRollupJob = defineJobType({
  name: 'reports-rollup',
  title: 'Report figures roll-up',
  params: z.object({}).passthrough(),
  concurrency: 1,
  retryLimit: 2,
  retryDelaySeconds: 60,
  timeoutSeconds: 600,
  handler: async (job) => {
    await job.once(async (tx, log) => {
      const hours = await rollUpAuditHours(tx, job.now());
      await log(`Rolled up ${hours} hours of the audit trail.`);
      return { done: 1, failed: 0 };
    });
  },
});
