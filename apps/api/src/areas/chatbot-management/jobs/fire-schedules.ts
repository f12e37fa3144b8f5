import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { BroadcastSchedule } from '@campus/domain-chatbot';
import type { AreaContext } from '../../../platform/area.js';
import { rows, type Db } from '../../../platform/db/client.js';
import { defineJobType } from '../../../platform/jobs/types.js';
import { firstRun, startBroadcast } from '../broadcasts.js';

export const FIRE_SCHEDULES_JOB = 'chatbot-broadcast-schedules';

/** Every minute: the scheduled broadcasts whose time has come are sent (`ensureSchedule` at start-up). */
export const CHATBOT_SCHEDULES_SCHEDULE = {
  name: 'Scheduled broadcasts',
  type: FIRE_SCHEDULES_JOB,
  cron: '* * * * *',
  timeZone: 'Asia/Manila',
  missedRunPolicy: 'run-once',
} as const;

/**
 * Sends the scheduled broadcasts that are due. Each due run is claimed by moving `next_run_at` on (a one-off to
 * null, a recurring one to its next run after now, in its own time zone), so two workers never fire it twice and a
 * run missed while the API was down fires once. A one-off broadcast is sent itself; a recurring one sends a copy
 * (named by `schedule_of_id`) and stays scheduled.
 */
export function fireSchedulesJob(ctx: AreaContext) {
  return defineJobType({
    name: FIRE_SCHEDULES_JOB,
    title: 'Scheduled broadcasts',
    params: z.object({}).passthrough(),
    concurrency: 1,
    retryLimit: 1,
    retryDelaySeconds: 10,
    timeoutSeconds: 300,
    handler: async (job) => {
      const now = job.now();
      const due = await rows<{ id: string; schedule: BroadcastSchedule | string; next: string | Date }>(
        job.db,
        sql`select id, schedule, next_run_at as next from chatbot_broadcasts where status = 'SCHEDULED' and next_run_at <= ${now.toISOString()} order by next_run_at limit 100`,
      );
      let fired = 0;
      for (const b of due) {
        const schedule = (typeof b.schedule === 'string' ? JSON.parse(b.schedule) : b.schedule) as BroadcastSchedule;
        const following = schedule.kind === 'ONCE' ? null : firstRun(schedule, now);
        const sendId = await job.db.transaction(async (txRaw) => {
          const tx = txRaw as unknown as Db;
          const [claimed] = await rows<{ id: string }>(
            tx,
            sql`update chatbot_broadcasts set next_run_at = ${following?.toISOString() ?? null}, last_run_at = ${now.toISOString()},
                  status = ${schedule.kind === 'ONCE' ? 'APPROVED' : 'SCHEDULED'}, updated_at = ${now.toISOString()}
                where id = ${b.id} and status = 'SCHEDULED' and next_run_at = ${new Date(b.next).toISOString()} returning id`,
          );
          if (!claimed) return null;
          if (schedule.kind === 'ONCE') return b.id;
          const [copy] = await rows<{ id: string }>(
            tx,
            sql`insert into chatbot_broadcasts (subject, message, persona_id, audience, audience_ids, channels, status, created_by_id, approved_by_id, approved_at, schedule_of_id, created_at, updated_at)
                select subject, message, persona_id, audience, audience_ids, channels, 'APPROVED', created_by_id, approved_by_id, approved_at, id, ${now.toISOString()}, ${now.toISOString()}
                from chatbot_broadcasts where id = ${b.id} returning id`,
          );
          return copy!.id;
        });
        if (!sendId) continue;
        try {
          await startBroadcast(ctx, sendId, null);
          fired++;
        } catch (error) {
          // A broadcast that can no longer be sent (a blocked word added since) stays visible as approved, not sent.
          await job.log(`Broadcast ${sendId} could not be sent: ${error instanceof Error ? error.message : String(error)}`, 'warn');
        }
      }
      await job.log(`${fired} scheduled broadcast${fired === 1 ? '' : 's'} started.`);
    },
  });
}
