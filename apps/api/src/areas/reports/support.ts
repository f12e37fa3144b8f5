import { sql, type SQL } from 'drizzle-orm';
import type { SupportReportQuery, TicketReportQuery } from '@campus/api-contract';
import { rows, type Db } from '../../platform/db/client.js';
import { dayBounds, localDay, type Period } from './sql.js';

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
const MINUTES = (from: string, to: string) => sql.raw(`extract(epoch from (t.${to} - t.${from})) / 60`);

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

/**
 * Tickets still waiting at `end`: never resolved nor closed (a partial index), plus those resolved or closed only
 * at or after `end` (the resolved and closed indexes) — never a scan of the whole history.
 */
function backlogAt(filters: SQL, end: SQL): SQL {
  return sql`(select count(*) from support_tickets t where ${filters} and t.created_at < ${end} and t.resolved_at is null and t.closed_at is null)
    + (select count(*) from support_tickets t where ${filters} and t.created_at < ${end}
         and ((t.resolved_at >= ${end} and (t.closed_at is null or t.closed_at >= ${end})) or (t.resolved_at is null and t.closed_at >= ${end})))`;
}

async function summaryOf(db: Db, query: SupportReportQuery, period: Period): Promise<PeriodSummary> {
  const { start, end } = dayBounds(period, query.tz);
  const filters = and(ticketFilters(query));
  const [row] = await rows<Record<string, string | number | null>>(
    db,
    sql`select
          count(*)::int as created,
          percentile_cont(0.5) within group (order by ${MINUTES('created_at', 'first_responded_at')})
            filter (where t.first_responded_at is not null) as first_response,
          percentile_cont(0.5) within group (order by ${MINUTES('created_at', 'resolved_at')})
            filter (where t.resolved_at is not null) as resolution,
          count(*) filter (where t.sla_status = 'breached')::int as breached,
          (select count(*) from support_tickets t where ${filters} and t.resolved_at >= ${start} and t.resolved_at < ${end})::int as resolved,
          (${backlogAt(filters, end)})::int as backlog
        from support_tickets t
        where ${filters} and t.created_at >= ${start} and t.created_at < ${end}`,
  );
  const created = Number(row?.created ?? 0);
  const breached = Number(row?.breached ?? 0);
  const minutes = (v: unknown) => (v === null || v === undefined ? null : Math.round(Number(v) * 10) / 10);
  return {
    created,
    resolved: Number(row?.resolved ?? 0),
    backlog: Number(row?.backlog ?? 0),
    medianFirstResponseMinutes: minutes(row?.first_response),
    medianResolutionMinutes: minutes(row?.resolution),
    breached,
    breachRate: created ? breached / created : null,
  };
}

export interface BreachRow {
  id: string | null;
  name: string;
  tickets: number;
  breached: number;
  rate: number;
}

async function breachesBy(db: Db, query: SupportReportQuery, period: Period, column: 'office_id' | 'team_id' | 'category_v2_id', table: string) {
  const { start, end } = dayBounds(period, query.tz);
  const found = await rows<{ id: string | null; name: string | null; tickets: number; breached: number }>(
    db,
    sql`select t.${sql.raw(column)} as id, g.name, count(*)::int as tickets, count(*) filter (where t.sla_status = 'breached')::int as breached
        from support_tickets t left join ${sql.raw(table)} g on g.id = t.${sql.raw(column)}
        where ${and(ticketFilters(query))} and t.created_at >= ${start} and t.created_at < ${end}
        group by t.${sql.raw(column)}, g.name
        order by count(*) filter (where t.sla_status = 'breached') desc, count(*) desc, g.name`,
  );
  return found.map((r): BreachRow => ({ id: r.id, name: r.name ?? 'None', tickets: r.tickets, breached: r.breached, rate: r.tickets ? r.breached / r.tickets : 0 }));
}

/** The Support page: per-day series, the period against the previous one, SLA breaches, agents' workload. */
export async function supportReport(db: Db, query: SupportReportQuery, period: Period, previous: Period) {
  const { start, end } = dayBounds(period, query.tz);
  const filters = and(ticketFilters(query));
  const perDay = rows<{ day: string; created: number; resolved: number }>(
    db,
    sql`select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(c.n, 0)::int as created, coalesce(r.n, 0)::int as resolved
        from (select generate_series(${period.from}::date, ${period.to}::date, interval '1 day')::date as day) d
        left join (select ${localDay(sql`t.created_at`, query.tz)} as day, count(*) as n from support_tickets t
                   where ${filters} and t.created_at >= ${start} and t.created_at < ${end} group by 1) c on c.day = d.day
        left join (select ${localDay(sql`t.resolved_at`, query.tz)} as day, count(*) as n from support_tickets t
                   where ${filters} and t.resolved_at >= ${start} and t.resolved_at < ${end} group by 1) r on r.day = d.day
        order by d.day`,
  );
  // Each agent's tickets open at the end, assigned (created) in the period and resolved in it: three narrow sets.
  const workload = rows<{ assigneeId: string; name: string; open: number; assigned: number; resolved: number }>(
    db,
    sql`with counted as (
          select t.assignee_id, 1 as open, 0 as assigned, 0 as resolved from support_tickets t
            where ${filters} and t.assignee_id is not null and t.created_at < ${end} and t.resolved_at is null and t.closed_at is null
          union all
          select t.assignee_id, 1, 0, 0 from support_tickets t
            where ${filters} and t.assignee_id is not null and t.created_at < ${end}
              and ((t.resolved_at >= ${end} and (t.closed_at is null or t.closed_at >= ${end})) or (t.resolved_at is null and t.closed_at >= ${end}))
          union all
          select t.assignee_id, 0, 1, 0 from support_tickets t
            where ${filters} and t.assignee_id is not null and t.created_at >= ${start} and t.created_at < ${end}
          union all
          select t.assignee_id, 0, 0, 1 from support_tickets t
            where ${filters} and t.assignee_id is not null and t.resolved_at >= ${start} and t.resolved_at < ${end})
        select c.assignee_id as "assigneeId",
               coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.email, 'Unknown') as name,
               sum(c.open)::int as open, sum(c.assigned)::int as assigned, sum(c.resolved)::int as resolved
        from counted c left join users u on u.id = c.assignee_id
        group by c.assignee_id, u.first_name, u.last_name, u.email
        order by 3 desc, 2`,
  );
  // Independent reads: on PostgreSQL they run side by side on the pool.
  const [days, agents, summary, previousSummary, breachesByOffice, breachesByTeam, breachesByCategory] = await Promise.all([
    perDay,
    workload,
    summaryOf(db, query, period),
    summaryOf(db, query, previous),
    breachesBy(db, query, period, 'office_id', 'support_offices'),
    breachesBy(db, query, period, 'team_id', 'support_teams'),
    breachesBy(db, query, period, 'category_v2_id', 'support_categories_v2'),
  ]);
  return { period, previous, summary, previousSummary, perDay: days, breachesByOffice, breachesByTeam, breachesByCategory, workload: agents };
}

const SORT_COLUMNS: Record<TicketReportQuery['sort'], string> = {
  createdAt: 't.created_at',
  reference: 't.number',
  state: 't.state',
  priority: "array_position(array['low','normal','high','urgent'], t.priority)",
  firstResponseMinutes: '(t.first_responded_at - t.created_at)',
  resolutionMinutes: '(t.resolved_at - t.created_at)',
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
  const found = rows<Record<string, unknown>>(
    db,
    sql`select t.id as "_id", t.reference, t.subject, t.state, t.priority, t.channel, t.sla_status as "slaStatus",
               o.name as "officeName", tm.name as "teamName", cat.name as "categoryName",
               coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.email) as "assigneeName",
               t.created_at as "createdAt", t.first_responded_at as "firstRespondedAt", t.resolved_at as "resolvedAt",
               round((${MINUTES('created_at', 'first_responded_at')})::numeric, 1)::float8 as "firstResponseMinutes",
               round((${MINUTES('created_at', 'resolved_at')})::numeric, 1)::float8 as "resolutionMinutes",
               t.custom_fields as "customFields"
        from support_tickets t
        left join support_offices o on o.id = t.office_id
        left join support_teams tm on tm.id = t.team_id
        left join support_categories_v2 cat on cat.id = t.category_v2_id
        left join users u on u.id = t.assignee_id
        where ${where}
        order by ${sql.raw(SORT_COLUMNS[query.sort])} ${sql.raw(query.dir === 'asc' ? 'asc nulls last' : 'desc nulls last')}, t.number desc
        limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
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
