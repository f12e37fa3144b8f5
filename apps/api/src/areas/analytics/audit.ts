import { sql, type SQL } from 'drizzle-orm';
import { MAX_RANGE_DAYS, type AuditReportQuery } from '@campus/api-contract';
import { rows, type Db } from '../../platform/db/client.js';
import { auditDaysSql, wholeHourZone } from './rollup.js';
import { dayBounds, csvOf, type Period } from './sql.js';

/** Field names whose values the viewer never shows: passwords and their hashes, tokens, secrets, keys, codes. */
const SECRET_FIELD = /(pass(word|wd|phrase)?|hash|token|secret|otp|totp|recovery|api.?key|private.?key|signing.?key|salt|cookie|session)/i;
/** Values that are secrets whatever their field is called (password hashes, bearer tokens). */
const SECRET_VALUE = /^(\$argon2|\$2[aby]\$|\$scrypt|\$pbkdf2|Bearer\s)/i;
export const HIDDEN = '(hidden)';

export interface AuditChange {
  readonly field: string;
  readonly before: unknown;
  readonly after: unknown;
  /** True when the values are a secret and were left out. */
  readonly hidden: boolean;
}

const secretValue = (v: unknown): boolean =>
  typeof v === 'string' ? SECRET_VALUE.test(v) : Array.isArray(v) ? v.some(secretValue) : v !== null && typeof v === 'object' ? Object.values(v).some(secretValue) : false;

/** A stored before/after map as the viewer shows it: one row per field, sorted, secrets replaced by `(hidden)`. */
export function fieldChanges(changes: Record<string, { before: unknown; after: unknown }> | null): AuditChange[] {
  if (!changes) return [];
  return Object.keys(changes)
    .sort()
    .map((field) => {
      const { before = null, after = null } = changes[field] ?? {};
      const hidden = SECRET_FIELD.test(field) || secretValue(before) || secretValue(after);
      return hidden ? { field, before: HIDDEN, after: HIDDEN, hidden } : { field, before, after, hidden };
    });
}

/** An activity text with anything that looks like a secret value masked. */
const safeActivity = (text: string) => text.replace(/(\$argon2[^\s]*|\$2[aby]\$[^\s]*|Bearer\s+\S+)/gi, HIDDEN);

interface AuditRow {
  _id: string;
  actorId: string | null;
  actorEmail: string | null;
  /** The actor's name as their account holds it now (null when the account is gone or has no name). */
  actorName?: string | null;
  activity: string;
  resource: string | null;
  recordId: string | null;
  ipAddress: string | null;
  reportedByClient: boolean;
  createdAt: string;
  changes: Record<string, { before: unknown; after: unknown }> | null;
}

const ROW = sql.raw(`jsonb_build_object('_id', id, 'actorId', actor_id, 'actorEmail', actor_email, 'activity', activity,
  'resource', resource, 'recordId', record_id, 'ipAddress', ip_address, 'reportedByClient', reported_by_client,
  'createdAt', created_at, 'changes', changes)`);

/** The entry's actor by name, from their account: the trail keeps only the id and the email typed at the time. */
const WITH_NAME = sql.raw(`jsonb_build_object('actorName', (select nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '')
  from users u where u.id = audit_trails.actor_id))`);

const likeText = (text: string) => text.replace(/[\\%_]/g, (m) => `\\${m}`);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function whereOf(query: Omit<AuditReportQuery, 'page' | 'limit'>, period: Period | null): SQL {
  const conditions: SQL[] = [];
  if (query.actor)
    conditions.push(UUID.test(query.actor) ? sql`actor_id = ${query.actor}` : sql`lower(actor_email) like ${`${likeText(query.actor.toLowerCase())}%`}`);
  if (query.resource) conditions.push(sql`resource = ${query.resource}`);
  if (query.recordId) conditions.push(sql`record_id = ${query.recordId}`);
  if (query.activity) conditions.push(sql`activity ilike ${`%${likeText(query.activity)}%`}`);
  if (period) {
    const { start, end } = dayBounds(period, query.tz);
    conditions.push(sql`created_at >= ${start} and created_at < ${end}`);
  }
  return conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
}

/**
 * Entries per day of the period: from the hourly rollup when nothing but the period filters the trail (and the time
 * zone's days are whole hours), else counted from the trail itself.
 */
function daysOf(query: Omit<AuditReportQuery, 'page' | 'limit'>, period: Period): SQL {
  const unfiltered = !query.actor && !query.resource && !query.recordId && !query.activity;
  if (unfiltered && wholeHourZone(query.tz, period.from, period.to)) {
    const { start, end } = dayBounds(period, query.tz);
    return auditDaysSql(query.tz, start, end);
  }
  return sql`select (created_at at time zone ${query.tz})::date as day, count(*) as n from audit_trails ${whereOf(query, period)} group by 1`;
}

/**
 * The calendar days (in the query's zone) from the first to the last entry `where` keeps, at most the last
 * MAX_RANGE_DAYS of them; null when it keeps none.
 */
async function spanOf(db: Db, query: Omit<AuditReportQuery, 'page' | 'limit'>, where: SQL): Promise<Period | null> {
  const [span] = await rows<{ from: string | null; to: string | null }>(
    db,
    sql`select to_char((min(created_at) at time zone ${query.tz})::date, 'YYYY-MM-DD') as "from",
               to_char((max(created_at) at time zone ${query.tz})::date, 'YYYY-MM-DD') as "to"
        from audit_trails ${where}`,
  );
  if (!span?.from || !span.to) return null;
  const earliest = new Date(Date.parse(`${span.to}T00:00:00Z`) - (MAX_RANGE_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  return { from: span.from < earliest ? earliest : span.from, to: span.to };
}

const listed = (r: AuditRow) => {
  const { changes, ...rest } = r;
  return { ...rest, activity: safeActivity(r.activity), changedFields: changes ? Object.keys(changes).sort() : [] };
};

/** A page of the filtered trail, newest first, its count, and actions per day of the period (when it has one). */
export async function auditPage(db: Db, query: AuditReportQuery, period: Period | null) {
  const where = whereOf(query, period);
  const found = await rows<{ record: AuditRow }>(
    db,
    sql`select ${ROW} || ${WITH_NAME} as record from audit_trails ${where} order by created_at desc, id desc
        limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
  );
  // A history without days (a record's, or all time) is drawn over the days from its first entry to its last.
  const days = period ?? (await spanOf(db, query, where));
  const perDay = days
    ? await rows<{ day: string; actions: number }>(
        db,
        sql`select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(c.n, 0)::int as actions
            from (select generate_series(${days.from}::date, ${days.to}::date, interval '1 day')::date as day) d
            left join (${daysOf(query, days)}) c on c.day = d.day
            order by d.day`,
      )
    : [];
  // With a period the days already count every entry; only an unbounded history is counted on its own.
  const count = period
    ? perDay.reduce((n, d) => n + d.actions, 0)
    : Number((await rows<{ n: string | number }>(db, sql`select count(*) as n from audit_trails ${where}`))[0]?.n ?? 0);
  const resources = await rows<{ resource: string }>(
    db,
    // The distinct resources by skipping along the (resource, record, time) index, not by reading every entry.
    sql`with recursive r as (
          (select resource from audit_trails where resource is not null order by resource limit 1)
          union all
          select (select a.resource from audit_trails a where a.resource > r.resource order by a.resource limit 1) from r where r.resource is not null)
        select resource from r where resource is not null limit 200`,
  );
  return {
    rows: found.map((r) => listed(r.record)),
    count,
    /** The days `perDay` covers: the query's, or those of an unbounded history (null when it has no entry). */
    days,
    perDay,
    resources: resources.map((r) => r.resource),
  };
}

/** One entry with its field-level before/after values (secrets hidden), and the record's other entries count. */
export async function auditEntry(db: Db, id: string) {
  if (!UUID.test(id)) return undefined;
  const [found] = await rows<{ record: AuditRow }>(db, sql`select ${ROW} || ${WITH_NAME} as record from audit_trails where id = ${id}`);
  if (!found) return undefined;
  const entry = found.record;
  const [history] =
    entry.resource && entry.recordId
      ? await rows<{ n: number }>(db, sql`select count(*)::int as n from audit_trails where resource = ${entry.resource} and record_id = ${entry.recordId}`)
      : [];
  return { ...listed(entry), changes: fieldChanges(entry.changes), recordHistoryCount: history?.n ?? 0 };
}

/** The whole filtered trail as CSV, one row per changed field's values folded into one cell; secrets hidden. */
export async function auditCsv(db: Db, query: Omit<AuditReportQuery, 'page' | 'limit'>, period: Period | null) {
  const found = await rows<{ record: AuditRow }>(
    db,
    sql`select ${ROW} as record from audit_trails ${whereOf(query, period)} order by created_at desc, id desc limit 100000`,
  );
  const header = ['When', 'Actor', 'Activity', 'Resource', 'Record', 'From', 'Changes'];
  const lines = found.map(({ record: r }) => [
    r.createdAt,
    r.actorEmail ?? '',
    safeActivity(r.activity),
    r.resource ?? '',
    r.recordId ?? '',
    r.ipAddress ?? '',
    fieldChanges(r.changes)
      .map((c) => `${c.field}: ${JSON.stringify(c.before)} → ${JSON.stringify(c.after)}`)
      .join('; '),
  ]);
  return { csv: csvOf(header, lines), rows: lines.length };
}
