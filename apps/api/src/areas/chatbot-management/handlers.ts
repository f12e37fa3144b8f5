import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AnswerUnansweredSchema, TranscriptQuerySchema } from '@campus/api-contract';
import { AudienceSchema, maskProfanity, placeholderProblem, redactPersonalData, type ChatbotSettings } from '@campus/domain-chatbot';
import { fieldErrorsOf } from '@campus/api-contract';
import { audienceCondition } from './audience.js';
import { personalise, RECIPIENT_COLUMNS, RECIPIENT_JOINS, type Recipient } from './recipients.js';
import { changesBetween, writeAudit } from '../../platform/audit/audit.js';
import { rows, type Db } from '../../platform/db/client.js';
import { HttpError } from '../../platform/http/errors.js';
import type { AreaContext, ContractHandlers } from '../../platform/area.js';
import { createRecord } from '../../resources/crud.js';
import { hashToken, MatcherCache, newToken, normalizeQuestion, personaOf, profanityWords, readSettings, type Persona } from './state.js';
import {
  CODE_REFUSED_MESSAGE,
  CODE_SENT_MESSAGE,
  CONFIRM_FIRST_REPLY,
  confirmChatCode,
  inboxOf,
  linkedSubscriberOf,
  optCommandOf,
  sendChatCode,
  setOptOut,
  START_REPLY,
  STOP_REPLY,
} from './chat-identity.js';

interface In {
  readonly params: Record<string, string>;
  readonly query: unknown;
  readonly body: unknown;
  readonly request: FastifyRequest;
}
const ok = <T>(data: T, status = 200) => ({ status, body: { data } });

interface StoredMessage {
  from: 'visitor' | 'bot';
  text: string;
  at: string;
  matched: boolean | null;
  score: number | null;
}

export function chatbotHandlers(ctx: AreaContext, matchers = new MatcherCache()): ContractHandlers {
  const now = () => ctx.config.now();

  /** What the bot answers to a message, and what it found. */
  async function answer(db: Db, message: string, settings: ChatbotSettings, persona: Persona) {
    const { matcher, answers } = await matchers.get(db);
    // The redaction placeholders are not words of the question.
    const result = matcher.match(message.replace(/\[(?:email|phone|id number)\]/g, ' '), settings.scoreThreshold);
    const reply = result.match ? (answers.get(result.match.id) ?? persona.fallback) : persona.fallback;
    return { result, reply };
  }

  async function conversationOf(db: Db, token: string) {
    const [found] = await rows<{ id: string; personaId: string | null; subscriberId: string | null }>(
      db,
      sql`select id, persona_id as "personaId", subscriber_id as "subscriberId" from chatbot_conversations where token_hash = ${hashToken(token)}`,
    );
    return found;
  }

  /** A new conversation under the default persona; returns it with its token (shown to the visitor only). */
  async function newConversation(db: Db, settings: ChatbotSettings, at: Date) {
    const token = newToken();
    const persona = await personaOf(db, settings);
    const [created] = await rows<{ id: string }>(
      db,
      sql`insert into chatbot_conversations (token_hash, persona_id, started_at, last_at) values (${hashToken(token)}, ${persona.id}, ${at.toISOString()}, ${at.toISOString()}) returning id`,
    );
    return { token, conversation: { id: created!.id, personaId: persona.id, subscriberId: null as string | null } };
  }

  /** The conversation as the visitor sees it: messages, and whom they proved to be with their inbox. */
  async function conversationAnswer(db: Db, token: string, persona: Persona, conversation: { id: string; subscriberId: string | null }) {
    const subscriber = await linkedSubscriberOf(db, conversation.subscriberId);
    return {
      token,
      persona: publicPersona(persona),
      messages: publicMessages(await messagesOf(db, conversation.id)),
      subscriber: subscriber ? { name: subscriber.name } : null,
      inbox: subscriber ? await inboxOf(db, subscriber.id) : [],
    };
  }

  async function messagesOf(db: Db, conversationId: string): Promise<StoredMessage[]> {
    return rows<StoredMessage>(
      db,
      sql`select sender as "from", body as text, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at, matched, score
          from chatbot_messages where conversation_id = ${conversationId} order by created_at, seq`,
    );
  }

  const publicPersona = (p: Persona) => ({ name: p.name, avatarUrl: p.avatarUrl, greeting: p.greeting });
  const publicMessages = (list: StoredMessage[]) => list.map(({ from, text, at }) => ({ from, text, at }));

  return {
    async tryChatbot({ body }: In) {
      const { message } = body as { message: string };
      const settings = await readSettings(ctx.db);
      const persona = await personaOf(ctx.db, settings);
      const { result, reply } = await answer(ctx.db, message, settings, persona);
      return ok({ ...result, reply, persona: persona.id ? persona.name : null });
    },

    async listChatbotUnanswered() {
      const list = await rows<Record<string, unknown>>(
        ctx.db,
        sql`select u.id as "_id", u.question, r.title as "bestTitle", u.best_score as "bestScore", u.count,
                   u.created_at as "createdAt", u.last_asked_at as "lastAskedAt"
            from chatbot_unanswered u left join chatbot_responses r on r.id = u.best_response_id
            order by u.count desc, u.last_asked_at desc limit 100`,
      );
      const data = list.map((r) => ({ ...r, createdAt: iso(r.createdAt), lastAskedAt: iso(r.lastAskedAt) }));
      return { status: 200, body: { rows: data, count: data.length } };
    },

    async answerChatbotUnanswered({ params, body, request }: In) {
      const input = body as z.infer<typeof AnswerUnansweredSchema>;
      const actor = ctx.actorOf(request);
      const service = ctx.resources.of('chatbot-responses');
      const created = await ctx.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const [question] = await rows<{ question: string }>(tx, sql`delete from chatbot_unanswered where id = ${params.id} returning question`);
        if (!question) throw new HttpError(404, 'This question is no longer in the unanswered queue.');
        const questions = [question.question, ...(input.questions ?? '').split('\n')].map((q) => q.trim()).filter(Boolean).join('\n');
        return createRecord(ctx.resources.depsOf('chatbot-responses', tx as never), service.model, {
          title: input.title,
          questions,
          answer: input.answer,
          category: input.category,
          isActive: true,
        }, actor);
      });
      return ok({ responseId: String(created._id) }, 201);
    },

    async dismissChatbotUnanswered({ params, request }: In) {
      const actor = ctx.actorOf(request);
      await ctx.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const [gone] = await rows<{ question: string }>(tx, sql`delete from chatbot_unanswered where id = ${params.id} returning question`);
        if (!gone) throw new HttpError(404, 'This question is no longer in the unanswered queue.');
        await writeAudit(tx, { actor, activity: 'Removed a question from the unanswered queue', resource: 'chatbot-unanswered', recordId: params.id, changes: { question: { before: gone.question, after: null } } }, now());
      });
      return ok({ message: 'Removed from the unanswered queue.' });
    },

    async getChatbotSettings() {
      return ok(await readSettings(ctx.db));
    },

    async updateChatbotSettings({ body, request }: In) {
      const actor = ctx.actorOf(request);
      const change = body as Partial<ChatbotSettings>;
      const settings = await ctx.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const before = await readSettings(tx);
        const after = { ...before, ...change };
        if (after.defaultPersonaId) {
          const [persona] = await rows<{ id: string }>(tx, sql`select id from chatbot_personas where id = ${after.defaultPersonaId} and is_active`);
          if (!persona) throw new HttpError(400, 'Choose an active persona.', { defaultPersonaId: ['Choose an active persona.'] });
        }
        if ((after.quietFrom === null) !== (after.quietTo === null)) {
          throw new HttpError(400, 'Enter both ends of the quiet hours, or neither.', { quietTo: ['Enter both ends of the quiet hours, or neither.'] });
        }
        await tx.execute(
          sql`insert into chatbot_settings (id, settings, updated_at) values (1, ${JSON.stringify(after)}::jsonb, ${now().toISOString()})
              on conflict (id) do update set settings = excluded.settings, updated_at = excluded.updated_at`,
        );
        await writeAudit(tx, { actor, activity: 'Changed the chatbot settings', resource: 'chatbot-settings', recordId: '1', changes: changesBetween(before, after) }, now());
        return after;
      });
      return ok(settings);
    },

    async listChatbotTranscripts({ query }: In) {
      const q = query as z.infer<typeof TranscriptQuerySchema>;
      const where = [sql`true`];
      if (q.q) where.push(sql`exists (select 1 from chatbot_messages s where s.conversation_id = c.id and lower(s.body) like ${'%' + likeEscape(q.q.toLowerCase()) + '%'})`);
      if (q.persona) where.push(sql`c.persona_id = ${q.persona}`);
      if (q.subscriber) where.push(sql`c.subscriber_id = ${q.subscriber}`);
      if (q.from) where.push(sql`c.last_at >= ${q.from}::date`);
      if (q.to) where.push(sql`c.started_at < ${q.to}::date + 1`);
      if (q.outcome === 'unanswered') where.push(sql`exists (select 1 from chatbot_messages s where s.conversation_id = c.id and s.matched = false)`);
      if (q.outcome === 'matched') where.push(sql`not exists (select 1 from chatbot_messages s where s.conversation_id = c.id and s.matched = false)`);
      const cond = sql.join(where, sql` and `);
      const [{ count } = { count: 0 }] = await rows<{ count: number }>(ctx.db, sql`select count(*)::int as count from chatbot_conversations c where ${cond}`);
      const list = await rows<Record<string, unknown>>(ctx.db, sql`${transcriptSelect} where ${cond} order by c.last_at desc, c.id limit ${q.limit} offset ${(q.page - 1) * q.limit}`);
      return { status: 200, body: { rows: list.map(transcriptRow), count } };
    },

    async getChatbotTranscript({ params }: In) {
      const [found] = await rows<Record<string, unknown>>(ctx.db, sql`${transcriptSelect} where c.id = ${params.id}`);
      if (!found) throw new HttpError(404, 'This page could not be found');
      return ok({ ...transcriptRow(found), messages: await messagesOf(ctx.db, params.id!) });
    },

    async matchChatbotSubscribers({ body }: In) {
      const emails = [...new Set((body as { emails: string[] }).emails.filter((e) => e.length > 0))];
      const found = await rows<{ id: string; email: string }>(
        ctx.db,
        sql`select s.id, lower(s.email) as email from chatbot_subscribers s
            where s.is_active and lower(s.email) in (select json_array_elements_text(${JSON.stringify(emails)}::json))
            order by s.last_name, s.first_name, s.id`,
      );
      const known = new Set(found.map((f) => f.email));
      return ok({ ids: found.map((f) => f.id), unknown: emails.filter((e) => !known.has(e)) });
    },

    async previewChatbotAudience({ body }: In) {
      const input = body as { audience: unknown; ids?: unknown; message?: string };
      const parsed = AudienceSchema.safeParse({ audience: input.audience, ids: input.ids ?? [] });
      if (!parsed.success) {
        const fieldErrors = fieldErrorsOf(parsed.error);
        const first = Object.values(fieldErrors)[0]?.[0] ?? 'Choose an audience.';
        throw new HttpError(400, first, fieldErrors);
      }
      const problem = input.message ? placeholderProblem(input.message) : null;
      if (problem) throw new HttpError(400, problem, { message: [problem] });
      const where = audienceCondition(parsed.data);
      const [counts] = await rows<{ recipients: number; optedOut: number; withEmail: number }>(
        ctx.db,
        sql`select count(*) filter (where s.opted_out_at is null)::int as recipients, count(*) filter (where s.opted_out_at is not null)::int as "optedOut",
                   count(*) filter (where s.opted_out_at is null and s.email is not null)::int as "withEmail"
            from chatbot_subscribers s where ${where}`,
      );
      const [sample] = await rows<Recipient>(
        ctx.db,
        sql`select ${RECIPIENT_COLUMNS} from chatbot_subscribers s ${RECIPIENT_JOINS}
            where ${where} and s.opted_out_at is null order by s.last_name, s.first_name, s.id limit 1`,
      );
      const preview = sample && input.message ? personalise(input.message, sample, now()) : null;
      return ok({
        recipients: counts?.recipients ?? 0,
        optedOut: counts?.optedOut ?? 0,
        withEmail: counts?.withEmail ?? 0,
        sample: sample ? { _id: sample._id, name: `${sample.fname} ${sample.lname}`, email: sample.email } : null,
        preview,
      });
    },

    async startChatbotChat({ query }: In) {
      const { token } = query as { token?: string };
      const settings = await readSettings(ctx.db);
      const conversation = token ? await conversationOf(ctx.db, token) : undefined;
      const persona = await personaOf(ctx.db, settings, conversation?.personaId);
      if (!conversation) return ok({ token: '', persona: publicPersona(persona), messages: [], subscriber: null, inbox: [] });
      return ok(await conversationAnswer(ctx.db, token!, persona, conversation));
    },

    async identifyChatbotChat({ body, request }: In) {
      const input = body as { token?: string; email: string };
      const settings = await readSettings(ctx.db);
      const at = now();
      let token = input.token ?? '';
      let conversation = token ? await conversationOf(ctx.db, token) : undefined;
      if (!conversation) ({ token, conversation } = await newConversation(ctx.db, settings, at));
      const conversationId = conversation.id;
      const log = request.log;
      ctx.afterAnswer.run('web chat code', () => sendChatCode(ctx, conversationId, input.email, log));
      return ok({ token, message: CODE_SENT_MESSAGE });
    },

    async confirmChatbotChat({ body, request }: In) {
      const input = body as { token: string; code: string };
      const settings = await readSettings(ctx.db);
      // A refusal is answered after the transaction commits: the wrong try it counted must stay counted.
      const answered = await ctx.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const conversation = await conversationOf(tx, input.token);
        const linked = conversation ? await confirmChatCode(tx, conversation.id, input.code, ctx.config.sessionSecret, now(), request.ip) : null;
        if (!conversation || !linked) return null;
        const persona = await personaOf(tx, settings, conversation.personaId);
        return conversationAnswer(tx, input.token, persona, { id: conversation.id, subscriberId: linked });
      });
      if (!answered) throw new HttpError(400, CODE_REFUSED_MESSAGE, { code: [CODE_REFUSED_MESSAGE] });
      return ok(answered);
    },

    async forgetChatbotChat({ body }: In) {
      const { token } = body as { token: string };
      const settings = await readSettings(ctx.db);
      const conversation = await conversationOf(ctx.db, token);
      if (!conversation) throw new HttpError(404, 'There is no such conversation.');
      await ctx.db.execute(sql`update chatbot_conversations set subscriber_id = null where id = ${conversation.id}`);
      const persona = await personaOf(ctx.db, settings, conversation.personaId);
      return ok(await conversationAnswer(ctx.db, token, persona, { id: conversation.id, subscriberId: null }));
    },

    async sendChatbotChat({ body, request }: In) {
      const input = body as { token?: string; message: string };
      const settings = await readSettings(ctx.db);
      const words = await profanityWords(ctx.db);
      const stored = maskProfanity(redactPersonalData(input.message), words).text;
      return ctx.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        let conversation = input.token ? await conversationOf(tx, input.token) : undefined;
        let token = input.token ?? '';
        const at = now();
        if (!conversation) ({ token, conversation } = await newConversation(tx, settings, at));
        const persona = await personaOf(tx, settings, conversation.personaId);
        // STOP and START are commands, not questions: they change the subscriber's opt-out once they proved who they are.
        const command = optCommandOf(input.message);
        if (command) {
          if (conversation.subscriberId) await setOptOut(tx, conversation.subscriberId, command, at, request.ip);
          const commandReply = !conversation.subscriberId ? CONFIRM_FIRST_REPLY : command === 'stop' ? STOP_REPLY : START_REPLY;
          await tx.execute(sql`insert into chatbot_messages (conversation_id, sender, body, created_at) values (${conversation.id}, 'visitor', ${stored}, ${at.toISOString()})`);
          await tx.execute(sql`insert into chatbot_messages (conversation_id, sender, body, created_at) values (${conversation.id}, 'bot', ${commandReply}, ${at.toISOString()})`);
          await tx.execute(sql`update chatbot_conversations set last_at = ${at.toISOString()} where id = ${conversation.id}`);
          return ok(await conversationAnswer(tx, token, persona, conversation));
        }
        const { result, reply } = await answer(tx, stored, settings, persona);
        const replyText = maskProfanity(reply, words).text;
        await tx.execute(sql`insert into chatbot_messages (conversation_id, sender, body, created_at) values (${conversation.id}, 'visitor', ${stored}, ${at.toISOString()})`);
        await tx.execute(
          sql`insert into chatbot_messages (conversation_id, sender, body, matched, response_id, score, created_at)
              values (${conversation.id}, 'bot', ${replyText}, ${result.match !== null}, ${result.match?.id ?? null}, ${result.best?.score ?? null}, ${at.toISOString()})`,
        );
        await tx.execute(sql`update chatbot_conversations set last_at = ${at.toISOString()} where id = ${conversation.id}`);
        if (!result.match) {
          await tx.execute(
            sql`insert into chatbot_unanswered (question, normalized, best_response_id, best_score, created_at, last_asked_at)
                values (${stored}, ${normalizeQuestion(stored)}, ${result.best?.id ?? null}, ${result.best?.score ?? null}, ${at.toISOString()}, ${at.toISOString()})
                on conflict (normalized) do update set count = chatbot_unanswered.count + 1, last_asked_at = excluded.last_asked_at,
                  best_response_id = excluded.best_response_id, best_score = excluded.best_score`,
          );
        }
        return ok(await conversationAnswer(tx, token, persona, conversation));
      });
    },
  } as unknown as ContractHandlers;
}

const transcriptSelect = sql`select c.id as "_id", p.name as persona, c.started_at as "startedAt", c.last_at as "lastAt",
  c.subscriber_id as "subscriberId", (select s.first_name || ' ' || s.last_name from chatbot_subscribers s where s.id = c.subscriber_id) as subscriber,
  (select count(*)::int from chatbot_messages m where m.conversation_id = c.id) as "messageCount",
  (select count(*)::int from chatbot_messages m where m.conversation_id = c.id and m.matched = false) as unanswered,
  coalesce((select m.body from chatbot_messages m where m.conversation_id = c.id and m.sender = 'visitor' order by m.created_at, m.seq limit 1), '') as preview
  from chatbot_conversations c left join chatbot_personas p on p.id = c.persona_id`;

function transcriptRow(r: Record<string, unknown>) {
  return { ...r, startedAt: iso(r.startedAt), lastAt: iso(r.lastAt) };
}

function iso(value: unknown): string {
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

