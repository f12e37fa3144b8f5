import { parseWithZod } from '@conform-to/zod';
import { failureNotice, NOTICES } from '@campus/ui';
import { z } from 'zod';
import { redirectWithNotice } from '../../lib/notice.server';
import { assertSameOrigin } from '../../lib/security.server';
import { REPORT_TIME_ZONE, reportsContract, resolveRange, WeeklyEmailInputSchema, type ChatbotBroadcastFigures, type CurrentTerm, type ResolvedRange, type WeeklyEmailPage } from '@campus/api-contract';
import { answerOf, formAnswerOf, invalidForm, queryOrThrow } from '../../lib/answers.server';
import { signedIn, type ContractClient } from '../../lib/request.server';
import { chatbotConsolePath, responseCategoryOptions } from '@campus/domain-chatbot';
import { linkAt, linkTo } from './links';
import { renderChart, type Cell, type ChartSpec, type RenderedChart } from './charts.server';


/** The period a page shows, from its address: a preset or custom days, and the previous period of the same length. */
export interface RangeState {
  readonly preset: string;
  readonly from: string;
  readonly to: string;
  readonly previous: { readonly from: string; readonly to: string } | null;
  readonly error?: string;
  /** The term's name when the period is This term. */
  readonly term?: string;
}

/**
 * Reads `preset`, `from`, `to` (the last 30 days when absent); `all` (no bounds) only where a page allows it;
 * `term` asks the API for the term under way in the academic calendar.
 */
export async function rangeOf(
  url: URL,
  api: ContractClient<typeof reportsContract>,
  options: { allowAll?: boolean; defaultPreset?: string } = {},
): Promise<RangeState> {
  const params = url.searchParams;
  const preset = params.get('preset') || (params.get('from') || params.get('to') ? 'custom' : (options.defaultPreset ?? '30d'));
  if (preset === 'all' && options.allowAll) return { preset, from: '', to: '', previous: null };
  const term = preset === 'term' ? (answerOf(await api.currentTerm({ query: queryOrThrow(reportsContract.currentTerm.query, {}) }), 200) as { data: CurrentTerm | null }).data : null;
  const range = resolveRange({ preset, from: params.get('from'), to: params.get('to'), term }, REPORT_TIME_ZONE, new Date());
  if ('error' in range) {
    const fallback = resolveRange({ preset: '30d' }, REPORT_TIME_ZONE, new Date()) as ResolvedRange;
    return { preset: '30d', from: fallback.from, to: fallback.to, previous: fallback.previous, error: range.error };
  }
  return { preset, from: range.from, to: range.to, previous: range.previous, ...(term ? { term: term.description } : {}) };
}

const pick = (url: URL, keys: readonly string[]) => Object.fromEntries(keys.map((k) => [k, url.searchParams.get(k) ?? '']).filter(([, v]) => v));

export const SUPPORT_FILTERS = ['officeId', 'teamId', 'categoryV2Id'] as const;
export const TICKET_FILTERS = [...SUPPORT_FILTERS, 'state', 'priority', 'channel', 'assigneeId', 'breached', 'open', 'resolvedOn', 'sort', 'dir', 'page'] as const;
export const AUDIT_FILTERS = ['actor', 'resource', 'recordId', 'activity', 'page'] as const;

interface PeriodSummary {
  created: number;
  resolved: number;
  backlog: number;
  medianFirstResponseMinutes: number | null;
  medianResolutionMinutes: number | null;
  breached: number;
  breachRate: number | null;
}
interface BreachRow {
  id: string | null;
  name: string;
  tickets: number;
  breached: number;
  rate: number;
}
interface SupportBody {
  summary: PeriodSummary;
  previousSummary: PeriodSummary;
  perDay: { day: string; created: number; resolved: number }[];
  breachesByOffice: BreachRow[];
  breachesByTeam: BreachRow[];
  breachesByCategory: BreachRow[];
  workload: { assigneeId: string; name: string; open: number; assigned: number; resolved: number }[];
}

export interface Kpi {
  readonly label: string;
  readonly value: number | null;
  readonly previous: number | null;
  readonly unit: 'count' | 'minutes' | 'percent';
  /** True when a rise is bad news (backlog, waiting times, breaches). */
  readonly lowerIsBetter: boolean;
}

const sum = (rows: readonly Record<string, Cell>[], key: string) => rows.reduce((n, r) => n + (typeof r[key] === 'number' ? (r[key] as number) : 0), 0);
const pct = (v: number | null) => (v === null ? 'no tickets' : `${Math.round(v * 1000) / 10}%`);

function breachChart(id: string, title: string, noun: string, rows: BreachRow[], filter: string, range: RangeState, base: Record<string, string>): ChartSpec {
  const worst = rows[0];
  return {
    id,
    title,
    summary: rows.length
      ? `${rows.length} ${noun}${rows.length === 1 ? '' : 's'}. Highest breach rate: ${worst!.name}, ${worst!.breached} of ${worst!.tickets} tickets (${pct(worst!.rate)}).`
      : `No tickets were created from ${range.from} to ${range.to}.`,
    columns: [
      { key: 'name', label: noun[0]!.toUpperCase() + noun.slice(1) },
      { key: 'tickets', label: 'Tickets' },
      { key: 'breached', label: 'Breached' },
      { key: 'rate', label: 'Breach rate', percent: true },
    ],
    rows: rows.map((r) => ({ id: r.id, name: r.name, tickets: r.tickets, breached: r.breached, rate: r.rate })),
    kind: 'bars',
    x: 'name',
    series: ['rate'],
    percent: true,
    href: (row) => linkTo('tickets', { ...base, from: range.from, to: range.to, [filter]: row.id as string | null, breached: 'yes' }),
  };
}

/** The Support page: KPIs against the previous period and its charts. */
export async function supportPage(request: Request) {
  const url = new URL(request.url);
  const api = (await signedIn(request)).client(reportsContract);
  const range = await rangeOf(url, api);
  const filters = pick(url, SUPPORT_FILTERS) as Record<string, string>;
  const query = queryOrThrow(reportsContract.support.query, { ...filters, from: range.from, to: range.to });
  const body: SupportBody = answerOf(await api.support({ query }), 200);
  const s = body.summary;
  const p = body.previousSummary;
  const kpis: Kpi[] = [
    { label: 'Tickets created', value: s.created, previous: p.created, unit: 'count', lowerIsBetter: false },
    { label: 'Tickets resolved', value: s.resolved, previous: p.resolved, unit: 'count', lowerIsBetter: false },
    { label: 'Backlog at end of period', value: s.backlog, previous: p.backlog, unit: 'count', lowerIsBetter: true },
    { label: 'Median first response (business hours)', value: s.medianFirstResponseMinutes, previous: p.medianFirstResponseMinutes, unit: 'minutes', lowerIsBetter: true },
    { label: 'Median resolution time (business hours)', value: s.medianResolutionMinutes, previous: p.medianResolutionMinutes, unit: 'minutes', lowerIsBetter: true },
    { label: 'SLA breach rate', value: s.breachRate, previous: p.breachRate, unit: 'percent', lowerIsBetter: true },
  ];
  const perDayRows = body.perDay.map((d) => ({ day: d.day, created: d.created, resolved: d.resolved }));
  const busiest = [...perDayRows].sort((a, b) => b.created - a.created)[0];
  const charts: ChartSpec[] = [
    {
      id: 'created-resolved',
      title: 'Tickets created and resolved per day',
      summary: `${sum(perDayRows, 'created')} tickets created and ${sum(perDayRows, 'resolved')} resolved from ${range.from} to ${range.to}${
        busiest && busiest.created ? `; the busiest day was ${busiest.day} with ${busiest.created} created` : ''
      }.`,
      columns: [
        { key: 'day', label: 'Day' },
        { key: 'created', label: 'Created' },
        { key: 'resolved', label: 'Resolved' },
      ],
      rows: perDayRows,
      kind: 'days',
      x: 'day',
      series: ['created', 'resolved'],
      href: (row, series) =>
        series === 'resolved'
          ? linkTo('tickets', { ...filters, from: range.from, to: range.to, resolvedOn: String(row.day) })
          : linkTo('tickets', { ...filters, from: String(row.day), to: String(row.day) }),
    },
    breachChart('breaches-office', 'SLA breach rate by office', 'office', body.breachesByOffice, 'officeId', range, filters),
    breachChart('breaches-team', 'SLA breach rate by team', 'team', body.breachesByTeam, 'teamId', range, filters),
    breachChart('breaches-category', 'SLA breach rate by category', 'category', body.breachesByCategory, 'categoryV2Id', range, filters),
    {
      id: 'workload',
      title: 'Agent workload',
      summary: body.workload.length
        ? `${body.workload.length} agents. Most open tickets: ${body.workload[0]!.name} with ${body.workload[0]!.open}.`
        : 'No ticket was assigned to an agent in this period.',
      columns: [
        { key: 'name', label: 'Agent' },
        { key: 'open', label: 'Open at end of period' },
        { key: 'assigned', label: 'Assigned in period' },
        { key: 'resolved', label: 'Resolved in period' },
      ],
      rows: body.workload.map((w) => ({ id: w.assigneeId, name: w.name, open: w.open, assigned: w.assigned, resolved: w.resolved })),
      kind: 'bars',
      x: 'name',
      series: ['open'],
      href: (row) => linkTo('tickets', { ...filters, from: range.from, to: range.to, assigneeId: row.id as string }),
    },
  ];
  // The filters' choices: the offices, teams and categories that have tickets in the period.
  const choices = (list: BreachRow[]) => list.filter((r) => r.id).map((r) => ({ id: r.id!, name: r.name }));
  const options = { officeId: choices(body.breachesByOffice), teamId: choices(body.breachesByTeam), categoryV2Id: choices(body.breachesByCategory) };
  return { range, filters, kpis, charts, options };
}

interface ChatbotSummary {
  broadcasts: number;
  delivered: number;
  failed: number;
  conversations: number;
  questions: number;
  answered: number;
  unanswered: number;
  answeredRate: number | null;
  subscribersJoined: number;
  subscribersOptedOut: number;
}
interface QuestionRow {
  question: string;
  asked: number;
  answered: number;
}
interface ChatbotBody {
  summary: ChatbotSummary;
  previousSummary: ChatbotSummary;
  perDay: { day: string; conversations: number; answered: number; unanswered: number }[];
  topQuestions: QuestionRow[];
  topUnanswered: QuestionRow[];
  responsesNeverUsed: { id: string; title: string; category: string; lastUsedAt: string | null }[];
  subscribers: { day: string; joined: number; optedOut: number; total: number }[];
  broadcasts: ChatbotBroadcastFigures[];
}

const LOGS = chatbotConsolePath('logs');
const categoryLabel = (code: string) => responseCategoryOptions.find((o) => o.value === code)?.label ?? code;

function questionsChart(id: string, title: string, rows: QuestionRow[], range: RangeState, outcome?: 'unanswered'): ChartSpec {
  const top = rows[0];
  return {
    id,
    title,
    summary: top
      ? `${rows.length} question${rows.length === 1 ? '' : 's'} from ${range.from} to ${range.to}; most asked: “${top.question}”, ${top.asked} time${top.asked === 1 ? '' : 's'}.`
      : `No ${outcome ? 'unanswered ' : ''}questions from ${range.from} to ${range.to}.`,
    columns: [
      { key: 'question', label: 'Question' },
      { key: 'asked', label: 'Asked' },
      { key: 'answered', label: 'Answered' },
    ],
    rows: rows.map((r) => ({ question: r.question, asked: r.asked, answered: r.answered })),
    kind: 'bars',
    x: 'question',
    series: ['asked'],
    // The conversation logs search the messages for the question's words.
    href: (row) => linkAt(LOGS, { q: String(row.question).trim().slice(0, 200), from: range.from, to: range.to, outcome }),
  };
}

/** A delivery outcome's status filter on the broadcast's page (opted-out skips are among the skipped). */
const DELIVERY_STATUS: Record<string, string> = { delivered: 'SENT', failed: 'FAILED', skipped: 'SKIPPED', optedOut: 'SKIPPED', pending: 'QUEUED' };

/** The broadcasts begun in the period, one stacked bar each: delivered, failed, skipped and opted out. */
function broadcastsChart(broadcasts: ChatbotBroadcastFigures[], range: RangeState): ChartSpec {
  const total = (key: 'delivered' | 'failed' | 'skipped' | 'optedOut') => broadcasts.reduce((n, b) => n + b[key], 0);
  return {
    id: 'broadcasts',
    title: 'Broadcasts and their deliveries',
    summary: broadcasts.length
      ? `${broadcasts.length} broadcast${broadcasts.length === 1 ? '' : 's'} sent from ${range.from} to ${range.to}: ${total('delivered')} delivered, ${total(
          'failed',
        )} failed, ${total('skipped')} skipped and ${total('optedOut')} not sent because the recipient opted out.`
      : `No broadcasts were sent from ${range.from} to ${range.to}.`,
    columns: [
      { key: 'subject', label: 'Broadcast' },
      { key: 'started', label: 'Sent on' },
      { key: 'delivered', label: 'Delivered' },
      { key: 'failed', label: 'Failed' },
      { key: 'skipped', label: 'Skipped' },
      { key: 'optedOut', label: 'Opted out' },
      { key: 'pending', label: 'Still queued' },
    ],
    rows: broadcasts.map((b) => ({
      id: b.id,
      subject: b.subject,
      started: b.startedAt.slice(0, 10),
      delivered: b.delivered,
      failed: b.failed,
      skipped: b.skipped,
      optedOut: b.optedOut,
      pending: b.pending,
    })),
    kind: 'bars',
    x: 'subject',
    series: ['delivered', 'failed', 'skipped', 'optedOut'],
    href: (row, series) => linkAt(`${chatbotConsolePath('broadcasts')}/${String(row.id)}`, { status: DELIVERY_STATUS[series] }),
  };
}

/** The Chatbot page: KPIs against the previous period and its charts. */
export async function chatbotPage(request: Request) {
  const url = new URL(request.url);
  const api = (await signedIn(request)).client(reportsContract);
  const range = await rangeOf(url, api);
  const body: ChatbotBody = answerOf(await api.chatbot({ query: queryOrThrow(reportsContract.chatbot.query, { from: range.from, to: range.to }) }), 200);
  const s = body.summary;
  const p = body.previousSummary;
  const kpis: Kpi[] = [
    { label: 'Conversations', value: s.conversations, previous: p.conversations, unit: 'count', lowerIsBetter: false },
    { label: 'Questions asked', value: s.questions, previous: p.questions, unit: 'count', lowerIsBetter: false },
    { label: 'Answered rate', value: s.answeredRate, previous: p.answeredRate, unit: 'percent', lowerIsBetter: false },
    { label: 'Unanswered questions', value: s.unanswered, previous: p.unanswered, unit: 'count', lowerIsBetter: true },
    { label: 'New subscribers', value: s.subscribersJoined, previous: p.subscribersJoined, unit: 'count', lowerIsBetter: false },
    { label: 'Subscribers opted out', value: s.subscribersOptedOut, previous: p.subscribersOptedOut, unit: 'count', lowerIsBetter: true },
    { label: 'Broadcasts sent', value: s.broadcasts, previous: p.broadcasts, unit: 'count', lowerIsBetter: false },
    { label: 'Messages delivered', value: s.delivered, previous: p.delivered, unit: 'count', lowerIsBetter: false },
    { label: 'Deliveries failed', value: s.failed, previous: p.failed, unit: 'count', lowerIsBetter: true },
  ];
  const days = body.perDay.map((d) => ({ ...d }));
  const busiest = [...days].sort((a, b) => b.conversations - a.conversations)[0];
  const lastDay = body.subscribers.at(-1);
  const charts: ChartSpec[] = [
    {
      id: 'conversations',
      title: 'Conversations per day',
      summary: `${s.conversations} conversations from ${range.from} to ${range.to}${
        busiest && busiest.conversations ? `; the busiest day was ${busiest.day} with ${busiest.conversations}` : ''
      }.`,
      columns: [
        { key: 'day', label: 'Day' },
        { key: 'conversations', label: 'Conversations' },
      ],
      rows: days.map((d) => ({ day: d.day, conversations: d.conversations })),
      kind: 'days',
      x: 'day',
      series: ['conversations'],
      href: (row) => linkAt(LOGS, { from: String(row.day), to: String(row.day) }),
    },
    {
      id: 'answered-unanswered',
      title: 'Answered and unanswered questions per day',
      summary: s.questions
        ? `${s.answered} of ${s.questions} questions answered (${pct(s.answeredRate)}), ${s.unanswered} unanswered, from ${range.from} to ${range.to}.`
        : `No questions were asked from ${range.from} to ${range.to}.`,
      columns: [
        { key: 'day', label: 'Day' },
        { key: 'answered', label: 'Answered' },
        { key: 'unanswered', label: 'Unanswered' },
      ],
      rows: days.map((d) => ({ day: d.day, answered: d.answered, unanswered: d.unanswered })),
      kind: 'days',
      x: 'day',
      series: ['answered', 'unanswered'],
      href: (row, series) => linkAt(LOGS, { from: String(row.day), to: String(row.day), outcome: series === 'unanswered' ? 'unanswered' : 'matched' }),
    },
    questionsChart('top-questions', 'Top questions', body.topQuestions, range),
    questionsChart('top-unanswered', 'Top unanswered questions', body.topUnanswered, range, 'unanswered'),
    {
      id: 'responses-never-used',
      title: 'Responses never used',
      summary: body.responsesNeverUsed.length
        ? `${body.responsesNeverUsed.length} active responses answered no question from ${range.from} to ${range.to}; ${
            body.responsesNeverUsed.filter((r) => !r.lastUsedAt).length
          } have never answered one.`
        : `Every active response answered a question from ${range.from} to ${range.to}.`,
      columns: [
        { key: 'title', label: 'Response' },
        { key: 'category', label: 'Category' },
        { key: 'lastUsed', label: 'Last used' },
      ],
      rows: body.responsesNeverUsed.map((r) => ({ id: r.id, title: r.title, category: categoryLabel(r.category), lastUsed: r.lastUsedAt ? r.lastUsedAt.slice(0, 10) : 'Never' })),
      kind: 'list',
      x: 'title',
      series: [],
      href: (row) => `${chatbotConsolePath('responses')}/${String(row.id)}/edit`,
    },
    {
      id: 'subscribers',
      title: 'Subscriber growth',
      summary: `${s.subscribersJoined} subscribers joined and ${s.subscribersOptedOut} opted out from ${range.from} to ${range.to}${
        lastDay ? `; ${lastDay.total} could be reached at the end of ${lastDay.day}` : ''
      }.`,
      columns: [
        { key: 'day', label: 'Day' },
        { key: 'joined', label: 'Joined' },
        { key: 'optedOut', label: 'Opted out' },
        { key: 'total', label: 'Subscribers at end of day' },
      ],
      rows: body.subscribers.map((d) => ({ day: d.day, joined: d.joined, optedOut: d.optedOut, total: d.total })),
      kind: 'days',
      x: 'day',
      series: ['joined', 'optedOut'],
    },
    broadcastsChart(body.broadcasts, range),
  ];
  return { range, kpis, charts };
}

export interface TicketRow {
  _id: string;
  reference: string;
  subject: string;
  state: string;
  priority: string;
  channel: string;
  slaStatus: string;
  officeName: string | null;
  teamName: string | null;
  categoryName: string | null;
  assigneeName: string | null;
  createdAt: string;
  firstResponseMinutes: number | null;
  resolutionMinutes: number | null;
  customFields: Record<string, string | number>;
}

/** The ticket report: the filtered, sorted page of tickets and the created-by-channel chart. */
export async function ticketsPage(request: Request, options: { all?: boolean } = {}) {
  const url = new URL(request.url);
  const api = (await signedIn(request)).client(reportsContract);
  const range = await rangeOf(url, api);
  const filters = pick(url, TICKET_FILTERS) as Record<string, string>;
  const query = queryOrThrow(reportsContract.tickets.query, { ...filters, from: range.from, to: range.to, ...(options.all ? { page: '1', limit: '1000' } : {}) });
  const body: { rows: TicketRow[]; count: number; byChannel: { channel: string; tickets: number }[] } = answerOf(await api.tickets({ query }), 200);
  const { sort: _sort, dir: _dir, page: _page, channel: _channel, ...chartFilters } = filters;
  const total = body.byChannel.reduce((n, c) => n + c.tickets, 0);
  const labels: Record<string, string> = { console: 'Console', form: 'Form', email: 'Email' };
  const charts: ChartSpec[] = [
    {
      id: 'by-channel',
      title: 'Tickets created by channel',
      summary: total
        ? `${total} tickets created from ${range.from} to ${range.to}: ${body.byChannel.map((c) => `${labels[c.channel] ?? c.channel} ${c.tickets}`).join(', ')}.`
        : `No tickets were created from ${range.from} to ${range.to}.`,
      columns: [
        { key: 'label', label: 'Channel' },
        { key: 'tickets', label: 'Tickets' },
      ],
      rows: body.byChannel.map((c) => ({ channel: c.channel, label: labels[c.channel] ?? c.channel, tickets: c.tickets })),
      kind: 'bars',
      x: 'label',
      series: ['tickets'],
      href: (row) => linkTo('tickets', { ...chartFilters, from: range.from, to: range.to, channel: row.channel as string }),
    },
  ];
  return { range, filters, rows: body.rows, count: body.count, charts };
}

export interface AuditListRow {
  _id: string;
  actorId: string | null;
  actorEmail: string | null;
  /** The actor's name from their account; null when the account is gone (the email typed at the time stays). */
  actorName: string | null;
  activity: string;
  resource: string | null;
  recordId: string | null;
  ipAddress: string | null;
  reportedByClient: boolean;
  createdAt: string;
  changedFields: string[];
}

/** The audit-trail viewer: the filtered page and actions per day. A record's history defaults to all time. */
export async function auditPage(request: Request) {
  const url = new URL(request.url);
  const api = (await signedIn(request)).client(reportsContract);
  const range = await rangeOf(url, api, { allowAll: true, defaultPreset: url.searchParams.get('recordId') ? 'all' : '30d' });
  const filters = pick(url, AUDIT_FILTERS) as Record<string, string>;
  const bounds: Record<string, string> = range.preset === 'all' ? {} : { from: range.from, to: range.to };
  const body: {
    rows: AuditListRow[];
    count: number;
    days: { from: string; to: string } | null;
    perDay: { day: string; actions: number }[];
    resources: string[];
  } = answerOf(await api.auditTrails({ query: queryOrThrow(reportsContract.auditTrails.query, { ...filters, ...bounds }) }), 200);
  const { page: _page, ...chartFilters } = filters;
  const total = body.perDay.reduce((n, d) => n + d.actions, 0);
  // All time (a record's history) is drawn over the days the API found entries on.
  const days = body.days ?? range;
  const charts: ChartSpec[] = body.perDay.length
    ? [
        {
          id: 'actions-per-day',
          title: 'Audited actions per day',
          summary: `${total} audited ${total === 1 ? 'action' : 'actions'} from ${days.from} to ${days.to}.`,
          columns: [
            { key: 'day', label: 'Day' },
            { key: 'actions', label: 'Actions' },
          ],
          rows: body.perDay,
          kind: 'days',
          x: 'day',
          series: ['actions'],
          href: (row) => linkTo('audit-trails', { ...chartFilters, preset: 'custom', from: String(row.day), to: String(row.day) }),
        },
      ]
    : [];
  return { range, filters, rows: body.rows, count: body.count, resources: body.resources, charts };
}

/** The charts of a page drawn for it (SVG on the server). */
export const rendered = (charts: readonly ChartSpec[]): RenderedChart[] => charts.map(renderChart);

export interface Person {
  id: string;
  email: string;
  name: string;
}

/** Who receives a page's weekly email, and who may be chosen (people with Analytics and Reports). */
export async function weeklyEmailOf(request: Request, page: WeeklyEmailPage): Promise<{ recipients: Person[]; candidates: Person[] }> {
  const api = (await signedIn(request)).client(reportsContract);
  const body: { data: { pages: Record<WeeklyEmailPage, Person[]>; candidates: Person[] } } = answerOf(await api.weeklyEmail(), 200);
  return { recipients: body.data.pages[page] ?? [], candidates: body.data.candidates };
}

/** The weekly-email form: the people ticked (`userId`, one per box), as the contract's `userIds`. */
const WeeklyEmailForm = z.object({ userId: WeeklyEmailInputSchema.shape.userIds.default([]) });

/** Saves the people ticked on a page's weekly-email form; the API's message when it refuses. */
export async function saveWeeklyEmail(request: Request, page: WeeklyEmailPage) {
  assertSameOrigin(request);
  const api = (await signedIn(request)).client(reportsContract);
  const submission = parseWithZod(await request.formData(), { schema: WeeklyEmailForm });
  if (submission.status !== 'success') return invalidForm(submission);
  const result = await api.setWeeklyEmail({ body: { page, userIds: submission.value.userId } });
  const answer = formAnswerOf(result, 200, submission, {
    notice: (message) => failureNotice(message || NOTICES.validation.description),
    shownStatuses: [403],
  });
  if (answer.refusal) return answer.refusal;
  const url = new URL(request.url);
  return redirectWithNotice(request, `${url.pathname}${url.search}`, NOTICES.updated);
}
