import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { TICKET_CHANNELS, TICKET_PRIORITIES, TICKET_STATES } from '@campus/domain-support';
import { guardedRouter } from './access.js';
import { CORE_BASE } from './crud.js';
import { ErrorBodySchema } from './errors.js';

const c = initContract();
const BASE = `${CORE_BASE}/reports`;
const REPORTS = { application: 'REPORTS' } as const;
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

/** The time zone of every report unless a page sets another. */
export const REPORT_TIME_ZONE = 'Asia/Manila';
export const RANGE_PRESETS = ['today', '7d', '30d', '90d', 'term', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
export const RANGE_PRESET_LABELS: Readonly<Record<RangePreset, string>> = {
  today: 'Today',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  term: 'This term',
  custom: 'Custom',
};
/** The longest range a report answers, so a typo cannot ask for centuries of days. */
export const MAX_RANGE_DAYS = 400;

const blank = (v: unknown) => (v === '' ? undefined : v);
const date = z.preprocess(blank, z.string().date('Enter a date as yyyy-mm-dd.').optional());
const optionalId = z.preprocess(blank, z.string().uuid('Choose from the list.').optional());
const timeZone = z.preprocess(
  blank,
  z
    .string()
    .max(64)
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'Choose a known time zone.')
    .default(REPORT_TIME_ZONE),
);

/** A report's period: calendar days `from`–`to` (both included) in `tz`; the last 30 days when absent. */
const RangeSchema = z.object({ from: date, to: date, tz: timeZone });

const day = (text: string) => Date.parse(`${text}T00:00:00Z`);
const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Today's calendar date in a time zone. */
export function todayIn(timeZoneName: string, now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timeZoneName, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export interface ResolvedRange {
  readonly from: string;
  readonly to: string;
  readonly days: number;
  /** The period of the same length just before. */
  readonly previous: { readonly from: string; readonly to: string };
}

/** The term under way in the academic calendar: its first and last days. */
export interface CurrentTerm {
  readonly code: string;
  readonly description: string;
  readonly from: string;
  readonly to: string;
}

export const NO_CURRENT_TERM = 'No term of the academic calendar has started with start and end dates; choose another period.';

/**
 * The days a preset (or a custom `from`–`to`) covers, and the previous period of the same length. `term` is the
 * current term of the academic calendar (the `term` preset needs it).
 */
export function resolveRange(
  input: { preset?: string | null; from?: string | null; to?: string | null; term?: CurrentTerm | null },
  timeZoneName: string,
  now: Date,
): ResolvedRange | { error: string } {
  const today = todayIn(timeZoneName, now);
  let from: string;
  let to: string;
  const preset = input.preset || (input.from || input.to ? 'custom' : '30d');
  if (preset === 'custom') {
    from = input.from || input.to || today;
    to = input.to || input.from || today;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to) || Number.isNaN(day(from)) || Number.isNaN(day(to)))
      return { error: 'Enter a date as yyyy-mm-dd.' };
  } else if (preset === 'term') {
    if (!input.term) return { error: NO_CURRENT_TERM };
    from = input.term.from;
    to = input.term.to;
  } else {
    const length = preset === 'today' ? 1 : preset === '7d' ? 7 : preset === '90d' ? 90 : 30;
    to = today;
    from = isoDay(day(today) - (length - 1) * DAY);
  }
  if (day(from) > day(to)) return { error: 'The start date must not be after the end date.' };
  const days = Math.round((day(to) - day(from)) / DAY) + 1;
  if (days > MAX_RANGE_DAYS) return { error: `Choose at most ${MAX_RANGE_DAYS} days.` };
  return { from, to, days, previous: { from: isoDay(day(from) - days * DAY), to: isoDay(day(from) - DAY) } };
}

export const AuditReportQuerySchema = RangeSchema.extend({
  actor: z.string().trim().max(254).optional(),
  resource: z.string().trim().max(100).optional(),
  recordId: z.string().trim().max(100).optional(),
  activity: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type AuditReportQuery = z.infer<typeof AuditReportQuerySchema>;

export const SupportReportQuerySchema = RangeSchema.extend({ officeId: optionalId, teamId: optionalId, categoryV2Id: optionalId });
export type SupportReportQuery = z.infer<typeof SupportReportQuerySchema>;

/** One broadcast of the Chatbot report's period and its deliveries by outcome (the API's answer, the console's chart). */
export interface ChatbotBroadcastFigures {
  id: string;
  subject: string;
  startedAt: string;
  delivered: number;
  failed: number;
  skipped: number;
  optedOut: number;
  pending: number;
}

/** The Chatbot report: the period only (the bot's figures have no office or team). */
export const ChatbotReportQuerySchema = RangeSchema;
export type ChatbotReportQuery = z.infer<typeof ChatbotReportQuerySchema>;

/** The report pages whose key figures can be emailed every Monday. */
export const WEEKLY_EMAIL_PAGES = ['support', 'chatbot'] as const;
export type WeeklyEmailPage = (typeof WEEKLY_EMAIL_PAGES)[number];
export const WeeklyEmailInputSchema = z
  .object({
    page: z.enum(WEEKLY_EMAIL_PAGES),
    userIds: z.array(z.string().uuid('Choose from the list.')).max(50, 'Choose at most 50 people.'),
  })
  .strict();

export const TICKET_REPORT_SORTS = ['createdAt', 'reference', 'state', 'priority', 'firstResponseMinutes', 'resolutionMinutes'] as const;
export const TicketReportQuerySchema = SupportReportQuerySchema.extend({
  state: z.preprocess(blank, z.enum(TICKET_STATES).optional()),
  priority: z.preprocess(blank, z.enum(TICKET_PRIORITIES).optional()),
  channel: z.preprocess(blank, z.enum(TICKET_CHANNELS).optional()),
  assigneeId: optionalId,
  /** Tickets resolved on this day (a bar of the resolved series), whatever day they were created. */
  resolvedOn: date,
  breached: z.preprocess(blank, z.enum(['yes', 'no']).optional()),
  open: z.preprocess(blank, z.enum(['yes']).optional()),
  sort: z.preprocess(blank, z.enum(TICKET_REPORT_SORTS).default('createdAt')),
  dir: z.preprocess(blank, z.enum(['asc', 'desc']).default('desc')),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(1000).default(25),
});
export type TicketReportQuery = z.infer<typeof TicketReportQuerySchema>;

const any = z.any();

/** Analytics and Reports: the audit-trail viewer and the report pages' figures, each counted by the database. */
export const reportsContract = c.router(
  guardedRouter({
    auditTrails: {
      method: 'GET',
      path: `${BASE}/audit-trails`,
      query: AuditReportQuerySchema,
      responses: { 200: any, ...errors },
      summary: 'Audited actions filtered by actor, resource, record, activity and days, with actions per day',
      metadata: REPORTS,
    },
    exportAuditTrails: {
      method: 'GET',
      path: `${BASE}/audit-trails/export`,
      query: AuditReportQuerySchema.omit({ page: true, limit: true }),
      responses: { 200: z.object({ data: z.object({ csv: z.string(), rows: z.number() }) }), ...errors },
      summary: 'The filtered audit trail as CSV (secrets left out)',
      metadata: REPORTS,
    },
    auditTrail: {
      method: 'GET',
      path: `${BASE}/audit-trails/:id`,
      pathParams: z.object({ id: z.string().max(64) }),
      responses: { 200: any, ...errors },
      summary: 'One audited action with its field-level before/after values',
      metadata: REPORTS,
    },
    chatbot: {
      method: 'GET',
      path: `${BASE}/chatbot`,
      query: ChatbotReportQuerySchema,
      responses: { 200: any, ...errors },
      summary: 'Conversations per day, answered and unanswered questions, top questions, responses never used, subscriber growth',
      metadata: REPORTS,
    },
    currentTerm: {
      method: 'GET',
      path: `${BASE}/current-term`,
      query: z.object({ tz: timeZone }),
      responses: { 200: z.object({ data: z.object({ code: z.string(), description: z.string(), from: z.string(), to: z.string() }).nullable() }), ...errors },
      summary: 'The term under way in the academic calendar (the "This term" period of the report pages)',
      metadata: REPORTS,
    },
    weeklyEmail: {
      method: 'GET',
      path: `${BASE}/weekly-email`,
      responses: { 200: any, ...errors },
      summary: 'Who receives each report page’s key figures by email every Monday',
      metadata: REPORTS,
    },
    setWeeklyEmail: {
      method: 'PUT',
      path: `${BASE}/weekly-email`,
      body: WeeklyEmailInputSchema,
      responses: { 200: any, ...errors },
      summary: 'Choose who receives a report page’s key figures by email every Monday (people with Analytics and Reports)',
      metadata: REPORTS,
    },
    support: {
      method: 'GET',
      path: `${BASE}/support`,
      query: SupportReportQuerySchema,
      responses: { 200: any, ...errors },
      summary: 'Tickets created and resolved per day, backlog, response and resolution medians, SLA breaches, workload',
      metadata: REPORTS,
    },
    tickets: {
      method: 'GET',
      path: `${BASE}/tickets`,
      query: TicketReportQuerySchema,
      responses: { 200: any, ...errors },
      summary: 'The ticket report: tickets with their SLA figures, and tickets created per channel',
      metadata: REPORTS,
    },
  }),
);
