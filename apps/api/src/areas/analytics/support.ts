import { sql, type SQL } from 'drizzle-orm';
import type { SupportReportQuery, TicketReportQuery } from '@campus/api-contract';
import { rows, type Db } from '../../platform/db/client.js';
import { dayBounds, periodDay, type Period } from './sql.js';

/** The ticket filters every support figure shares (merged duplicates are left out). */
function ticketFilters(query: SupportReportQuery): SQL[] {
  const conditions: SQL[] = [sql`t.merged_into_id is null`];
  if (query.officeId) conditions.push(sql`t.office_id = ${query.officeId}`);
  if (query.teamId) conditions.push(sql`t.team_id = ${query.teamId}`);
  if (query.categoryV2Id) conditions.push(sql`t.category_v2_id = ${query.categoryV2Id}`);
  return conditions;
}

const and = (conditions: SQL[]) => sql.join(conditions, sql` and `);
/** When a ticket stopped needing work: resolved or closed, whichever came first. */
const DONE_AT = sql.raw('least(t.resolved_at, t.closed_at)');

export interface PeriodSummary {
  created: number;
  resolved: number;
  /** Tickets still waiting at the end of the period. */
  backlog: number;
  medianFirstResponseMinutes: number | null;
  medianResolutionMinutes: number | null;
  breached: number;
  /** Breached ÷ created, 0–1; null when nothing was created. */
  breachRate: number | null;
}

export interface BreachRow {
  id: string | null;
  name: string;
  tickets: number;
  breached: number;
  rate: number;
}

/**
 * The period's three sets of tickets, each read once (decision 0026: one index-only scan each, on the report indexes
 * of migration 0016) and kept for every figure drawn from it: `created` in the period, `done` (resolved) in it, and
 * `waiting` at its end — never resolved nor closed, or resolved or closed only at or after the end.
 */
function periodSets(query: SupportReportQuery, period: Period, only: 'everything' | 'summary' = 'everything'): SQL {
  const { start, end } = dayBounds(period, query.tz);
  const filters = and(ticketFilters(query));
  // The previous period needs only its summary: no days, groups nor agents to work out for each ticket.
  const grouping = (columns: SQL) => (only === 'everything' ? sql`${columns}, ` : sql``);
  return sql`created as materialized (
      select ${grouping(sql`${periodDay(sql`t.created_at`, period, query.tz)} as day, t.office_id, t.team_id, t.category_v2_id, t.assignee_id`)}
             t.sla_status = 'breached' as breached,
             t.first_response_business_minutes as first_response, t.resolution_business_minutes as resolution
      from support_tickets t where ${filters} and t.created_at >= ${start} and t.created_at < ${end}),
    done as materialized (
      select ${grouping(sql`${periodDay(sql`t.resolved_at`, period, query.tz)} as day`)} t.assignee_id from support_tickets t
      where ${filters} and t.resolved_at >= ${start} and t.resolved_at < ${end}),
    waiting as materialized (
      select t.assignee_id from support_tickets t
        where ${filters} and t.created_at < ${end} and t.resolved_at is null and t.closed_at is null
      union all
      -- Resolved only at or after the end (and not closed before it), on the resolved index; or closed then, unresolved.
      select t.assignee_id from support_tickets t
        where ${filters} and t.resolved_at >= ${end} and t.created_at < ${end} and (t.closed_at is null or t.closed_at >= ${end})
      union all
      select t.assignee_id from support_tickets t
        where ${filters} and t.closed_at >= ${end} and t.resolved_at is null and t.created_at < ${end})`;
}

/**
 * The period's figures. The medians are of the business minutes each ticket's SLA clock ran (its office's hours,
 * pauses left out), kept on the ticket when it was answered and resolved.
 */
const SUMMARY = sql.raw(`(select json_build_object(
    'created', count(*)::int,
    'resolved', (select count(*) from done)::int,
    'backlog', (select count(*) from waiting)::int,
    'firstResponse', percentile_cont(0.5) within group (order by first_response),
    'resolution', percentile_cont(0.5) within group (order by resolution),
    'breached', count(*) filter (where breached)::int) from created)`);

interface SummaryRow {
  created: number;
  resolved: number;
  backlog: number;
  firstResponse: number | null;
  resolution: number | null;
  breached: number;
}

const minutes = (v: number | null | undefined) => (v === null || v === undefined ? null : Math.round(Number(v) * 10) / 10);

function summaryFrom(row: SummaryRow): PeriodSummary {
  return {
    created: row.created,
    resolved: row.resolved,
    backlog: row.backlog,
    medianFirstResponseMinutes: minutes(row.firstResponse),
    medianResolutionMinutes: minutes(row.resolution),
    breached: row.breached,
    breachRate: row.created ? row.breached / row.created : null,
  };
}

/** Tickets and breaches of the created set by one grouping column, with the group's name, most breaches first. */
const breachesBy = (column: 'office_id' | 'team_id' | 'category_v2_id', table: string) =>
  sql.raw(`(select coalesce(json_agg(json_build_object('id', b.id, 'name', b.name, 'tickets', b.tickets, 'breached', b.breached)
      order by b.breached desc, b.tickets desc, b.name), '[]')
    from (select c.id, g.name, c.tickets, c.breached
          from (select ${column} as id, count(*)::int as tickets, count(*) filter (where breached)::int as breached
                from created group by ${column}) c
          left join ${table} g on g.id = c.id) b)`);

const breachRows = (found: { id: string | null; name: string | null; tickets: number; breached: number }[]) =>
  found.map((r): BreachRow => ({ id: r.id, name: r.name ?? 'None', tickets: r.tickets, breached: r.breached, rate: r.tickets ? r.breached / r.tickets : 0 }));

/** The Support page: per-day series, the period against the previous one, SLA breaches, agents' workload. */
export async function supportReport(db: Db, query: SupportReportQuery, period: Period, previous: Period) {
  const current = rows<{ report: {
    summary: SummaryRow;
    perDay: { day: string; created: number; resolved: number }[];
    offices: { id: string | null; name: string | null; tickets: number; breached: number }[];
    teams: { id: string | null; name: string | null; tickets: number; breached: number }[];
    categories: { id: string | null; name: string | null; tickets: number; breached: number }[];
    workload: { assigneeId: string; name: string; open: number; assigned: number; resolved: number }[];
  } }>(
    db,
    sql`with ${periodSets(query, period)}
        select json_build_object(
          'summary', ${SUMMARY},
          'perDay', (select json_agg(json_build_object('day', to_char(d.day, 'YYYY-MM-DD'),
                        'created', coalesce(c.n, 0), 'resolved', coalesce(r.n, 0)) order by d.day)
                     from (select generate_series(${period.from}::date, ${period.to}::date, interval '1 day')::date as day) d
                     left join (select day, count(*)::int as n from created group by day) c on c.day = d.day
                     left join (select day, count(*)::int as n from done group by day) r on r.day = d.day),
          'offices', ${breachesBy('office_id', 'support_offices')},
          'teams', ${breachesBy('team_id', 'support_teams')},
          'categories', ${breachesBy('category_v2_id', 'support_categories_v2')},
          -- Each agent's tickets open at the end, assigned (created) in the period and resolved in it.
          'workload', (select coalesce(json_agg(json_build_object('assigneeId', w.assignee_id, 'name', w.name, 'open', w.open,
                          'assigned', w.assigned, 'resolved', w.resolved) order by w.open desc, w.name), '[]')
                       from (select c.assignee_id,
                               coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.email, 'Unknown') as name,
                               sum(c.open)::int as open, sum(c.assigned)::int as assigned, sum(c.resolved)::int as resolved
                             from (select assignee_id, count(*) as open, 0 as assigned, 0 as resolved from waiting where assignee_id is not null group by 1
                                   union all select assignee_id, 0, count(*), 0 from created where assignee_id is not null group by 1
                                   union all select assignee_id, 0, 0, count(*) from done where assignee_id is not null group by 1) c
                             left join users u on u.id = c.assignee_id
                             group by c.assignee_id, u.first_name, u.last_name, u.email) w)) as report`,
  );
  const before = rows<{ summary: SummaryRow }>(db, sql`with ${periodSets(query, previous, 'summary')} select ${SUMMARY} as summary`);
  // Independent reads: on PostgreSQL they run side by side on the pool.
  const [[now], [then]] = await Promise.all([current, before]);
  const report = now!.report;
  return {
    period,
    previous,
    summary: summaryFrom(report.summary),
    previousSummary: summaryFrom(then!.summary),
    perDay: report.perDay,
    breachesByOffice: breachRows(report.offices),
    breachesByTeam: breachRows(report.teams),
    breachesByCategory: breachRows(report.categories),
    workload: report.workload,
  };
}

const SORT_COLUMNS: Record<TicketReportQuery['sort'], string> = {
  createdAt: 't.created_at',
  reference: 't.number',
  state: 't.state',
  priority: "array_position(array['low','normal','high','urgent'], t.priority)",
  firstResponseMinutes: 't.first_response_business_minutes',
  resolutionMinutes: 't.resolution_business_minutes',
};

/** The ticket report: the filtered, sorted tickets with their SLA figures, and tickets created per channel. */
export async function ticketReport(db: Db, query: TicketReportQuery, period: Period) {
  const { start, end } = dayBounds(period, query.tz);
  const base = ticketFilters(query);
  const conditions = [...base];
  if (query.resolvedOn) {
    const bounds = dayBounds({ from: query.resolvedOn, to: query.resolvedOn }, query.tz);
    conditions.push(sql`t.resolved_at >= ${bounds.start} and t.resolved_at < ${bounds.end}`);
  } else {
    conditions.push(sql`t.created_at >= ${start} and t.created_at < ${end}`);
  }
  if (query.open === 'yes') conditions.push(sql`${DONE_AT} is null`);
  if (query.state) conditions.push(sql`t.state = ${query.state}`);
  if (query.priority) conditions.push(sql`t.priority = ${query.priority}`);
  if (query.channel) conditions.push(sql`t.channel = ${query.channel}`);
  if (query.assigneeId) conditions.push(sql`t.assignee_id = ${query.assigneeId}`);
  if (query.breached) conditions.push(query.breached === 'yes' ? sql`t.sla_status = 'breached'` : sql`t.sla_status <> 'breached'`);
  const where = and(conditions);
  const order = sql.raw(`${SORT_COLUMNS[query.sort]} ${query.dir === 'asc' ? 'asc nulls last' : 'desc nulls last'}, t.number desc`);
  // The page's tickets are picked from the report index alone; only those 25 or so are read in full and joined.
  const found = rows<Record<string, unknown>>(
    db,
    sql`select t.id as "_id", t.reference, t.subject, t.state, t.priority, t.channel, t.sla_status as "slaStatus",
               o.name as "officeName", tm.name as "teamName", cat.name as "categoryName",
               coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.email) as "assigneeName",
               t.created_at as "createdAt", t.first_responded_at as "firstRespondedAt", t.resolved_at as "resolvedAt",
               round(t.first_response_business_minutes::numeric, 1)::float8 as "firstResponseMinutes",
               round(t.resolution_business_minutes::numeric, 1)::float8 as "resolutionMinutes",
               t.custom_fields as "customFields"
        from (select t.id from support_tickets t where ${where} order by ${order} limit ${query.limit} offset ${(query.page - 1) * query.limit}) p
        join support_tickets t on t.id = p.id
        left join support_offices o on o.id = t.office_id
        left join support_teams tm on tm.id = t.team_id
        left join support_categories_v2 cat on cat.id = t.category_v2_id
        left join users u on u.id = t.assignee_id
        order by ${order}`,
  );
  const counted = rows<{ n: number }>(db, sql`select count(*)::int as n from support_tickets t where ${where}`);
  const channels = rows<{ channel: string; tickets: number }>(
    db,
    sql`select c.channel, coalesce(n.tickets, 0)::int as tickets
        from unnest(array['console','form','email']) as c(channel)
        left join (select t.channel, count(*) as tickets from support_tickets t
                   where ${and(base)} and t.created_at >= ${start} and t.created_at < ${end} group by t.channel) n on n.channel = c.channel
        order by array_position(array['console','form','email'], c.channel)`,
  );
  // Independent reads: on PostgreSQL they run side by side on the pool.
  const [list, [count], byChannel] = await Promise.all([found, counted, channels]);
  return { period, rows: list, count: count?.n ?? 0, byChannel };
}
