import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { rows } from '../../../platform/db/client.js';
import { defineJobType } from '../../../platform/jobs/types.js';
import { readSettings } from '../state.js';

/** Every night at 02:30 Manila time (`ensureSchedule` at start-up). */
export const CHATBOT_RETENTION_SCHEDULE = {
  name: 'Chat transcript retention',
  type: 'chatbot-retention',
  cron: '30 2 * * *',
  timeZone: 'Asia/Manila',
  missedRunPolicy: 'run-once',
} as const;

/**
 * Deletes the conversations whose last message is older than the retention period of the chatbot settings (their
 * messages go with them), and unanswered questions not asked again in that time.
 */
export const chatbotRetentionJob = defineJobType({
  name: 'chatbot-retention',
  title: 'Chat transcript retention',
  params: z.object({}).passthrough(),
  concurrency: 1,
  retryLimit: 2,
  retryDelaySeconds: 60,
  timeoutSeconds: 600,
  handler: async (job) => {
    const { retentionDays } = await readSettings(job.db);
    const before = new Date(job.now().getTime() - retentionDays * 86_400_000).toISOString();
    await job.once(async (tx, log) => {
      const [conversations] = await rows<{ n: number }>(
        tx,
        sql`with gone as (delete from chatbot_conversations where last_at < ${before} returning 1) select count(*)::int as n from gone`,
      );
      const [questions] = await rows<{ n: number }>(
        tx,
        sql`with gone as (delete from chatbot_unanswered where last_asked_at < ${before} returning 1) select count(*)::int as n from gone`,
      );
      await log(`Purged ${conversations?.n ?? 0} conversations and ${questions?.n ?? 0} unanswered questions older than ${retentionDays} days.`);
      return { done: 1, failed: 0 };
    });
  },
});
