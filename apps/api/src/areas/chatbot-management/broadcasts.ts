import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { BroadcastListQuerySchema, DeliveryQuerySchema } from '@campus/api-contract';
import {
  describeSchedule,
  EDITABLE_BROADCAST_STATUSES,
  OPTED_OUT_REASON,
  placeholderProblem,
  schedulePattern,
  type BroadcastInput,
  type BroadcastSchedule,
  type BroadcastStatus,
} from '@campus/domain-chatbot';
import { nextRuns } from '../../platform/jobs/schedule.js';
import { writeAudit } from '../../platform/audit/audit.js';
import { rows, type Db } from '../../platform/db/client.js';
import { HttpError } from '../../platform/http/errors.js';
import type { AreaContext, ContractHandlers } from '../../platform/area.js';
import { audienceCondition } from './audience.js';
import { broadcastEmail, SEND_BROADCAST_JOB } from './jobs/send-broadcast.js';
import { profanityProblem, RECIPIENT_COLUMNS, RECIPIENT_JOINS, subscriberOfToken, type Recipient } from './recipients.js';
import { broadcastSigner, profanityWords, readSettings } from './state.js';

interface In {
  readonly params: Record<string, string>;
  readonly query: unknown;
  readonly body: unknown;
  readonly request: FastifyRequest;
}
const ok = <T>(data: T, status = 200) => ({ status, body: { data } });

export const NOT_FOUND = 'This page could not be found';
export const OWN_APPROVAL = 'You cannot approve your own broadcast; another administrator must approve it.';

const broadcastSelect = sql`select b.id as "_id", b.subject, b.message, b.persona_id as "personaId", p.name as persona, b.audience,
  to_json(b.audience_ids) as ids, to_json(b.channels) as channels, b.status, b.created_by_id as "createdById",
  nullif(trim(coalesce(cu.first_name, '') || ' ' || coalesce(cu.last_name, '')), '') as "createdBy",
  nullif(trim(coalesce(au.first_name, '') || ' ' || coalesce(au.last_name, '')), '') as "approvedBy",
  b.schedule, b.next_run_at as "nextRunAt", b.last_run_at as "lastRunAt", b.schedule_of_id as "scheduleOfId",
  b.approved_at as "approvedAt", b.started_at as "startedAt", b.finished_at as "finishedAt", b.created_at as "createdAt",
  (select json_build_object('total', count(*), 'queued', count(*) filter (where d.status = 'QUEUED'),
      'sending', count(*) filter (where d.status = 'SENDING'), 'sent', count(*) filter (where d.status = 'SENT'),
      'failed', count(*) filter (where d.status = 'FAILED'), 'skipped', count(*) filter (where d.status = 'SKIPPED'))
   from chatbot_deliveries d where d.broadcast_id = b.id) as counts
  from chatbot_broadcasts b left join chatbot_personas p on p.id = b.persona_id
  left join users cu on cu.id = b.created_by_id left join users au on au.id = b.approved_by_id`;

const isoOrNull = (v: unknown) => (v == null ? null : v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

/** The first send of a schedule after `now`, or null when it never comes (a one-off time already past). */
export function firstRun(schedule: BroadcastSchedule, now: Date): Date | null {
  return nextRuns(schedulePattern(schedule), schedule.timeZone, now, 1)[0] ?? null;
}

/** The next sends of a scheduled broadcast: its due instant, then (recurring) the runs after it. */
export function upcomingRuns(schedule: BroadcastSchedule, first: Date | null, count = 5): Date[] {
  const start = first ?? nextRuns(schedulePattern(schedule), schedule.timeZone, new Date(0), 1)[0];
  if (!start) return [];
  if (schedule.kind === 'ONCE') return [start];
  return [start, ...nextRuns(schedulePattern(schedule), schedule.timeZone, start, count - 1)];
}

function broadcastRow(r: Record<string, unknown>) {
  const counts = (typeof r.counts === 'string' ? JSON.parse(r.counts) : r.counts) as Record<string, number>;
  const schedule = (typeof r.schedule === 'string' ? JSON.parse(r.schedule) : r.schedule) as BroadcastSchedule | null;
  const { nextRunAt, ...rest } = r;
  const next = nextRunAt == null ? null : new Date(isoOrNull(nextRunAt)!);
  return {
    ...rest,
    schedule: schedule ?? null,
    scheduleText: schedule ? describeSchedule(schedule) : null,
    nextRuns: schedule && next && r.status !== 'CANCELLED' ? upcomingRuns(schedule, next).map((d) => d.toISOString()) : [],
    lastRunAt: isoOrNull(r.lastRunAt),
    ids: typeof r.ids === 'string' ? JSON.parse(r.ids) : (r.ids ?? []),
    channels: typeof r.channels === 'string' ? JSON.parse(r.channels) : r.channels,
    approvedAt: isoOrNull(r.approvedAt),
    startedAt: isoOrNull(r.startedAt),
    finishedAt: isoOrNull(r.finishedAt),
    createdAt: isoOrNull(r.createdAt),
    counts: Object.fromEntries(['total', 'queued', 'sending', 'sent', 'failed', 'skipped'].map((k) => [k, Number(counts?.[k] ?? 0)])),
  };
}

export async function readBroadcast(db: Db, id: string) {
  const [found] = await rows<Record<string, unknown>>(db, sql`${broadcastSelect} where b.id = ${id}`);
  if (!found) throw new HttpError(404, NOT_FOUND);
  return broadcastRow(found) as ReturnType<typeof broadcastRow> & { status: BroadcastStatus; createdById: string | null; subject: string; message: string; personaId: string | null; persona: string | null; audience: string; ids: string[]; channels: string[] };
}

/** Unknown placeholders are refused by the schema; blocked words and an inactive persona here (also at send time). */
export async function checkBroadcast(db: Db, input: Pick<BroadcastInput, 'subject' | 'message' | 'personaId'>) {
  const placeholders = placeholderProblem(input.subject);
  if (placeholders) throw new HttpError(400, placeholders, { subject: [placeholders] });
  const problem = profanityProblem(`${input.subject}\n${input.message}`, await profanityWords(db));
  if (problem) throw new HttpError(400, problem, { message: [problem] });
  if (input.personaId) {
    const [persona] = await rows<{ id: string }>(db, sql`select id from chatbot_personas where id = ${input.personaId} and is_active`);
    if (!persona) throw new HttpError(400, 'Choose an active persona.', { personaId: ['Choose an active persona.'] });
  }
}

/**
 * Writes one delivery per recipient of the audience (resolved now) and channel — opted-out recipients and emails
 * without an address as skipped with the reason — then queues the sending job. The unique key of the deliveries
 * keeps a second start from adding anyone twice.
 */
export async function startBroadcast(ctx: AreaContext, id: string, actorId: string | null): Promise<void> {
  const at = ctx.config.now().toISOString();
  const queued = await ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [b] = await rows<{ audience: string; ids: string[] | string; channels: string[] | string; subject: string; message: string; personaId: string | null }>(
      tx,
      sql`select audience, to_json(audience_ids) as ids, to_json(channels) as channels, subject, message, persona_id as "personaId"
          from chatbot_broadcasts where id = ${id} for update`,
    );
    if (!b) throw new HttpError(404, NOT_FOUND);
    await checkBroadcast(tx, b);
    const ids = (typeof b.ids === 'string' ? JSON.parse(b.ids) : b.ids) as string[];
    const channels = (typeof b.channels === 'string' ? JSON.parse(b.channels) : b.channels) as string[];
    const where = audienceCondition({ audience: b.audience as never, ids });
    const channelList = sql`array[${sql.join(channels.map((c) => sql`${c}`), sql`, `)}]::text[]`;
    await tx.execute(
      sql`insert into chatbot_deliveries (broadcast_id, subscriber_id, channel, status, reason, created_at, updated_at)
          select ${id}, s.id, ch.channel,
                 case when s.opted_out_at is not null then 'SKIPPED' when ch.channel = 'EMAIL' and s.email is null then 'SKIPPED' else 'QUEUED' end,
                 case when s.opted_out_at is not null then ${OPTED_OUT_REASON} when ch.channel = 'EMAIL' and s.email is null then 'No email address' end,
                 ${at}, ${at}
          from chatbot_subscribers s cross join unnest(${channelList}) as ch(channel)
          where ${where}
          on conflict (broadcast_id, subscriber_id, channel) do nothing`,
    );
    const [n] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from chatbot_deliveries where broadcast_id = ${id} and status = 'QUEUED'`);
    await tx.execute(sql`update chatbot_broadcasts set status = 'SENDING', started_at = coalesce(started_at, ${at}), finished_at = null, updated_at = ${at} where id = ${id}`);
    return n?.n ?? 0;
  });
  const batchId = await ctx.jobs.createBatch({
    type: SEND_BROADCAST_JOB,
    params: { broadcastId: id },
    requestedById: actorId,
    total: queued,
    summary: `Broadcast: ${queued} deliveries`,
    jobs: [{ params: { broadcastId: id }, units: queued }],
  });
  await ctx.db.execute(sql`update chatbot_broadcasts set batch_id = ${batchId} where id = ${id}`);
}


/** Broadcasts: write, approve, send as a job with one delivery per recipient and channel, retry the failed ones. */
export function broadcastHandlers(ctx: AreaContext): ContractHandlers {
  const now = () => ctx.config.now();

  const check = checkBroadcast;

  async function lockBroadcast(tx: Db, id: string) {
    const [found] = await rows<{ status: BroadcastStatus; createdById: string | null }>(
      tx,
      sql`select status, created_by_id as "createdById" from chatbot_broadcasts where id = ${id} for update`,
    );
    if (!found) throw new HttpError(404, NOT_FOUND);
    return found;
  }

  const startSending = (id: string, actorId: string | null) => startBroadcast(ctx, id, actorId);

  /** Tells the other Chatbot administrators that a broadcast awaits their approval. */
  async function askApproval(tx: Db, id: string, subject: string, authorId: string | null) {
    const approvers = await rows<{ id: string }>(tx, sql`select id from users where is_active and 'CHATBOT' = any(admin_scopes) and id is distinct from ${authorId}::uuid limit 200`);
    for (const a of approvers) {
      await ctx.notify({ userId: a.id, title: 'A broadcast awaits your approval', body: subject, link: `/app/chatbot-management/broadcasts/${id}` }, tx);
    }
  }

  async function audit(tx: Db, request: FastifyRequest, activity: string, id: string, changes?: Record<string, { before: unknown; after: unknown }>) {
    await writeAudit(tx, { actor: ctx.actorOf(request), activity, resource: 'chatbot-broadcasts', recordId: id, ...(changes ? { changes } : {}) }, now());
  }

  async function transition(request: FastifyRequest, id: string, allowed: readonly BroadcastStatus[], to: BroadcastStatus, activity: string, refusal: string) {
    await ctx.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const found = await lockBroadcast(tx, id);
      if (!allowed.includes(found.status)) throw new HttpError(400, refusal);
      await tx.execute(sql`update chatbot_broadcasts set status = ${to}, updated_at = ${now().toISOString()} where id = ${id}`);
      await audit(tx, request, activity, id, { status: { before: found.status, after: to } });
    });
  }

  return {
    async listChatbotBroadcasts({ query }: In) {
      const q = query as z.infer<typeof BroadcastListQuerySchema>;
      const cond = q.status ? sql`b.status = ${q.status}` : sql`true`;
      const [{ count } = { count: 0 }] = await rows<{ count: number }>(ctx.db, sql`select count(*)::int as count from chatbot_broadcasts b where ${cond}`);
      const list = await rows<Record<string, unknown>>(ctx.db, sql`${broadcastSelect} where ${cond} order by b.created_at desc, b.id limit ${q.limit} offset ${(q.page - 1) * q.limit}`);
      return { status: 200, body: { rows: list.map(broadcastRow), count } };
    },

    async createChatbotBroadcast({ body, request }: In) {
      const input = body as BroadcastInput;
      const actor = ctx.actorOf(request);
      const id = await ctx.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        await check(tx, input);
        const [created] = await rows<{ id: string }>(
          tx,
          sql`insert into chatbot_broadcasts (subject, message, persona_id, audience, audience_ids, channels, created_by_id, created_at, updated_at)
              values (${input.subject}, ${input.message}, ${input.personaId}, ${input.audience},
                      array[${sql.join(input.ids.map((i) => sql`${i}`), sql`, `)}]::uuid[], array[${sql.join(input.channels.map((c) => sql`${c}`), sql`, `)}]::text[],
                      ${actor.id}, ${now().toISOString()}, ${now().toISOString()}) returning id`,
        );
        await audit(tx, request, 'Wrote a broadcast', created!.id, { subject: { before: null, after: input.subject } });
        return created!.id;
      });
      return ok(await readBroadcast(ctx.db, id), 201);
    },

    async getChatbotBroadcast({ params }: In) {
      return ok(await readBroadcast(ctx.db, params.id!));
    },

    async updateChatbotBroadcast({ params, body, request }: In) {
      const input = body as BroadcastInput;
      await ctx.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const found = await lockBroadcast(tx, params.id!);
        if (!EDITABLE_BROADCAST_STATUSES.includes(found.status)) throw new HttpError(400, 'A broadcast that is sending, sent or cancelled cannot be changed.');
        await check(tx, input);
        await tx.execute(
          sql`update chatbot_broadcasts set subject = ${input.subject}, message = ${input.message}, persona_id = ${input.personaId}, audience = ${input.audience},
                audience_ids = array[${sql.join(input.ids.map((i) => sql`${i}`), sql`, `)}]::uuid[],
                channels = array[${sql.join(input.channels.map((c) => sql`${c}`), sql`, `)}]::text[],
                status = 'DRAFT', next_run_at = null, approved_by_id = null, approved_at = null, updated_at = ${now().toISOString()}
              where id = ${params.id}`,
        );
        await audit(tx, request, 'Changed a broadcast', params.id!, { status: { before: found.status, after: 'DRAFT' } });
      });
      return ok(await readBroadcast(ctx.db, params.id!));
    },

    async sendChatbotBroadcast({ params, request }: In) {
      const actor = ctx.actorOf(request);
      const settings = await readSettings(ctx.db);
      const waits = await ctx.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const found = await lockBroadcast(tx, params.id!);
        if (found.status !== 'DRAFT' && found.status !== 'APPROVED') throw new HttpError(400, 'Only a draft or an approved broadcast can be sent.');
        if (found.status === 'DRAFT' && settings.approvalRequired) {
          const [b] = await rows<{ subject: string; message: string; personaId: string | null }>(tx, sql`select subject, message, persona_id as "personaId" from chatbot_broadcasts where id = ${params.id}`);
          await check(tx, b!);
          await tx.execute(sql`update chatbot_broadcasts set status = 'AWAITING_APPROVAL', updated_at = ${now().toISOString()} where id = ${params.id}`);
          await audit(tx, request, 'Asked for approval of a broadcast', params.id!, { status: { before: found.status, after: 'AWAITING_APPROVAL' } });
          await askApproval(tx, params.id!, b!.subject, actor.id);
          return true;
        }
        await audit(tx, request, 'Sent a broadcast', params.id!, { status: { before: found.status, after: 'SENDING' } });
        return false;
      });
      if (!waits) await startSending(params.id!, actor.id);
      return ok(await readBroadcast(ctx.db, params.id!));
    },

    async approveChatbotBroadcast({ params, request }: In) {
      const actor = ctx.actorOf(request);
      const approvedTo = await ctx.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const found = await lockBroadcast(tx, params.id!);
        if (found.status !== 'AWAITING_APPROVAL') throw new HttpError(400, 'Only a broadcast awaiting approval can be approved.');
        if (found.createdById === actor.id) throw new HttpError(403, OWN_APPROVAL);
        // A scheduled broadcast waits for its time once approved; the others send now.
        const [row] = await rows<{ status: BroadcastStatus }>(
          tx,
          sql`update chatbot_broadcasts set status = case when next_run_at is not null then 'SCHEDULED' else 'APPROVED' end,
                approved_by_id = ${actor.id}, approved_at = ${now().toISOString()}, updated_at = ${now().toISOString()} where id = ${params.id} returning status`,
        );
        await audit(tx, request, 'Approved a broadcast', params.id!, { status: { before: found.status, after: row!.status } });
        return row!.status;
      });
      if (approvedTo === 'APPROVED') await startSending(params.id!, actor.id);
      return ok(await readBroadcast(ctx.db, params.id!));
    },

    async cancelChatbotBroadcast({ params, request }: In) {
      await transition(request, params.id!, [...EDITABLE_BROADCAST_STATUSES, 'SENDING'], 'CANCELLED', 'Cancelled a broadcast', 'A sent or cancelled broadcast cannot be cancelled.');
      return ok(await readBroadcast(ctx.db, params.id!));
    },

    async retryChatbotBroadcast({ params, request }: In) {
      const actor = ctx.actorOf(request);
      await ctx.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const found = await lockBroadcast(tx, params.id!);
        if (found.status !== 'SENT') throw new HttpError(400, 'Failed deliveries can be retried once the broadcast has finished sending.');
        const [n] = await rows<{ n: number }>(
          tx,
          sql`with r as (update chatbot_deliveries set status = 'QUEUED', reason = null, updated_at = ${now().toISOString()}
                         where broadcast_id = ${params.id} and status = 'FAILED' returning 1) select count(*)::int as n from r`,
        );
        if (!n?.n) throw new HttpError(400, 'No delivery of this broadcast failed.');
        await audit(tx, request, 'Retried the failed deliveries of a broadcast', params.id!, { failed: { before: n.n, after: 0 } });
      });
      await startSending(params.id!, actor.id);
      return ok(await readBroadcast(ctx.db, params.id!));
    },

    async testChatbotBroadcast({ params, request }: In) {
      const { user } = ctx.authOf(request);
      const b = await readBroadcast(ctx.db, params.id!);
      await check(ctx.db, b);
      const [sample] = await rows<Recipient>(
        ctx.db,
        sql`select ${RECIPIENT_COLUMNS} from chatbot_subscribers s ${RECIPIENT_JOINS}
            where ${audienceCondition({ audience: b.audience as never, ids: b.ids })} and s.opted_out_at is null order by s.last_name, s.first_name, s.id limit 1`,
      );
      const as: Recipient = sample ?? { _id: '00000000-0000-0000-0000-000000000000', fname: user.firstName, lname: user.lastName, mname: null, email: user.email, designation: null, department: null };
      const persona = await broadcastSigner(ctx.db, await readSettings(ctx.db), b.persona);
      const mail = broadcastEmail(ctx, { subject: b.subject, message: b.message, persona }, { ...as, email: user.email }, now());
      await ctx.mailer.send({ ...mail, subject: `[Test] ${mail.subject}` });
      return ok({ message: `A test email was sent to ${user.email}.` });
    },

    async previewChatbotSchedule({ body }: In) {
      const schedule = body as BroadcastSchedule;
      const runs = upcomingRuns(schedule, firstRun(schedule, now()));
      return ok({ text: describeSchedule(schedule), nextRuns: runs.map((d) => d.toISOString()) });
    },

    async scheduleChatbotBroadcast({ params, body, request }: In) {
      const schedule = body as BroadcastSchedule;
      const actor = ctx.actorOf(request);
      const settings = await readSettings(ctx.db);
      const first = firstRun(schedule, now());
      if (!first) throw new HttpError(400, 'This schedule never runs: choose a time still to come.', { date: ['Choose a date and time still to come.'] });
      await ctx.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const found = await lockBroadcast(tx, params.id!);
        if (!['DRAFT', 'APPROVED', 'SCHEDULED', 'AWAITING_APPROVAL'].includes(found.status)) throw new HttpError(400, 'A broadcast that is sending, sent or cancelled cannot be scheduled.');
        const [b] = await rows<{ subject: string; message: string; personaId: string | null }>(tx, sql`select subject, message, persona_id as "personaId" from chatbot_broadcasts where id = ${params.id}`);
        await check(tx, b!);
        // Approval, when the settings ask for it, comes before the schedule counts; an approved broadcast keeps it.
        const to: BroadcastStatus = settings.approvalRequired && (found.status === 'DRAFT' || found.status === 'AWAITING_APPROVAL') ? 'AWAITING_APPROVAL' : 'SCHEDULED';
        await tx.execute(
          sql`update chatbot_broadcasts set schedule = ${JSON.stringify(schedule)}::jsonb, next_run_at = ${first.toISOString()}, status = ${to}, updated_at = ${now().toISOString()} where id = ${params.id}`,
        );
        await audit(tx, request, 'Scheduled a broadcast', params.id!, { schedule: { before: null, after: describeSchedule(schedule) }, status: { before: found.status, after: to } });
        if (to === 'AWAITING_APPROVAL' && found.status === 'DRAFT') await askApproval(tx, params.id!, b!.subject, actor.id);
      });
      return ok(await readBroadcast(ctx.db, params.id!));
    },

    async unscheduleChatbotBroadcast({ params, request }: In) {
      await ctx.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const found = await lockBroadcast(tx, params.id!);
        const [row] = await rows<{ next: unknown }>(tx, sql`select next_run_at as next from chatbot_broadcasts where id = ${params.id}`);
        if (row?.next == null || !['SCHEDULED', 'AWAITING_APPROVAL'].includes(found.status)) throw new HttpError(400, 'This broadcast is not scheduled.');
        await tx.execute(
          sql`update chatbot_broadcasts set schedule = null, next_run_at = null, status = 'DRAFT', approved_by_id = null, approved_at = null, updated_at = ${now().toISOString()} where id = ${params.id}`,
        );
        await audit(tx, request, 'Cancelled the schedule of a broadcast', params.id!, { status: { before: found.status, after: 'DRAFT' } });
      });
      return ok(await readBroadcast(ctx.db, params.id!));
    },

    async listChatbotDeliveries({ params, query }: In) {
      const q = query as z.infer<typeof DeliveryQuerySchema>;
      await readBroadcast(ctx.db, params.id!);
      const where = [sql`dl.broadcast_id = ${params.id}`];
      if (q.status) where.push(sql`dl.status = ${q.status}`);
      if (q.channel) where.push(sql`dl.channel = ${q.channel}`);
      if (q.q) {
        const like = `%${q.q.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
        where.push(sql`(lower(s.first_name || ' ' || s.last_name) like ${like} or lower(coalesce(s.email, '')) like ${like})`);
      }
      const cond = sql.join(where, sql` and `);
      const [{ count } = { count: 0 }] = await rows<{ count: number }>(
        ctx.db,
        sql`select count(*)::int as count from chatbot_deliveries dl join chatbot_subscribers s on s.id = dl.subscriber_id where ${cond}`,
      );
      const list = await rows<Record<string, unknown>>(
        ctx.db,
        sql`select dl.id as "_id", s.id as "subscriberId", trim(s.first_name || ' ' || s.last_name) as name, s.email, dl.channel, dl.status, dl.reason, dl.attempts, dl.sent_at as "sentAt"
            from chatbot_deliveries dl join chatbot_subscribers s on s.id = dl.subscriber_id
            where ${cond} order by s.last_name, s.first_name, s.id, dl.channel limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
      );
      return { status: 200, body: { rows: list.map((r) => ({ ...r, sentAt: isoOrNull(r.sentAt) })), count } };
    },

    async unsubscribeChatbot({ body }: In) {
      const { token } = body as { token: string };
      const id = subscriberOfToken(ctx.config.sessionSecret, token);
      if (!id) throw new HttpError(400, 'This unsubscribe link is not valid.');
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila' }).format(now());
      await ctx.db.execute(sql`update chatbot_subscribers set opted_out_at = ${today}, updated_at = ${now().toISOString()} where id = ${id} and opted_out_at is null`);
      return ok({ message: 'You are unsubscribed: you will not receive broadcasts from the campus chatbot any more.' });
    },
  } as unknown as ContractHandlers;
}
