import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { OPTED_OUT_REASON, type BroadcastChannel } from '@campus/domain-chatbot';
import type { AppContext } from '../../../context.js';
import type { MailMessage } from '../../../platform/auth/mailer.js';
import { rows, type Db } from '../../../platform/db/client.js';
import { defineJobType } from '../../../platform/jobs/types.js';
import { mailConnections, SendWindow } from '../../../platform/mail/bulk.js';
import { personalise, RECIPIENT_COLUMNS, RECIPIENT_JOINS, unsubscribeUrl, type Recipient } from '../recipients.js';
import { broadcastSigner, readSettings } from '../state.js';

export const SEND_BROADCAST_JOB = 'chatbot-broadcast';

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

/** A delivery as a chunk reads it; `taken` is what the chunk's own statement did with it. */
type Row = Recipient & { deliveryId: string; channel: BroadcastChannel; taken: 'SENDING' | 'SKIPPED' | null };

/** Deliveries read at a time when the throttle allows about ten seconds' worth; at least 20. */
const MAX_CHUNK = 500;

/**
 * Sends a broadcast's queued deliveries, each exactly once. Deliveries are read a chunk at a time; the same
 * statement claims the chunk's emails (`QUEUED` → `SENDING`, committed before any of them leaves) and skips the
 * recipients who opted out since the send began (counted) or have no email address, taking only rows no other
 * worker holds (`skip locked`), so a second worker or a later attempt never sends them again. The claimed emails
 * go out several at a time — as many as the SMTP connections, twice over, so each connection always has the next
 * message waiting — spaced by the settings' throttle, while the next chunk is claimed; the finished ones are marked
 * `SENT` (or `FAILED` with the server's reason) in one statement per chunk. A web chat delivery is written to the
 * inbox and marked sent in one transaction. An email claimed by an attempt that died is not known to have arrived:
 * the next attempt marks it failed with that reason, so nothing is sent twice and nothing is skipped silently
 * ("retry failed only" sends it again). A cancelled broadcast stops before its next chunk, once the emails in
 * flight have ended and been marked.
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
      const chunkSize = Math.max(20, Math.min(MAX_CHUNK, Math.round(Math.min(settings.emailPerMinute, settings.webChatPerMinute) / 6)));
      const [interrupted] = await rows<{ n: number }>(
        db,
        sql`with f as (update chatbot_deliveries set status = 'FAILED', reason = ${INTERRUPTED}, updated_at = ${job.now().toISOString()}
                       where broadcast_id = ${broadcastId} and status = 'SENDING' returning 1) select count(*)::int as n from f`,
      );
      if (interrupted?.n) await job.log(`${interrupted.n} deliveries were interrupted by an earlier attempt and are marked failed.`, 'warn');
      let done = 0;
      let failed = 0;
      let signer: string | undefined;
      const window = new SendWindow(mailConnections(ctx.config.smtpUrl) * 2);
      /** Emails that have ended and are not marked yet. */
      let sent: { id: string; at: string }[] = [];
      let refused: { id: string; reason: string }[] = [];
      const mark = async () => {
        const [ok, notOk] = [sent, refused];
        sent = [];
        refused = [];
        const at = job.now().toISOString();
        if (ok.length) {
          await db.execute(
            sql`update chatbot_deliveries d set status = 'SENT', sent_at = m.at, reason = null, updated_at = ${at}
                from json_to_recordset(${JSON.stringify(ok)}::json) as m(id uuid, at timestamptz) where d.id = m.id and d.status = 'SENDING'`,
          );
        }
        if (notOk.length) {
          await db.execute(
            sql`update chatbot_deliveries d set status = 'FAILED', reason = m.reason, updated_at = ${at}
                from json_to_recordset(${JSON.stringify(notOk)}::json) as m(id uuid, reason text) where d.id = m.id and d.status = 'SENDING'`,
          );
        }
      };
      const email = (r: Row, b: BroadcastMail) => async () => {
        try {
          await ctx.mailer.send(broadcastEmail(ctx, b, { ...r, email: r.email ?? '' }, job.now()));
        } catch (error) {
          refused.push({ id: r.deliveryId, reason: `The mail server refused it: ${(error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 300)}` });
          failed++;
          return;
        }
        sent.push({ id: r.deliveryId, at: job.now().toISOString() });
        done++;
      };
      try {
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
            await window.drain();
            await mark();
            await job.log(`The broadcast is ${b.status.toLowerCase()}; sending stopped.`);
            return;
          }
          const at = job.now().toISOString();
          const chunk = await rows<Row>(
            db,
            sql`with c as (
                  select dl.id as "deliveryId", dl.channel, (s.is_active and s.opted_out_at is null) as reachable, ${RECIPIENT_COLUMNS}
                  from chatbot_deliveries dl join chatbot_subscribers s on s.id = dl.subscriber_id ${RECIPIENT_JOINS}
                  where dl.broadcast_id = ${broadcastId} and dl.status = 'QUEUED' order by dl.channel, dl.id limit ${chunkSize}
                  for update of dl skip locked),
                claimed as (
                  update chatbot_deliveries d set status = 'SENDING', attempts = d.attempts + 1, claimed_at = ${at}, updated_at = ${at}
                  from c where d.id = c."deliveryId" and c.channel = 'EMAIL' and c.reachable and coalesce(c.email, '') <> ''
                  returning d.id),
                skipped as (
                  update chatbot_deliveries d set status = 'SKIPPED', updated_at = ${at},
                         reason = case when c.reachable then 'No email address' else ${OPTED_OUT_REASON} end
                  from c where d.id = c."deliveryId" and (not c.reachable or (c.channel = 'EMAIL' and coalesce(c.email, '') = ''))
                  returning d.id)
                select c."deliveryId", c.channel, c."_id", c.fname, c.mname, c.lname, c.email, c.designation, c.department,
                       case when claimed.id is not null then 'SENDING' when skipped.id is not null then 'SKIPPED' end as taken
                from c left join claimed on claimed.id = c."deliveryId" left join skipped on skipped.id = c."deliveryId"
                order by c.channel, c."deliveryId"`,
          );
          if (chunk.length === 0) break;
          for (const r of chunk) {
            if (r.taken === 'SENDING') {
              // A place first, then the throttle: no two emails leave closer together than it allows.
              await window.place();
              await throttle.wait('EMAIL');
              window.run(email(r, b));
            } else if (r.taken === null && r.channel === 'WEB_CHAT') {
              if (await inbox(db, r, b)) done++;
            }
          }
          // The emails that have ended so far are marked while the rest are still in flight.
          await mark();
          await job.progress(done, failed);
        }
        await window.drain();
        await mark();
        await job.progress(done, failed);
      } finally {
        // Whatever stopped the run, the emails in flight end and those that ended are marked if the database lets us.
        await window.drain().catch(() => undefined);
        await mark().catch(() => undefined);
      }
      await db.execute(
        sql`update chatbot_broadcasts set status = 'SENT', finished_at = ${job.now().toISOString()}, updated_at = ${job.now().toISOString()}
            where id = ${broadcastId} and status = 'SENDING'
              and not exists (select 1 from chatbot_deliveries where broadcast_id = ${broadcastId} and status in ('QUEUED', 'SENDING'))`,
      );
      await job.log(`Sent ${done} deliveries; ${failed} failed.`);

      /** A web chat delivery: the inbox message written and the delivery marked sent in one transaction. */
      async function inbox(db: Db, r: Row, b: BroadcastMail): Promise<boolean> {
        const at = () => job.now().toISOString();
        await throttle.wait(r.channel);
        return db.transaction(async (txRaw) => {
          const tx = txRaw as unknown as Db;
          const [claimed] = await rows<{ id: string }>(
            tx,
            sql`update chatbot_deliveries set status = 'SENT', attempts = attempts + 1, sent_at = ${at()}, reason = null, updated_at = ${at()}
                where id = ${r.deliveryId} and status = 'QUEUED' returning id`,
          );
          if (!claimed) return false;
          await tx.execute(
            sql`insert into chatbot_inbox (subscriber_id, broadcast_id, persona, body, created_at)
                values (${r._id}, ${broadcastId}, ${b.persona}, ${personalise(b.message, r, job.now())}, ${at()}) on conflict do nothing`,
          );
          return true;
        });
      }
    },
  });
}
