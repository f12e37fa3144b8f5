import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { REPORT_TIME_ZONE, resolveRange, WEEKLY_EMAIL_PAGES, type WeeklyEmailPage } from '@campus/api-contract';
import { rows, type Db } from '../../platform/db/client.js';
import type { AreaContext } from '../../platform/area.js';
import { defineJobType } from '../../platform/jobs/types.js';
import type { Mailer } from '../../platform/auth/mailer.js';
import { chatbotReport } from './chatbot.js';
import type { Period } from './sql.js';
import { supportReport } from './support.js';

/** Every Monday at 07:00 in Manila: the week just ended (Monday to Sunday) against the week before. */
export const REPORTS_WEEKLY_EMAIL_SCHEDULE = {
  name: 'Weekly report email',
  type: 'reports-weekly-email',
  cron: '0 7 * * 1',
  timeZone: 'Asia/Manila',
  missedRunPolicy: 'skip',
} as const;

const PAGE_TITLES: Record<WeeklyEmailPage, string> = { support: 'Support', chatbot: 'Chatbot' };

export interface Recipient {
  id: string;
  email: string;
  name: string;
}

/** The recipients of each page's weekly email: users still active with the REPORTS application. */
export async function recipientsOf(db: Db): Promise<Record<WeeklyEmailPage, Recipient[]>> {
  const found = await rows<Recipient & { page: WeeklyEmailPage }>(
    db,
    sql`select r.page, u.id, u.email,
          coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.email) as name
        from reports_email_recipients r join users u on u.id = r.user_id
        where u.is_active and 'REPORTS' = any(u.admin_scopes)
        order by r.page, u.email`,
  );
  const pages = Object.fromEntries(WEEKLY_EMAIL_PAGES.map((p) => [p, [] as Recipient[]])) as Record<WeeklyEmailPage, Recipient[]>;
  for (const { page, ...r } of found) pages[page]?.push(r);
  return pages;
}

/** Who may be chosen: active users with the REPORTS application. */
export async function candidatesOf(db: Db): Promise<Recipient[]> {
  return rows<Recipient>(
    db,
    sql`select u.id, u.email, coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.email) as name
        from users u where u.is_active and 'REPORTS' = any(u.admin_scopes) order by u.email limit 500`,
  );
}

/** Each page's recipients and who may be chosen. */
export async function weeklyEmailSettings(db: Db) {
  const [pages, candidates] = await Promise.all([recipientsOf(db), candidatesOf(db)]);
  return { pages, candidates };
}

/** Replaces a page's recipients; the users that cannot receive it (unknown, inactive, without REPORTS) are refused. */
export async function setRecipients(db: Db, page: WeeklyEmailPage, userIds: readonly string[]): Promise<{ refused: string[] }> {
  const ids = [...new Set(userIds)];
  const allowed = ids.length
    ? await rows<{ id: string }>(
        db,
        sql`select id from users where id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}) and is_active and 'REPORTS' = any(admin_scopes)`,
      )
    : [];
  const ok = new Set(allowed.map((r) => r.id));
  const refused = ids.filter((id) => !ok.has(id));
  if (refused.length) return { refused };
  await db.execute(sql`delete from reports_email_recipients where page = ${page}`);
  for (const id of ids) await db.execute(sql`insert into reports_email_recipients (page, user_id) values (${page}, ${id})`);
  return { refused: [] };
}

type Line = { label: string; value: number | null; previous: number | null; unit: 'count' | 'minutes' | 'percent' };

function shown(unit: Line['unit'], v: number | null): string {
  if (v === null) return '—';
  if (unit === 'percent') return `${Math.round(v * 1000) / 10}%`;
  if (unit === 'minutes') return v >= 120 ? `${Math.round((v / 60) * 10) / 10} h` : `${Math.round(v)} min`;
  return String(v);
}

/** A page's key figures for a week, each with the week before. */
export async function weeklyLines(db: Db, page: WeeklyEmailPage, week: Period, before: Period): Promise<Line[]> {
  if (page === 'support') {
    const r = await supportReport(db, { tz: REPORT_TIME_ZONE }, week, before);
    const s = r.summary;
    const p = r.previousSummary;
    return [
      { label: 'Tickets created', value: s.created, previous: p.created, unit: 'count' },
      { label: 'Tickets resolved', value: s.resolved, previous: p.resolved, unit: 'count' },
      { label: 'Backlog at end of period', value: s.backlog, previous: p.backlog, unit: 'count' },
      { label: 'Median first response (business hours)', value: s.medianFirstResponseMinutes, previous: p.medianFirstResponseMinutes, unit: 'minutes' },
      { label: 'Median resolution time (business hours)', value: s.medianResolutionMinutes, previous: p.medianResolutionMinutes, unit: 'minutes' },
      { label: 'SLA breach rate', value: s.breachRate, previous: p.breachRate, unit: 'percent' },
    ];
  }
  const r = await chatbotReport(db, { tz: REPORT_TIME_ZONE }, week, before);
  const s = r.summary;
  const p = r.previousSummary;
  return [
    { label: 'Conversations', value: s.conversations, previous: p.conversations, unit: 'count' },
    { label: 'Questions asked', value: s.questions, previous: p.questions, unit: 'count' },
    { label: 'Answered rate', value: s.answeredRate, previous: p.answeredRate, unit: 'percent' },
    { label: 'Unanswered questions', value: s.unanswered, previous: p.unanswered, unit: 'count' },
    { label: 'New subscribers', value: s.subscribersJoined, previous: p.subscribersJoined, unit: 'count' },
    { label: 'Subscribers opted out', value: s.subscribersOptedOut, previous: p.subscribersOptedOut, unit: 'count' },
    { label: 'Broadcasts sent', value: s.broadcasts, previous: p.broadcasts, unit: 'count' },
    { label: 'Messages delivered', value: s.delivered, previous: p.delivered, unit: 'count' },
    { label: 'Deliveries failed', value: s.failed, previous: p.failed, unit: 'count' },
  ];
}

/** The week just ended before `now` in Manila: Monday to Sunday, and the week before it. */
export function lastWeek(now: Date): { week: Period; before: Period } {
  const today = resolveRange({ preset: 'today' }, REPORT_TIME_ZONE, now);
  if ('error' in today) throw new Error(today.error);
  const DAY = 86_400_000;
  const t = Date.parse(`${today.from}T00:00:00Z`);
  const weekday = (new Date(t).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const monday = t - (weekday + 7) * DAY;
  return { week: { from: iso(monday), to: iso(monday + 6 * DAY) }, before: { from: iso(monday - 7 * DAY), to: iso(monday - DAY) } };
}

/** The email of one page's figures for one recipient. */
export function weeklyMessage(page: WeeklyEmailPage, to: Recipient, week: Period, lines: Line[], consoleUrl: string) {
  const title = PAGE_TITLES[page];
  const link = `${consoleUrl}/app/analytics/${page}?preset=custom&from=${week.from}&to=${week.to}`;
  const text = [
    `Hello ${to.name},`,
    '',
    `${title} from ${week.from} to ${week.to} (Asia/Manila), against the week before:`,
    '',
    ...lines.map((l) => `${l.label}: ${shown(l.unit, l.value)} (week before: ${shown(l.unit, l.previous)})`),
    '',
    `The charts, drill-downs and exports: ${link}`,
    '',
    'You receive this every Monday because an administrator chose you on the report page; ask them to take you off.',
  ].join('\n');
  return { to: to.email, subject: `${title} report, week of ${week.from}`, text };
}

/** Sends every page's weekly figures to its recipients; returns how many emails went and how many failed. */
export async function sendWeekly(db: Db, mailer: Mailer, now: Date, consoleUrl: string, log: (m: string) => Promise<void>) {
  const { week, before } = lastWeek(now);
  const pages = await recipientsOf(db);
  let done = 0;
  let failed = 0;
  for (const page of WEEKLY_EMAIL_PAGES) {
    if (!pages[page].length) continue;
    const lines = await weeklyLines(db, page, week, before);
    for (const r of pages[page]) {
      try {
        await mailer.send(weeklyMessage(page, r, week, lines, consoleUrl));
        done += 1;
      } catch (error) {
        failed += 1;
        await log(`The ${page} report to ${r.email} could not be sent: ${(error as Error).message}`);
      }
    }
  }
  await log(`Sent ${done} weekly report emails for ${week.from} to ${week.to}${failed ? `; ${failed} failed` : ''}.`);
  return { done, failed };
}

export const reportsWeeklyEmailJob = (ctx: AreaContext) =>
  defineJobType({
    name: 'reports-weekly-email',
    title: 'Weekly KPI email',
    params: z.object({}).passthrough(),
    concurrency: 1,
    // A retry would send the week's email twice to those it reached; a failed run is read in its log.
    retryLimit: 0,
    timeoutSeconds: 600,
    handler: async (job) => {
      const counts = await sendWeekly(job.db, ctx.mailer, job.now(), (ctx.config.consoleUrl ?? 'http://127.0.0.1:3000').replace(/\/+$/, ''), (m) => job.log(m));
      await job.progress(counts.done, counts.failed);
    },
  });
