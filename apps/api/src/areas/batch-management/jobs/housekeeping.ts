import { sql } from 'drizzle-orm';
import { HousekeepingParamsSchema, JOB_TYPE_LABELS } from '@campus/domain-batch';
import { rows } from '../../../platform/db/client.js';
import { defineJobType } from '../../../platform/jobs/types.js';
import type { EntityModel } from '../../../resources/model.js';
import { buildSearchBlocks, reorderLargeTables } from '../../../resources/reorder.js';

export const HOUSEKEEPING_SCHEDULE = {
  name: 'Housekeeping',
  type: 'housekeeping',
  cron: '0 3 * * *',
  timeZone: 'Asia/Manila',
  missedRunPolicy: 'run-once',
} as const;

/** What housekeeping reads from the system settings in force when it runs (`/app/settings`). */
export interface HousekeepingSettings {
  readonly sessionIdleMs: number;
  /** Days the audit trail is kept; null keeps it all (the default). */
  readonly auditRetentionDays: number | null;
  /** Days chat transcripts are kept; null keeps them (the default; the chatbot's own retention still applies). */
  readonly transcriptRetentionDays: number | null;
}

/**
 * Purges sessions that have ended (expired, idle too long, or signed out) and reset codes past their time; with an
 * audit-trail retention period (the job's `auditRetentionDays`, else the system setting), audit-trail rows older
 * than that; with a transcript retention period (the system setting), chat conversations whose last message is
 * older than that (their messages go with them). Both retentions are off by default: nothing is purged. Last, the
 * large searchable tables of `tables` whose rows have drifted from their default list order are stored in it again
 * (`reorderLargeTables`, decision 0044), and their search blocks are built again where rows were written since the
 * last build (`buildSearchBlocks`, decision 0074).
 */
export function housekeepingJob(settings: () => Promise<HousekeepingSettings>, tables: () => readonly EntityModel[]) {
  return defineJobType({
    name: 'housekeeping',
    title: JOB_TYPE_LABELS.housekeeping!,
    params: HousekeepingParamsSchema,
    concurrency: 1,
    retryLimit: 2,
    retryDelaySeconds: 60,
    timeoutSeconds: 600,
    handler: async (job) => {
      const now = job.now();
      const inForce = await settings();
      const idleSince = new Date(now.getTime() - inForce.sessionIdleMs).toISOString();
      const count = async (query: ReturnType<typeof sql>) => (await rows<{ n: number }>(job.db, query))[0]?.n ?? 0;
      const sessions = await count(
        sql`with gone as (delete from sessions where expires_at < ${now.toISOString()} or last_seen_at < ${idleSince}
                            or revoked_at is not null returning 1) select count(*)::int as n from gone`,
      );
      const codes = await count(
        sql`with gone as (delete from password_resets where expires_at < ${now.toISOString()} returning 1) select count(*)::int as n from gone`,
      );
      await job.log(`Purged ${sessions} ended sessions and ${codes} expired reset codes.`);
      const before = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
      const days = job.params.auditRetentionDays ?? inForce.auditRetentionDays;
      if (days) {
        const audits = await count(
          sql`with gone as (delete from audit_trails where created_at < ${before(days)} returning 1) select count(*)::int as n from gone`,
        );
        await job.log(`Purged ${audits} audit-trail rows older than ${days} days.`);
      } else {
        await job.log('Audit-trail retention is off: the audit trail is kept.');
      }
      const transcriptDays = inForce.transcriptRetentionDays;
      if (transcriptDays) {
        const conversations = await count(
          sql`with gone as (delete from chatbot_conversations where last_at < ${before(transcriptDays)} returning 1) select count(*)::int as n from gone`,
        );
        await job.log(`Purged ${conversations} chat transcripts older than ${transcriptDays} days.`);
      } else {
        await job.log('Chat transcript retention is off in the system settings: transcripts are kept.');
      }
      const reordered = await reorderLargeTables(job.db, tables());
      for (const t of reordered) {
        const rowsText = `${Math.round(t.rows).toLocaleString('en-US')} rows`;
        if (t.outcome === 'reordered') {
          await job.log(`Stored ${t.table} in its list order (${t.field}): ${rowsText} in ${((t.ms ?? 0) / 1000).toFixed(1)} s.`);
        } else if (t.outcome === 'busy') {
          await job.log(`${t.table} was in use and keeps its order until the next run (${rowsText}).`);
        }
      }
      const inOrder = reordered.filter((t) => t.outcome === 'in order').map((t) => t.table);
      if (inOrder.length) await job.log(`Already in their list order: ${inOrder.join(', ')}.`);
      for (const t of await buildSearchBlocks(job.db, tables())) {
        const rowsText = `${Math.round(t.rows).toLocaleString('en-US')} rows`;
        if (t.outcome === 'built') {
          await job.log(`Built the search blocks of ${t.table} (${t.fields.join(', ')}): ${rowsText} in ${((t.ms ?? 0) / 1000).toFixed(1)} s.`);
        } else if (t.outcome === 'busy') {
          await job.log(`${t.table} was in use and keeps its search blocks until the next run (${rowsText}).`);
        }
      }
    },
  });
}
