import { sql, type SQL } from 'drizzle-orm';
import type { ChatbotBroadcastFigures, ChatbotReportQuery } from '@campus/api-contract';
import { OPTED_OUT_REASON } from '@campus/domain-chatbot';
import { rows, type Db } from '../../platform/db/client.js';
import { dayBounds, periodDay, type Period } from './sql.js';

/** How many questions the top lists show. */
export const TOP_QUESTIONS = 10;

/**
 * The period's questions, read once: each reply of the bot in the period (matched: answered by a response; not
 * matched: the fallback) with the visitor's message it answered (written in the same request, at the same instant),
 * and that question lower-cased with spaces collapsed (as the unanswered queue counts the same question asked again).
 */
function askedSet(period: Period, tz: string, withDays: boolean): SQL {
  const { start, end } = dayBounds(period, tz);
  const day = withDays ? sql`${periodDay(sql`b.created_at`, period, tz)} as day, ` : sql``;
  return sql`asked as materialized (
      select ${day}b.created_at as at, b.matched, b.response_id, coalesce(v.body, '') as question,
             lower(regexp_replace(btrim(coalesce(v.body, '')), '\\s+', ' ', 'g')) as normalized
      from chatbot_messages b
      left join lateral (select m.body from chatbot_messages m
                         where m.conversation_id = b.conversation_id and m.sender = 'visitor' and m.created_at = b.created_at
                         order by m.seq desc limit 1) v on true
      where b.sender = 'bot' and b.matched is not null and b.created_at >= ${start} and b.created_at < ${end}),
    started as materialized (
      select ${withDays ? sql`${periodDay(sql`c.started_at`, period, tz)} as day` : sql`1 as one`}
      from chatbot_conversations c where c.started_at >= ${start} and c.started_at < ${end})`;
}

/** Subscribers (active records) who joined in the period, by the instant their record was made. */
const joinedIn = (period: Period, tz: string) => {
  const { start, end } = dayBounds(period, tz);
  return sql`(select count(*)::int from chatbot_subscribers s where s.is_active and s.created_at >= ${start} and s.created_at < ${end})`;
};
/** Subscribers (active records) who opted out on a day of the period (the opt-out is a calendar date). */
const optedOutIn = (period: Period) =>
  sql`(select count(*)::int from chatbot_subscribers s where s.is_active and s.opted_out_at >= ${period.from}::date and s.opted_out_at <= ${period.to}::date)`;

/**
 * The broadcasts whose sending began in the period, with their deliveries counted by outcome: delivered (sent),
 * failed, skipped for another reason, skipped because the recipient opted out, and still queued or sending.
 */
function sentSet(period: Period, tz: string): SQL {
  const { start, end } = dayBounds(period, tz);
  return sql`sent as materialized (
      select b.id, b.subject, b.started_at,
             count(d.id) filter (where d.status = 'SENT')::int as delivered,
             count(d.id) filter (where d.status = 'FAILED')::int as failed,
             count(d.id) filter (where d.status = 'SKIPPED' and d.reason is distinct from ${OPTED_OUT_REASON})::int as skipped,
             count(d.id) filter (where d.status = 'SKIPPED' and d.reason = ${OPTED_OUT_REASON})::int as opted_out,
             count(d.id) filter (where d.status in ('QUEUED', 'SENDING'))::int as pending
      from chatbot_broadcasts b left join chatbot_deliveries d on d.broadcast_id = b.id
      where b.started_at >= ${start} and b.started_at < ${end}
      group by b.id)`;
}

const summaryOf = (period: Period, tz: string) => sql`json_build_object(
    'broadcasts', (select count(*) from sent)::int,
    'delivered', (select coalesce(sum(delivered), 0) from sent)::int,
    'failed', (select coalesce(sum(failed), 0) from sent)::int,
    'conversations', (select count(*) from started)::int,
    'questions', (select count(*) from asked)::int,
    'answered', (select count(*) filter (where matched) from asked)::int,
    'unanswered', (select count(*) filter (where not matched) from asked)::int,
    'subscribersJoined', ${joinedIn(period, tz)},
    'subscribersOptedOut', ${optedOutIn(period)})`;

interface SummaryRow {
  /** Broadcasts whose sending began in the period, and their deliveries that arrived or failed. */
  broadcasts: number;
  delivered: number;
  failed: number;
  conversations: number;
  questions: number;
  answered: number;
  unanswered: number;
  subscribersJoined: number;
  subscribersOptedOut: number;
}

export interface ChatbotSummary extends SummaryRow {
  /** Answered ÷ questions, 0–1; null when nobody asked anything. */
  answeredRate: number | null;
}

const summaryFrom = (row: SummaryRow): ChatbotSummary => ({ ...row, answeredRate: row.questions ? row.answered / row.questions : null });

/** The most asked questions of `asked` (those `where` keeps), worded as last asked, with how often each was answered. */
const topOf = (where: string) =>
  sql.raw(`(select coalesce(json_agg(json_build_object('question', t.question, 'asked', t.asked, 'answered', t.answered)
      order by t.asked desc, t.normalized), '[]')
    from (select normalized, (array_agg(question order by at desc))[1] as question, count(*)::int as asked,
                 count(*) filter (where matched)::int as answered
          from asked where normalized <> '' ${where} group by normalized
          order by count(*) desc, normalized limit ${TOP_QUESTIONS}) t)`);

/**
 * The Chatbot page: conversations and questions per day, answered and unanswered, the top questions, the active
 * responses no reply used in the period (with when each was last used, if ever), subscribers per day, and the
 * broadcasts sent in the period with their deliveries by outcome.
 */
export async function chatbotReport(db: Db, query: ChatbotReportQuery, period: Period, previous: Period) {
  const tz = query.tz;
  const current = rows<{
    report: {
      summary: SummaryRow;
      perDay: { day: string; conversations: number; answered: number; unanswered: number }[];
      topQuestions: { question: string; asked: number; answered: number }[];
      topUnanswered: { question: string; asked: number; answered: number }[];
      unused: { id: string; title: string; category: string; lastUsedAt: string | null }[];
      subscribers: { day: string; joined: number; optedOut: number; total: number }[];
      broadcasts: ChatbotBroadcastFigures[];
    };
  }>(
    db,
    sql`with ${askedSet(period, tz, true)}, ${sentSet(period, tz)},
        days as (select generate_series(${period.from}::date, ${period.to}::date, interval '1 day')::date as day)
        select json_build_object(
          'summary', ${summaryOf(period, tz)},
          'perDay', (select json_agg(json_build_object('day', to_char(d.day, 'YYYY-MM-DD'), 'conversations', coalesce(c.n, 0),
                        'answered', coalesce(a.answered, 0), 'unanswered', coalesce(a.unanswered, 0)) order by d.day)
                     from days d
                     left join (select day, count(*)::int as n from started group by day) c on c.day = d.day
                     left join (select day, count(*) filter (where matched)::int as answered,
                                  count(*) filter (where not matched)::int as unanswered from asked group by day) a on a.day = d.day),
          'topQuestions', ${topOf('')},
          'topUnanswered', ${topOf('and not matched')},
          'unused', (select coalesce(json_agg(json_build_object('id', r.id, 'title', r.title, 'category', r.category,
                        'lastUsedAt', (select to_char(max(m.created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
                                       from chatbot_messages m where m.response_id = r.id and m.sender = 'bot'))
                        order by r.title), '[]')
                     from chatbot_responses r
                     where r.is_active and not exists (select 1 from asked a where a.response_id = r.id and a.matched)),
          -- Joined: records made that day; opted out: the opt-out date; total: reachable at the end of the day.
          'subscribers', (select json_agg(json_build_object('day', to_char(d.day, 'YYYY-MM-DD'),
                             'joined', (select count(*) from chatbot_subscribers s where s.is_active
                                          and s.created_at >= (d.day::timestamp at time zone ${tz})
                                          and s.created_at < ((d.day + 1)::timestamp at time zone ${tz}))::int,
                             'optedOut', (select count(*) from chatbot_subscribers s where s.is_active and s.opted_out_at = d.day)::int,
                             'total', (select count(*) from chatbot_subscribers s where s.is_active
                                          and s.created_at < ((d.day + 1)::timestamp at time zone ${tz})
                                          and (s.opted_out_at is null or s.opted_out_at > d.day))::int) order by d.day)
                          from days d),
          'broadcasts', (select coalesce(json_agg(json_build_object('id', t.id, 'subject', t.subject,
                            'startedAt', to_char(t.started_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
                            'delivered', t.delivered, 'failed', t.failed, 'skipped', t.skipped, 'optedOut', t.opted_out,
                            'pending', t.pending) order by t.started_at, t.id), '[]')
                         from sent t)) as report`,
  );
  const before = rows<{ summary: SummaryRow }>(
    db,
    sql`with ${askedSet(previous, tz, false)}, ${sentSet(previous, tz)} select ${summaryOf(previous, tz)} as summary`,
  );
  const [[now], [then]] = await Promise.all([current, before]);
  const report = now!.report;
  return {
    period,
    previous,
    summary: summaryFrom(report.summary),
    previousSummary: summaryFrom(then!.summary),
    perDay: report.perDay,
    topQuestions: report.topQuestions,
    topUnanswered: report.topUnanswered,
    responsesNeverUsed: report.unused,
    subscribers: report.subscribers,
    broadcasts: report.broadcasts,
  };
}

