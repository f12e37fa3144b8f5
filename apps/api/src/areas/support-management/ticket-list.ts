import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TicketListQuery } from '@campus/api-contract';
import { answerCache, checkedCache } from '../../platform/cache.js';
import { rows, statement, type Database, type Db } from '../../platform/db/client.js';
import { col } from '../../platform/db/column.js';
import { supportCategoriesV2, supportOffices, supportTeams, supportTickets, users } from '../../platform/db/schema/index.js';

/** What the ticket list needs of the database: ad-hoc queries, statements compiled once, and (embedded) its change counters. */
export type TicketListDatabase = Pick<Database, 'db' | 'run'> & Partial<Pick<Database, 'tableChanges'>>;

/** Counting stops here: beyond it a list says "at least" (`countIsCapped`) rather than counting every match. */
export const TICKET_COUNT_CAP = 10_000;

/** How many of a list query's first matches are remembered, in list order (pages beyond them are read as they come). */
export const TICKET_MATCH_IDS = 200;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The word of a search that the trigram index looks up: the one found in the fewest of the sampled tickets (the
 * longest on a tie), among the runs of three or more letters or digits of `q` (shorter runs have no trigram).
 * Every such run is part of `q`, so a ticket containing `q` contains it: the index narrows, and the whole of `q`
 * is then checked on what it found. Looking up every trigram of `q` instead costs a walk of the index's longest
 * lists (the words every ticket of a category shares) for each search.
 */
export function searchWordOf(q: string, sample: readonly string[]): string | undefined {
  const words = [...new Set(q.toLowerCase().split(/[^\p{L}\p{N}]+/u))].filter((w) => w.length >= 3);
  const seen = (word: string) => sample.reduce((n, text) => n + (text.includes(word) ? 1 : 0), 0);
  return words
    .map((word) => ({ word, n: seen(word) }))
    .sort((a, b) => a.n - b.n || b.word.length - a.word.length)[0]?.word;
}

/** How long a sample of the tickets' search text is used before it is read again. */
const SAMPLE_MS = 10 * 60_000;
const samples = new WeakMap<object, { readonly at: number; readonly texts: Promise<string[]> }>();

/**
 * A sample of the tickets' search text: the values ANALYZE keeps for the column's statistics (PostgreSQL's
 * autovacuum refreshes them; empty before the first ANALYZE, when the longest word is taken).
 */
function searchSample(db: Db): Promise<string[]> {
  const known = samples.get(db);
  if (known && Date.now() - known.at < SAMPLE_MS) return known.texts;
  const texts = rows<{ texts: string[] | null }>(
    db,
    sql`select coalesce((most_common_vals::text)::text[], '{}') || coalesce((histogram_bounds::text)::text[], '{}') as texts
          from pg_stats where schemaname = current_schema() and tablename = 'support_tickets' and attname = 'search_text'`,
  ).then(([row]) => row?.texts ?? []);
  samples.set(db, { at: Date.now(), texts });
  texts.catch(() => samples.delete(db));
  return texts;
}

/** The search condition of `q` (subject and thread, case-insensitive, as typed), with its index word when it has one. */
function searchCondition(q: string, word: string | undefined): SQL[] {
  const t = supportTickets;
  const text = q.toLowerCase();
  if (!word || word === text) return [sql`${t.searchText} like ${`%${escapeLike(text)}%`}`];
  // strpos is the same test as `like '%q%'`, but one the planner does not hand to the index.
  return [sql`${t.searchText} like ${`%${escapeLike(word)}%`}`, sql`strpos(${t.searchText}, ${text}) > 0`];
}

/** SQL conditions of a list query for a user (views: mine, the teams they lead or work in, all). */
export function listConditions(q: Omit<TicketListQuery, 'page' | 'limit'>, userId: string, teamIds: readonly string[] = [], searchWord?: string): SQL[] {
  const t = supportTickets;
  const where: SQL[] = [sql`${t.mergedIntoId} is null`];
  if (q.view === 'mine') where.push(eq(t.assigneeId, userId));
  if (q.view === 'team') where.push(teamIds.length ? inArray(t.teamId, [...teamIds]) : sql`false`);
  if (q.state) where.push(eq(t.state, q.state));
  if (q.priority) where.push(eq(t.priority, q.priority));
  if (q.categoryV2Id) where.push(eq(t.categoryV2Id, q.categoryV2Id));
  if (q.officeId) where.push(eq(t.officeId, q.officeId));
  if (q.teamId) where.push(eq(t.teamId, q.teamId));
  if (q.assigneeId) where.push(eq(t.assigneeId, q.assigneeId));
  if (q.sla) where.push(eq(t.slaStatus, q.sla));
  if (q.from) where.push(sql`${t.createdAt} >= ${`${q.from}T00:00:00Z`}::timestamptz`);
  if (q.to) where.push(sql`${t.createdAt} < (${`${q.to}T00:00:00Z`}::timestamptz + interval '1 day')`);
  if (q.q) where.push(...searchCondition(q.q, searchWord));
  return where;
}

/** The conditions of a list query for a user: their teams read, the search's index word chosen. */
export async function listConditionsFor(database: TicketListDatabase, q: Omit<TicketListQuery, 'page' | 'limit'>, userId: string): Promise<SQL[]> {
  const teamIds = q.view === 'team' ? await teamsOf(database, userId) : [];
  const word = q.q ? searchWordOf(q.q, await searchSample(database.db)) : undefined;
  return listConditions(q, userId, teamIds, word);
}

/** Columns of a list row, with the labels of what it refers to. */
export function listSelection() {
  const t = supportTickets;
  return {
    _id: t.id,
    reference: t.reference,
    subject: t.subject,
    requesterName: t.requesterName,
    requesterEmail: t.requesterEmail,
    state: t.state,
    priority: t.priority,
    channel: t.channel,
    slaStatus: t.slaStatus,
    firstResponseDueAt: t.firstResponseDueAt,
    resolutionDueAt: t.resolutionDueAt,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
    customFields: t.customFields,
    categoryV2Id: t.categoryV2Id,
    officeId: t.officeId,
    teamId: t.teamId,
    assigneeId: t.assigneeId,
    categoryName: col(supportCategoriesV2, 'name'),
    officeName: col(supportOffices, 'name'),
    teamName: col(supportTeams, 'name'),
    assigneeName: sql<string | null>`nullif(trim(coalesce(${col(users, 'firstName')}, '') || ' ' || coalesce(${col(users, 'lastName')}, '')), '')`,
  };
}

/** The ids of a user's (`$1`) teams as `{…}` text, in id order (the records statement reads them the same way). */
const TEAMS_TEXT = `(select coalesce(array_agg(id order by id), '{}')::text from support_teams where $1::uuid = any(agent_ids) or lead_id = $1::uuid)`;
const TEAMS = statement(`select ${TEAMS_TEXT} as teams`);
const idsOfText = (text: string) => (text.length > 2 ? text.slice(1, -1).split(',') : []);

/** The teams a user works in or leads (for the "my team's" view), read once per list. */
export async function teamsOf(database: Pick<Database, 'run'>, userId: string): Promise<string[]> {
  const [row] = await database.run<{ teams: string }>(TEAMS, [userId]);
  return idsOfText(row?.teams ?? '{}');
}

const VERSION = `coalesce((select version from list_versions where table_name = 'support_tickets'), 0)::text`;

/**
 * The records of a page (`$2`: their ids, `{…}`), in list order, each with the tickets table's version and the
 * teams of the user `$1` (what a remembered "my team's" page was read for). The parameters are only ids, so the
 * statement keeps one plan.
 */
const RECORDS = statement(`
  select ${VERSION} as "version", ${TEAMS_TEXT} as "teams", t.id as "_id", t.reference, t.subject, t.requester_name as "requesterName",
         t.requester_email as "requesterEmail", t.state, t.priority, t.channel, t.sla_status as "slaStatus",
         t.first_response_due_at as "firstResponseDueAt", t.resolution_due_at as "resolutionDueAt",
         t.created_at as "createdAt", t.updated_at as "updatedAt", t.custom_fields as "customFields",
         t.category_v2_id as "categoryV2Id", t.office_id as "officeId", t.team_id as "teamId", t.assignee_id as "assigneeId",
         c.name as "categoryName", o.name as "officeName", tm.name as "teamName",
         nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as "assigneeName"
    from support_tickets t
    left join support_categories_v2 c on c.id = t.category_v2_id
    left join support_offices o on o.id = t.office_id
    left join support_teams tm on tm.id = t.team_id
    left join users u on u.id = t.assignee_id
   where t.id = any($2::uuid[])
   order by t.created_at desc, t.id desc`);

type ListRow = Record<string, unknown> & { version?: string; teams?: string };

/** A list query's first matches (ids in list order) and their capped count, as of a version of the tickets table. */
interface Matches {
  readonly version: string;
  /** The user's teams the matches were read for (`{…}`), for "my team's" view. */
  readonly teams: string;
  readonly count: number;
  readonly ids: readonly string[];
}

const ticketMatches = checkedCache<Matches>({ name: 'ticket list matches', maxEntries: 200 });

/** The records of `ids`, the version they were read at and the user's teams (`undefined` when none was found). */
async function records(database: TicketListDatabase, userId: string, ids: readonly string[]) {
  const list = await database.run<ListRow>(RECORDS, [userId, `{${ids.join(',')}}`]);
  const version = list[0]?.version;
  const teams = list[0]?.teams;
  for (const row of list) {
    delete row.version;
    delete row.teams;
  }
  return { rows: list as Record<string, unknown>[], version: version === undefined ? undefined : String(version), teams };
}

/**
 * One page of tickets and the count (up to `TICKET_COUNT_CAP`, `countIsCapped` beyond).
 *
 * The matches are read once (a materialized CTE stopping at the cap, which the partial indexes of live tickets
 * answer without reading the table, and the search answers through its rarest word): when there are no more than
 * the cap, the page comes from them; a larger set is paged along the creation-time index. The first
 * `TICKET_MATCH_IDS` ids in list order are remembered with the table's version, so the next page of the same query
 * — or the same page again — reads only the records, while nothing changed; the records statement reports the
 * version it read, and a changed one sends the request back to the matches. Records and labels are always read at
 * request time.
 */
export function listTickets(database: TicketListDatabase, q: TicketListQuery, userId: string): Promise<TicketPage> {
  return answeredLists(database, JSON.stringify([q, userId]), LIST_TABLES, () => readTickets(database, q, userId));
}

interface TicketPage {
  readonly rows: Record<string, unknown>[];
  readonly count: number;
  readonly countIsCapped: boolean;
}

/** The tables a list answer is read from (its rows' labels included). */
const LIST_TABLES = ['support_tickets', 'support_categories_v2', 'support_offices', 'support_teams', 'users'];

/**
 * Whole answers, remembered until one of `LIST_TABLES` changes (as the generic lists' are, decisions 0007 and
 * 0042).
 */
const answeredLists = answerCache<TicketPage>({ name: 'ticket list answers', maxEntries: 2_000 });

async function readTickets(database: TicketListDatabase, q: TicketListQuery, userId: string): Promise<TicketPage> {
  const word = q.q ? searchWordOf(q.q, await searchSample(database.db)) : undefined;
  const offset = (q.page - 1) * q.limit;
  // What the matches depend on besides the table: the query, the user (mine, my teams) and the search's index word.
  const { page: _page, limit: _limit, ...filters } = q;
  const key = JSON.stringify([filters, q.view === 'all' ? null : userId, word ?? null]);
  const answer = (rows: Record<string, unknown>[], count: number): TicketPage => ({
    rows,
    count: Math.min(count, TICKET_COUNT_CAP),
    countIsCapped: count > TICKET_COUNT_CAP,
  });

  const known = ticketMatches.get(database.db, key);
  if (known) {
    const ids = known.ids.slice(offset, offset + q.limit);
    // Only a page wholly inside the remembered matches (or of a query whose matches are all remembered).
    if (ids.length && (offset + q.limit <= known.ids.length || known.ids.length >= known.count)) {
      const page = await records(database, userId, ids);
      if (page.version === known.version && (q.view !== 'team' || page.teams === known.teams)) return answer(page.rows, known.count);
    }
    ticketMatches.delete(database.db, key);
  }

  const teamIds = q.view === 'team' ? await teamsOf(database, userId) : [];
  const where = and(...listConditions(q, userId, teamIds, word))!;
  const remember = offset + q.limit <= TICKET_MATCH_IDS;
  const start = remember ? 0 : offset;
  const window = remember ? TICKET_MATCH_IDS : q.limit;
  const t = supportTickets;
  const [found] = await rows<{ version: string; count: number; ids: string | null }>(
    database.db,
    sql`with m as materialized (select ${t.id} as id, ${t.createdAt} as created_at from ${t} where ${where} limit ${TICKET_COUNT_CAP + 1}),
             n as (select count(*)::int as n from m)
        select ${sql.raw(VERSION)} as version, n.n as count,
               case when n.n <= ${TICKET_COUNT_CAP}
                    then (select array_agg(p.id order by p.created_at desc, p.id desc)::text
                            from (select id, created_at from m order by created_at desc, id desc limit ${window} offset ${start}) p)
                    else (select array_agg(p.id order by p.created_at desc, p.id desc)::text
                            from (select ${t.id} as id, ${t.createdAt} as created_at from ${t} where ${where}
                                   order by ${t.createdAt} desc, ${t.id} desc limit ${window} offset ${start}) p)
               end as ids
          from n`,
  );
  const count = Number(found?.count ?? 0);
  const all = idsOfText(found?.ids ?? '{}');
  const ids = remember ? all.slice(offset, offset + q.limit) : all;
  if (!ids.length) return answer([], count);
  const page = await records(database, userId, ids);
  const teams = `{${teamIds.join(',')}}`;
  if (remember && page.version !== undefined && page.version === String(found!.version) && (q.view !== 'team' || page.teams === teams)) {
    ticketMatches.set(database.db, key, { version: page.version, teams, count, ids: all });
  }
  return answer(page.rows, count);
}
