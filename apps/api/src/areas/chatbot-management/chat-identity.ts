import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { writeAudit } from '../../platform/audit/audit.js';
import type { MailMessage } from '../../platform/auth/mailer.js';
import { hashResetCode, newResetCode } from '../../platform/auth/tokens.js';
import { rows, type Db } from '../../platform/db/client.js';

/**
 * Who a web chat visitor is (decision 0037). A visitor chats anonymously; to read the broadcasts sent to them and to
 * stop or restart them from the chat, they confirm their address on record with a one-time code mailed to it. Typing
 * an address proves nothing: the answer is the same whether or not a subscriber has it, and only the code links.
 */

/** How long a code works, and how many wrong tries spend it. */
export const CHAT_CODE_TTL_MINUTES = 10;
export const CHAT_CODE_MAX_ATTEMPTS = 5;
/** At most this many codes mailed to one subscriber in a quarter of an hour (beyond the per-address request limit). */
export const CHAT_CODES_PER_QUARTER_HOUR = 3;

export const CODE_SENT_MESSAGE = `If the address belongs to a subscriber, we sent a code to it. It works for ${CHAT_CODE_TTL_MINUTES} minutes.`;
export const CODE_REFUSED_MESSAGE = 'The code is not valid or has expired. Ask for a new one.';
export const STOP_REPLY = 'You will receive no more broadcasts from us. Type START to receive them again.';
export const START_REPLY = 'You will receive our broadcasts again. Type STOP to stop them.';
export const CONFIRM_FIRST_REPLY = 'To stop or start broadcasts here, first confirm who you are with the code we email you.';

/** `STOP` or `START` typed alone (any case, surrounding spaces and a final full stop allowed). */
export function optCommandOf(message: string): 'stop' | 'start' | null {
  const word = message.trim().replace(/[.!]+$/, '').toLowerCase();
  return word === 'stop' || word === 'unsubscribe' ? 'stop' : word === 'start' || word === 'subscribe' ? 'start' : null;
}

export interface LinkedSubscriber {
  readonly id: string;
  readonly name: string;
}

/** The subscriber a conversation is linked to, if any (with the name the chat greets them by). */
export async function linkedSubscriberOf(db: Db, subscriberId: string | null | undefined): Promise<LinkedSubscriber | null> {
  if (!subscriberId) return null;
  const [found] = await rows<LinkedSubscriber>(db, sql`select id, first_name as name from chatbot_subscribers where id = ${subscriberId}`);
  return found ?? null;
}

/** The web chat deliveries of a subscriber, newest first. */
export async function inboxOf(db: Db, subscriberId: string | null | undefined) {
  if (!subscriberId) return [];
  return rows<{ persona: string; body: string; at: string }>(
    db,
    sql`select persona, body, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at
        from chatbot_inbox where subscriber_id = ${subscriberId} order by created_at desc limit 50`,
  );
}

function codeMessage(to: string, code: string): MailMessage {
  return {
    to,
    subject: 'Your campus chat code',
    text: `Your campus chat code is ${code}. Type it in the chat within ${CHAT_CODE_TTL_MINUTES} minutes to see the messages sent to you.\n\nIf you did not ask for it, ignore this message: nobody can read your messages without it.`,
  };
}

/**
 * Mails a code for `conversationId` to the subscriber with `email`, if there is one and they have not had too many
 * codes lately; a new code replaces the conversation's earlier ones. Runs after the answer is sent, so that the time
 * the answer takes does not tell whether the address exists.
 */
export async function sendChatCode(ctx: AppContext, conversationId: string, email: string, log: FastifyBaseLogger): Promise<void> {
  const now = ctx.config.now();
  const [subscriber] = await rows<{ id: string; email: string }>(
    ctx.db,
    sql`select id, email from chatbot_subscribers where lower(email) = ${email.toLowerCase()} and is_active`,
  );
  if (!subscriber) return;
  const code = newResetCode();
  const sent = await ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    // One code at a time per subscriber is counted under a lock on the subscriber, so parallel requests cannot add up.
    await tx.execute(sql`select id from chatbot_subscribers where id = ${subscriber.id} for update`);
    const since = new Date(now.getTime() - 15 * 60_000).toISOString();
    const [recent] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from chatbot_chat_codes where subscriber_id = ${subscriber.id} and created_at > ${since}`);
    if ((recent?.n ?? 0) >= CHAT_CODES_PER_QUARTER_HOUR) return false;
    await tx.execute(sql`update chatbot_chat_codes set used_at = ${now.toISOString()} where conversation_id = ${conversationId} and used_at is null`);
    await tx.execute(
      sql`insert into chatbot_chat_codes (conversation_id, subscriber_id, code_hash, created_at, expires_at)
          values (${conversationId}, ${subscriber.id}, ${hashResetCode(code, conversationId, ctx.config.sessionSecret)}, ${now.toISOString()},
                  ${new Date(now.getTime() + CHAT_CODE_TTL_MINUTES * 60_000).toISOString()})`,
    );
    return true;
  });
  if (!sent) return;
  await ctx.mailer.send(codeMessage(subscriber.email, code)).catch((error: unknown) => log.error({ err: error }, 'sending a chat code failed'));
}

/**
 * Links the conversation to the subscriber whose live code this is; a wrong code counts against the live one.
 * Returns the subscriber, or null when the code is refused.
 */
export async function confirmChatCode(tx: Db, conversationId: string, code: string, secret: string, now: Date, ip: string): Promise<string | null> {
  const [live] = await rows<{ id: string; subscriberId: string; codeHash: string; attempts: number }>(
    tx,
    sql`select id, subscriber_id as "subscriberId", code_hash as "codeHash", attempts from chatbot_chat_codes
        where conversation_id = ${conversationId} and used_at is null and expires_at > ${now.toISOString()}
        order by created_at desc limit 1 for update`,
  );
  if (!live || live.attempts >= CHAT_CODE_MAX_ATTEMPTS) return null;
  if (live.codeHash !== hashResetCode(code, conversationId, secret)) {
    await tx.execute(sql`update chatbot_chat_codes set attempts = attempts + 1 where id = ${live.id}`);
    return null;
  }
  await tx.execute(sql`update chatbot_chat_codes set used_at = ${now.toISOString()} where id = ${live.id}`);
  await tx.execute(sql`update chatbot_conversations set subscriber_id = ${live.subscriberId} where id = ${conversationId}`);
  await writeAudit(
    tx,
    { actor: { id: null, email: null, ip }, activity: 'Confirmed their address in the web chat', resource: 'chatbot-subscribers', recordId: live.subscriberId },
    now,
  );
  return live.subscriberId;
}

/** STOP or START from a linked visitor: the subscriber's opt-out as the unsubscribe link sets it, audited. */
export async function setOptOut(tx: Db, subscriberId: string, command: 'stop' | 'start', now: Date, ip: string): Promise<void> {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila' }).format(now);
  const [before] = await rows<{ optedOutAt: string | null }>(tx, sql`select opted_out_at::text as "optedOutAt" from chatbot_subscribers where id = ${subscriberId}`);
  const after = command === 'stop' ? (before?.optedOutAt ?? today) : null;
  if ((before?.optedOutAt ?? null) === after) return;
  await tx.execute(sql`update chatbot_subscribers set opted_out_at = ${after}, updated_at = ${now.toISOString()} where id = ${subscriberId}`);
  await writeAudit(
    tx,
    {
      actor: { id: null, email: null, ip },
      activity: command === 'stop' ? 'Stopped broadcasts from the web chat' : 'Started broadcasts again from the web chat',
      resource: 'chatbot-subscribers',
      recordId: subscriberId,
      changes: { optedOutAt: { before: before?.optedOutAt ?? null, after } },
    },
    now,
  );
}
