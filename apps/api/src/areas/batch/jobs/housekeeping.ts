import { sql } from 'drizzle-orm';
import { HousekeepingParamsSchema } from '@campus/domain-batch';
import { rows } from '../../../platform/db/client.js';
import { defineJobType } from '../../../platform/jobs/types.js';

export const HOUSEKEEPING_SCHEDULE = {
  name: 'Housekeeping',
  type: 'housekeeping',
  cron: '0 3 * * *',
  timeZone: 'Asia/Manila',
  missedRunPolicy: 'run-once',
} as const;

/**
 * Purges sessions that have ended (expired, idle too long, or signed out) and reset codes past their time; with
 * `auditRetentionDays` set, audit-trail rows older than that (off by default: the audit trail is kept).
 */
/** `sessionIdleMs` reads the idle lifetime in force (the system setting) when the job runs. */
export function housekeepingJob(sessionIdleMs: () => Promise<number>) {
  return defineJobType({
    name: 'housekeeping',
    params: HousekeepingParamsSchema,
    concurrency: 1,
    retryLimit: 2,
    retryDelaySeconds: 60,
    timeoutSeconds: 600,
    handler: async (job) => {
      const now = job.now();
      const idleSince = new Date(now.getTime() - (await sessionIdleMs())).toISOString();
      const count = async (query: ReturnType<typeof sql>) => (await rows<{ n: number }>(job.db, query))[0]?.n ?? 0;
      const sessions = await count(
        sql`with gone as (delete from sessions where expires_at < ${now.toISOString()} or last_seen_at < ${idleSince}
                            or revoked_at is not null returning 1) select count(*)::int as n from gone`,
      );
      const codes = await count(
        sql`with gone as (delete from password_resets where expires_at < ${now.toISOString()} returning 1) select count(*)::int as n from gone`,
      );
      await job.log(`Purged ${sessions} ended sessions and ${codes} expired reset codes.`);
      const days = job.params.auditRetentionDays;
      if (days) {
        const before = new Date(now.getTime() - days * 86_400_000).toISOString();
        const audits = await count(
          sql`with gone as (delete from audit_trails where created_at < ${before} returning 1) select count(*)::int as n from gone`,
        );
        await job.log(`Purged ${audits} audit-trail rows older than ${days} days.`);
      } else {
        await job.log('Audit-trail retention is off: the audit trail is kept.');
      }
    },
  });
}
