import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { OPTED_OUT_REASON, type BroadcastChannel } from '@campus/domain-chatbot';
import type { AppContext } from '../../../context.js';
import type { MailMessage } from '../../../platform/auth/mailer.js';
import { rows, type Db } from '../../../platform/db/client.js';
import { defineJobType } from '../../../platform/jobs/types.js';
import { personalise, RECIPIENT_COLUMNS, RECIPIENT_JOINS, unsubscribeUrl, type Recipient } from '../recipients.js';
import { broadcastSigner, readSettings } from '../state.js';

export const SEND_BROADCAST_JOB = 'chatbot-broadcast';

/** Deliveries read at a time; the broadcast's status (cancelled?) is read again before each chunk. */
const CHUNK = 200;

export const INTERRUPTED = 'Interrupted while sending: not known whether it arrived. Retry failed to send it again.';

export interface BroadcastMail {
  readonly subject: string;
  readonly message: string;
  readonly persona: string;
}

/** The email of a broadcast for one recipient: the personalised message, the persona, and the unsubscribe link. */
export function broadcastEmail(ctx: Pick<AppContext, 'config'>, b: BroadcastMail, r: Recipient & { email: string }, now: Date): MailMessage {
  const link = unsubscribeUrl(ctx.config.consoleUrl, ctx.config.sessionSecret, r._id);
  const text = `${personalise(b.message, r, now)}\n\n— ${b.persona}\n\nYou receive this message as a subscriber of the campus chatbot. To stop receiving broadcasts, unsubscribe: ${link}\n`;
  return {
    to: r.email,
    subject: personalise(b.subject, r, now),
    text,
    headers: { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** Spaces sends of each channel by the settings' rate (per minute), on the real clock. */
class Throttle {
  private readonly next = new Map<BroadcastChannel, number>();
  constructor(private readonly intervalMs: Readonly<Record<BroadcastChannel, number>>) {}
  async wait(channel: BroadcastChannel): Promise<void> {
    const now = performance.now();
    const at = Math.max(now, this.next.get(channel) ?? 0);
    this.next.set(channel, at + this.intervalMs[channel]);
    if (at - now >= 1) await sleep(at - now);
  }
}

type Row = Recipient & { deliveryId: string; channel: BroadcastChannel; reachable: boolean };

/**
 * Sends a broadcast's queued deliveries, each exactly once: a delivery is claimed (`QUEUED` → `SENDING`) by a committed
 * update before its email leaves and marked `SENT` after, so a second worker or a later attempt never sends it
 * again; a web chat delivery is written to the inbox and marked sent in one transaction. An email claimed by an
 * attempt that died is not known to have arrived: the next attempt marks it failed with that reason, so nothing
 * is sent twice and nothing is skipped silently ("retry failed only" sends it again). Recipients who opted out since
 * the send began are skipped and counted. A cancelled broadcast stops before its next chunk.
 */
export function sendBroadcastJob(ctx: AppContext) {
  return defineJobType({
    name: SEND_BROADCAST_JOB,
    title: 'Chatbot broadcast',
    params: z.object({ broadcastId: z.string().uuid() }).strict(),
    concurrency: 1,
    retryLimit: 3,
    retryDelaySeconds: 30,
    timeoutSeconds: 6 * 3600,
    handler: async (job) => {
      const db = job.db;
      const { broadcastId } = job.params;
      const settings = await readSettings(db);
      const throttle = new Throttle({ EMAIL: 60_000 / settings.emailPerMinute, WEB_CHAT: 60_000 / settings.webChatPerMinute });
      const [interrupted] = await rows<{ n: number }>(
        db,
        sql`with f as (update chatbot_deliveries set status = 'FAILED', reason = ${INTERRUPTED}, updated_at = ${job.now().toISOString()}
                       where broadcast_id = ${broadcastId} and status = 'SENDING' returning 1) select count(*)::int as n from f`,
      );
      if (interrupted?.n) await job.log(`${interrupted.n} deliveries were interrupted by an earlier attempt and are marked failed.`, 'warn');
      let done = 0;
      let failed = 0;
      let signer: string | undefined;
      for (;;) {
        const [found] = await rows<Omit<BroadcastMail, 'persona'> & { status: string; persona: string | null }>(
          db,
          sql`select b.status, b.subject, b.message, p.name as persona
              from chatbot_broadcasts b left join chatbot_personas p on p.id = b.persona_id where b.id = ${broadcastId}`,
        );
        if (!found) return;
        // Read once: the whole broadcast is signed by one persona, even if the settings change while it is sent.
        signer ??= await broadcastSigner(db, settings, found.persona);
        const b = { ...found, persona: signer };
        if (b.status !== 'SENDING') {
          await job.log(`The broadcast is ${b.status.toLowerCase()}; sending stopped.`);
          return;
        }
        const chunk = await rows<Row>(
          db,
          sql`select dl.id as "deliveryId", dl.channel, (s.is_active and s.opted_out_at is null) as reachable, ${RECIPIENT_COLUMNS}
              from chatbot_deliveries dl join chatbot_subscribers s on s.id = dl.subscriber_id ${RECIPIENT_JOINS}
              where dl.broadcast_id = ${broadcastId} and dl.status = 'QUEUED' order by dl.channel, dl.id limit ${CHUNK}`,
        );
        if (chunk.length === 0) break;
        for (const r of chunk) {
          const outcome = await deliver(db, r, b);
          if (outcome === 'sent') done++;
          else if (outcome === 'failed') failed++;
        }
        await job.progress(done, failed);
      }
      await db.execute(
        sql`update chatbot_broadcasts set status = 'SENT', finished_at = ${job.now().toISOString()}, updated_at = ${job.now().toISOString()}
            where id = ${broadcastId} and status = 'SENDING'
              and not exists (select 1 from chatbot_deliveries where broadcast_id = ${broadcastId} and status in ('QUEUED', 'SENDING'))`,
      );
      await job.log(`Sent ${done} deliveries; ${failed} failed.`);

      async function deliver(db: Db, r: Row, b: BroadcastMail): Promise<'sent' | 'failed' | 'skipped' | 'taken'> {
        const at = () => job.now().toISOString();
        if (!r.reachable) {
          await db.execute(sql`update chatbot_deliveries set status = 'SKIPPED', reason = ${OPTED_OUT_REASON}, updated_at = ${at()} where id = ${r.deliveryId} and status = 'QUEUED'`);
          return 'skipped';
        }
        await throttle.wait(r.channel);
        if (r.channel === 'WEB_CHAT') {
          return db.transaction(async (txRaw) => {
            const tx = txRaw as unknown as Db;
            const [claimed] = await rows<{ id: string }>(
              tx,
              sql`update chatbot_deliveries set status = 'SENT', attempts = attempts + 1, sent_at = ${at()}, reason = null, updated_at = ${at()}
                  where id = ${r.deliveryId} and status = 'QUEUED' returning id`,
            );
            if (!claimed) return 'taken' as const;
            await tx.execute(
              sql`insert into chatbot_inbox (subscriber_id, broadcast_id, persona, body, created_at)
                  values (${r._id}, ${broadcastId}, ${b.persona}, ${personalise(b.message, r, job.now())}, ${at()}) on conflict do nothing`,
            );
            return 'sent' as const;
          });
        }
        if (!r.email) {
          await db.execute(sql`update chatbot_deliveries set status = 'SKIPPED', reason = 'No email address', updated_at = ${at()} where id = ${r.deliveryId} and status = 'QUEUED'`);
          return 'skipped';
        }
        const [claimed] = await rows<{ id: string }>(
          db,
          sql`update chatbot_deliveries set status = 'SENDING', attempts = attempts + 1, claimed_at = ${at()}, updated_at = ${at()}
              where id = ${r.deliveryId} and status = 'QUEUED' returning id`,
        );
        if (!claimed) return 'taken';
        try {
          await ctx.mailer.send(broadcastEmail(ctx, b, { ...r, email: r.email }, job.now()));
        } catch (error) {
          const reason = `The mail server refused it: ${(error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 300)}`;
          await db.execute(sql`update chatbot_deliveries set status = 'FAILED', reason = ${reason}, updated_at = ${at()} where id = ${r.deliveryId} and status = 'SENDING'`);
          return 'failed';
        }
        await db.execute(sql`update chatbot_deliveries set status = 'SENT', sent_at = ${at()}, reason = null, updated_at = ${at()} where id = ${r.deliveryId} and status = 'SENDING'`);
        return 'sent';
      }
    },
  });
}
