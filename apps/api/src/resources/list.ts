import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { ListFilter, ListQuery } from '@campus/api-contract';
import { rows, statement, type Database, type Db, type Statement } from '../platform/db/client.js';
import { scalarSqlType, sortIndexName } from '../platform/db/table-for.js';
import { agingFacts, answerCache, checkedCache, LruMap, schemaFacts } from '../platform/cache.js';
import { bindValue, col, isArrayField, isTextField, type EntityModel } from './model.js';

/** Above this many rows an unfiltered list reports the planner's row estimate instead of counting. */
export const COUNT_ESTIMATE_THRESHOLD = 50_000;

/**
 * Every `ANCHOR_STEP`-th position of an unfiltered sort order is remembered (its sort key and id), so a deep page
 * starts from the nearest remembered position at or before it and walks at most this many index entries.
 */
export const ANCHOR_STEP = 1_000;

/** What a list needs of the database: ad-hoc queries and statements compiled once. */
export type ListDatabase = Pick<Database, 'db' | 'run'> & Partial<Pick<Database, 'tableChanges'>>;

type Sort = ListQuery['sort'];

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function filterSql(model: EntityModel, filter: ListFilter): SQL {
  if (filter.field === '_id') return sql`t.id = ${filter.value}`;
  const f = model.fields.get(filter.field);
  if (f && isArrayField(f)) return sql`${col(filter.field)} @> ${bindValue(f, [filter.value])}`;
  if (f && isTextField(f)) return sql`lower(${col(filter.field)}) = lower(${filter.value})`;
  return sql`${col(filter.field)} = ${filter.value}`;
}

/** The words of `q` a search looks for (at most five). */
const searchWords = (q: string) => q.split(/\s+/).filter(Boolean).slice(0, 5);

/**
 * Every word of `q` must appear (case-insensitively) in one of the search fields. With `column`, the table's
 * `list_search` column is read instead of the fields (migration 0026): the fields lower-cased and joined by a line
 * break, which no word holds, so `list_search like lower('%word%')` is true exactly when one of the fields contains
 * the word as `ilike` judges it (PostgreSQL's `ilike` compares `lower(field)` with `lower(pattern)`). One trigram
 * index and one `like` per candidate row, instead of one index and one `ilike` per field.
 */
function searchSql(model: EntityModel, q: string, column: boolean): SQL | undefined {
  const fields = model.entity.searchFields.filter((name) => {
    const f = model.fields.get(name);
    return f && isTextField(f);
  });
  const words = searchWords(q);
  if (!fields.length || !words.length) return undefined;
  return sql.join(
    words.map((word) => {
      const pattern = `%${escapeLike(word)}%`;
      if (column) return sql`t.list_search like lower(${pattern})`;
      return sql`(${sql.join(
        fields.map((name) => sql`${col(name)} ilike ${pattern}`),
        sql` or `,
      )})`;
    }),
    sql` and `,
  );
}

/**
 * The `like` patterns of a search that has no filter and reads the `list_search` column (`%word%`, one per word):
 * such a search runs as a statement compiled once per order and number of words, with the patterns as its
 * parameters. `undefined` for any other list.
 */
function searchPatterns(model: EntityModel, query: Pick<ListQuery, 'filters' | 'q'>, column: boolean): string[] | undefined {
  if (!column || query.filters.length || !query.q || !searchSql(model, query.q, column)) return undefined;
  return searchWords(query.q).map((word) => `%${escapeLike(word)}%`);
}

/**
 * `t.list_search like (select lower($1)) and …` for `words` words, their patterns the first parameters. The
 * subquery lower-cases each pattern once per run: a generic plan would otherwise lower-case it again for every row
 * it rechecks (18 against 14.6 ms for a surname's 20,067 matches among 1,000,500 students).
 */
const likesText = (words: number) =>
  Array.from({ length: words }, (_, i) => `t.list_search like (select lower($${i + 1}))`).join(' and ');

function whereSql(model: EntityModel, query: Pick<ListQuery, 'filters' | 'q'>, column = false): SQL | undefined {
  const parts = query.filters.map((f) => filterSql(model, f));
  const search = query.q ? searchSql(model, query.q, column) : undefined;
  if (search) parts.push(search);
  return parts.length ? sql.join(parts, sql` and `) : undefined;
}

const dialect = new PgDialect();

/**
 * What a list query selects, without paging: its condition (`true` for all) and its order, over `t`. Bulk work
 * and exports use it so that they act on exactly the records the list screen shows.
 */
export function selectionSql(model: EntityModel, query: Pick<ListQuery, 'filters' | 'q' | 'sort'>): { where: SQL; order: SQL } {
  return { where: whereSql(model, query) ?? sql`true`, order: sql.raw(orderText(query.sort)) };
}

/** A field's column of the row `t` as SQL text (`t."last_name"`). */
const keyText = (field: string) => dialect.sqlToQuery(col(field)).sql;

/** `t."last_name" asc, t.id asc`: every list order ends with the id, which makes it total. */
function orderText(sort: Sort): string {
  return `${keyText(sort.field)} ${sort.direction}, t.id ${sort.direction}`;
}

/**
 * The SQL type of a sort key when it can never be null (a deep page compares `(key, id)` with a remembered
 * position, which a null would break); `undefined` otherwise.
 */
function sortKeyType(model: EntityModel, field: string): string | undefined {
  if (field === '_id') return 'uuid';
  if (field === 'createdAt' || field === 'updatedAt') return 'timestamptz';
  const f = model.fields.get(field);
  if (!f) return undefined;
  if (f.kind === 'boolean') return 'boolean';
  return f.required ? scalarSqlType(f) : undefined;
}

interface Compiled {
  readonly order: string;
  /** The total: the planner's estimate above the threshold, else an exact count (`e.n` is the estimate). */
  readonly count: string;
  readonly estimate: string;
  /** `$1` limit, `$2` offset → `count`, the page's `ids` (`{…}` text) along the sort index, and the `version`. */
  readonly ids: Statement;
  /** `$1` ids (`{…}`) → `rows`: the records as one JSON array text, in list order, and the table's `version`. */
  readonly records: Statement;
  /** Statements of searches without a filter, by kind and number of words (`walkStatement` and the two after it). */
  readonly searches: Map<string, Statement>;
}

const compiledByModel = new WeakMap<EntityModel, Map<string, Compiled>>();

/** The statements of one model in one sort order, compiled once. */
function compiled(model: EntityModel, sort: Sort): Compiled {
  let byOrder = compiledByModel.get(model);
  if (!byOrder) compiledByModel.set(model, (byOrder = new Map()));
  const key = `${sort.field} ${sort.direction}`;
  let found = byOrder.get(key);
  if (!found) {
    const table = `"${model.tableName}"`;
    const order = orderText(sort);
    const estimate = `(select coalesce((select reltuples::bigint from pg_class where oid = to_regclass('${model.tableName}')), -1) as n) e`;
    const count = `case when e.n >= ${COUNT_ESTIMATE_THRESHOLD} then e.n else (select count(*) from ${table}) end`;
    found = {
      order,
      count,
      estimate,
      ids: statement(
        `select ${versionText(model)} as version, ${count} as count, e.n >= ${COUNT_ESTIMATE_THRESHOLD} as estimated,
                (select array_agg(p.id)::text from (select t.id from ${table} t order by ${order} limit $1 offset $2) p) as ids
           from ${estimate}`,
      ),
      // Parameters are only the ids, so after a few runs this statement keeps one plan and is not planned again.
      records: statement(
        `select ${versionText(model)} as version, '[' || coalesce(string_agg(${model.recordJsonText}, ',' order by ${order}), '') || ']' as rows
           from ${table} t ${model.listJoinsText} where t.id = any($1::uuid[])`,
      ),
      searches: new Map(),
    };
    byOrder.set(key, found);
  }
  return found;
}

/** A search statement of one model and order, compiled on first use. */
function searchStatement(model: EntityModel, sort: Sort, key: string, text: () => string): Statement {
  const { searches } = compiled(model, sort);
  let found = searches.get(key);
  if (!found) searches.set(key, (found = statement(text())));
  return found;
}

/**
 * The walk of `walkedSearchPage` for `words` words: `$1…$n` their patterns, then the window (how many entries of
 * the order it reads), the page's first and last position among the matches → `version`, `found` (the matches in
 * the window), `first` (the first `MATCH_CACHE_MAX_IDS` of them) and the page's `ids`. The window is read through
 * a subquery, so no plan knows it: a plan made for a window of 2,300 entries was always costed below the generic
 * plan (which assumes a tenth of the table), and the statement was planned again on every run.
 */
function walkStatement(model: EntityModel, sort: Sort, words: number): Statement {
  return searchStatement(model, sort, `walk ${words}`, () => {
    const key = keyText(sort.field);
    return `select ${versionText(model)} as version, w.found, (w.ids)[1:${MATCH_CACHE_MAX_IDS}]::text as first,
                   (w.ids)[$${words + 2}::int:$${words + 3}::int]::text as ids
              from (select count(*) as found, array_agg(t.id order by t.s ${sort.direction}, t.id ${sort.direction}) as ids
                      from (select t.id, ${key} as s, t.list_search from "${model.tableName}" t
                             order by ${compiled(model, sort).order} limit (select $${words + 1}::int)) t
                     where ${likesText(words)}) w`;
  });
}

/**
 * A collected search over the rows of `t` that `where` selects: the matches stored once (a materialized CTE, so the
 * planner uses the filter and trigram indexes instead of walking the sort index), then the table's version, their
 * count, the first `MATCH_CACHE_MAX_IDS` in list order and, with `page` (its limit and offset), a page beyond them.
 */
function collectSql(model: EntityModel, sort: Sort, where: SQL, page?: { limit: SQL; offset: SQL }): SQL {
  const order = sql.raw(`s ${sort.direction}, id ${sort.direction}`);
  const ids = page
    ? sql`(select array_agg(p.id)::text from (select id from matches order by ${order} limit ${page.limit} offset ${page.offset}) p)`
    : sql`null::text`;
  return sql`with matches as materialized (select t.id, ${sql.raw(keyText(sort.field))} as s from ${model.table} t where ${where})
             select ${versionOf(model)} as version, (select count(*) from matches) as count,
                    (select array_agg(f.id)::text from (select id from matches order by ${order} limit ${sql.raw(String(MATCH_CACHE_MAX_IDS))}) f) as first,
                    ${ids} as ids`;
}

/**
 * The collected search of `filteredPageIds` for `words` words without a filter: `$1…$n` their patterns and, for a
 * page beyond the first matches, its limit and offset.
 */
function collectStatement(model: EntityModel, sort: Sort, words: number, beyond: boolean): Statement {
  return searchStatement(model, sort, `collect ${words} ${beyond}`, () => {
    const page = beyond ? { limit: sql.raw(`$${words + 1}`), offset: sql.raw(`$${words + 2}`) } : undefined;
    return dialect.sqlToQuery(collectSql(model, sort, sql.raw(likesText(words)), page)).sql;
  });
}

/**
 * The first matches of a search whose count is the sample's estimate (`$1…$n` the words' patterns), not counted:
 * the matches stream from the trigram index into a top-`MATCH_CACHE_MAX_IDS` sort, without being stored and read
 * again to count them (the subquery's `offset 0` keeps the planner from walking the sort index instead). At
 * 1,000,500 students, 9 ms instead of 15 ms for a surname's 20,067 matches.
 */
function firstMatchesStatement(model: EntityModel, sort: Sort, words: number): Statement {
  return searchStatement(model, sort, `first ${words}`, () => {
    const key = keyText(sort.field);
    return `select ${versionText(model)} as version, null::bigint as count,
                   (select array_agg(f.id)::text
                      from (select m.id from (select t.id, ${key} as s from "${model.tableName}" t where ${likesText(words)} offset 0) m
                             order by m.s ${sort.direction}, m.id ${sort.direction} limit ${MATCH_CACHE_MAX_IDS}) f) as first,
                   null::text as ids`;
  });
}

/** Remembered positions of one sort order, valid while the table's `list_versions` row says `version`. */
interface Anchors {
  readonly version: string;
  /** `keys[i]`, `ids[i]`: the sort key (as text) and id at position `(i + 1) * ANCHOR_STEP - 1`. */
  readonly keys: string[];
  readonly ids: string[];
}

/** Per database, per table and order: the anchors being read or read, or `null` where the table has no trigger. */
const anchorsCache = checkedCache<{ readonly version: string; readonly anchors: Promise<Anchors | null> }>({
  name: 'list anchors',
  maxEntries: 1_000,
});

/** The table's change counter (see `list_versions`) as text; `0` before its first write. */
function versionText(model: EntityModel): string {
  return `coalesce((select version from list_versions where table_name = '${model.tableName}'), 0)::text`;
}
const versionOf = (model: EntityModel) => sql.raw(versionText(model));

const trackedTables = schemaFacts<boolean>('tables with a version trigger');

/** Whether the table carries the trigger that keeps its version (every entity table does since migration 0003). */
function isTracked(db: Db, model: EntityModel): Promise<boolean> {
  return trackedTables(db, model.tableName, () =>
    rows<{ tracked: boolean }>(
      db,
      sql.raw(`select exists (select 1 from pg_trigger where tgrelid = to_regclass('${model.tableName}') and tgname = 'list_version') as tracked`),
    ).then(([row]) => row?.tracked === true),
  );
}

const searchColumns = schemaFacts<boolean>('tables with a list search column');

/** Whether the table has the `list_search` column (every entity table with text search fields since migration 0026). */
export function hasSearchColumn(db: Db, model: EntityModel): Promise<boolean> {
  return searchColumns(db, model.tableName, () =>
    rows<{ present: boolean }>(
      db,
      sql.raw(`select exists (select 1 from pg_attribute where attrelid = to_regclass('${model.tableName}') and attname = 'list_search' and not attisdropped) as present`),
    ).then(([row]) => row?.present === true),
  );
}

async function readAnchors(db: Db, model: EntityModel, sort: Sort): Promise<Anchors | null> {
  if (!(await isTracked(db, model))) return null;
  const { order } = compiled(model, sort);
  const key = keyText(sort.field);
  // One statement, so the version and the positions come from the same snapshot.
  const [row] = await rows<{ version: string; keys: string[] | null; ids: string[] | null }>(
    db,
    sql.raw(`select v.version, array_agg(x.k order by x.rn) as keys, array_agg(x.id order by x.rn) as ids
               from (select ${versionText(model)} as version) v
               left join (select ${key}::text as k, t.id::text as id, row_number() over (order by ${order}) as rn
                            from "${model.tableName}" t) x on x.rn % ${ANCHOR_STEP} = 0
              group by v.version`),
  );
  if (!row) return null;
  return { version: String(row.version), keys: (row.keys ?? []).filter((k) => k !== null), ids: (row.ids ?? []).filter((i) => i !== null) };
}

function anchorsFor(db: Db, model: EntityModel, sort: Sort, stale?: Promise<Anchors | null>): Promise<Anchors | null> {
  const key = `${model.tableName} ${sort.field} ${sort.direction}`;
  let found = anchorsCache.get(db, key)?.anchors;
  // Only one reading at a time: the first request to see a stale set replaces it, later ones share the new one.
  // (The entry's version is checked by `deepPageIds` against the statement that uses it.)
  if (!found || found === stale) {
    found = readAnchors(db, model, sort);
    anchorsCache.set(db, key, { version: '', anchors: found });
    found.catch(() => anchorsCache.delete(db, key));
  }
  return found;
}

interface IdsRow {
  version?: string;
  count: number | string | bigint | null;
  /** The count is the planner's estimate (unfiltered lists of large tables). */
  estimated?: boolean | null;
  ids: string | null;
}

/**
 * A deep unfiltered page from the nearest remembered position: `(key, id) > (anchor)` walks the sort index from
 * there. `undefined` when the table changed since the anchors were read (twice) or cannot use them.
 */
async function deepPageIds(db: Db, model: EntityModel, sort: Sort, limit: number, offset: number): Promise<IdsRow | undefined> {
  const type = sortKeyType(model, sort.field);
  if (!type || offset < ANCHOR_STEP) return undefined;
  const c = compiled(model, sort);
  const comparison = sort.direction === 'asc' ? sql.raw('>') : sql.raw('<');
  let anchorsPromise = anchorsFor(db, model, sort);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const anchors = await anchorsPromise;
    if (!anchors) return undefined;
    const index = Math.min(Math.floor(offset / ANCHOR_STEP), anchors.keys.length) - 1;
    if (index < 0) return undefined;
    const rest = offset - (index + 1) * ANCHOR_STEP;
    const [row] = await rows<IdsRow>(
      db,
      sql`select ${versionOf(model)} as version, ${sql.raw(c.count)} as count, e.n >= ${sql.raw(String(COUNT_ESTIMATE_THRESHOLD))} as estimated,
                 (select array_agg(p.id)::text from (
                    select t.id from ${model.table} t
                     where (${col(sort.field)}, t.id) ${comparison} (${anchors.keys[index]}::${sql.raw(type)}, ${anchors.ids[index]}::uuid)
                     order by ${sql.raw(c.order)} limit ${limit} offset ${rest}) p) as ids
            from ${sql.raw(c.estimate)}`,
    );
    if (row && String(row.version) === anchors.version) return row;
    anchorsPromise = anchorsFor(db, model, sort, anchorsPromise);
  }
  return undefined;
}

/** A search over a table of at least this many rows (the planner's figure) may be read by a walk along its order. */
export const SEARCH_WALK_MIN_ROWS = 10_000;
/** A search expected to match at least this many rows is counted by estimate (`estimated: true`, "about N"). */
export const SEARCH_ESTIMATE_FROM = 1_000;
/** About how many of a table's search texts its sample keeps (per process; read again after `SEARCH_SAMPLE_AGE_MS`). */
export const SEARCH_SAMPLE_SIZE = 5_000;
export const SEARCH_SAMPLE_AGE_MS = 10 * 60_000;
/** At least this many sampled rows must match before the sample's share is taken as the search's. */
export const SEARCH_SAMPLE_MIN_HITS = 30;
/** A walk reads at most this many index entries; a search expected to need more collects its matches instead. */
export const SEARCH_WALK_MAX = 20_000;
/**
 * How sure a walk's window is to hold its page, in standard deviations: the window is sized for the sample's share
 * less this many of its standard errors, and for the page's matches plus this many of their standard deviation.
 */
export const SEARCH_WALK_MARGIN = 2.5;

/**
 * How many entries of the order a walk reads to find `need` matches when the sample of `sampled` texts found the
 * words in a share `share` of them: `undefined` when the sample cannot bound the share away from zero.
 */
export function walkWindow(need: number, share: number, sampled: number): number | undefined {
  const low = share - SEARCH_WALK_MARGIN * Math.sqrt((share * (1 - share)) / sampled);
  return low > 0 ? Math.ceil((need + SEARCH_WALK_MARGIN * Math.sqrt(need)) / low) : undefined;
}

/**
 * A random sample of a table's `list_search` texts and the table's size when it was taken, with what searches
 * learnt from it while it is kept: how many sampled texts hold a search's words, and the smallest page end at which
 * a walk in an order found too few matches (the search then collects its matches at once). Each at most
 * `SEARCH_SAMPLE_NOTES` entries; both go when the sample is read again.
 */
interface SearchSample {
  readonly rows: number;
  readonly texts: readonly string[];
  readonly hits: LruMap<string, number>;
  readonly walkFailedAt: LruMap<string, number>;
}

const SEARCH_SAMPLE_NOTES = 2_000;

const searchSamples = agingFacts<SearchSample | null>('list search samples', SEARCH_SAMPLE_AGE_MS);

/** `null` for a table too small to walk (or never analysed: the planner does not know its size). */
async function readSearchSample(db: Db, model: EntityModel): Promise<SearchSample | null> {
  const [size] = await rows<{ n: number | string | null }>(
    db,
    sql.raw(`select reltuples::float8 as n from pg_class where oid = to_regclass('${model.tableName}')`),
  );
  const total = Number(size?.n ?? -1);
  if (!(total >= SEARCH_WALK_MIN_ROWS)) return null;
  // About `SEARCH_SAMPLE_SIZE` rows drawn from the whole table; the limit only bounds memory (cutting the sample at
  // a number of rows would leave the table's last pages out of it).
  const percent = Math.min(100, (SEARCH_SAMPLE_SIZE * 100) / total);
  const found = await rows<{ text: string | null }>(
    db,
    sql.raw(`select list_search as text from "${model.tableName}" tablesample bernoulli (${percent}) repeatable (20) limit ${Math.ceil(SEARCH_SAMPLE_SIZE * 1.5)}`),
  );
  return {
    rows: total,
    texts: found.map((r) => r.text ?? ''),
    hits: new LruMap(SEARCH_SAMPLE_NOTES),
    walkFailedAt: new LruMap(SEARCH_SAMPLE_NOTES),
  };
}

const walkIndexes = schemaFacts<boolean>('sort indexes that carry the search column');

/** Whether the sort index of `field` (on the field and the id) also carries `list_search` (migration 0034). */
function canWalk(db: Db, model: EntityModel, field: string): Promise<boolean> {
  const index = sortIndexName(model.tableName, field);
  return walkIndexes(db, index, () =>
    rows<{ covered: boolean }>(
      db,
      sql.raw(`select exists (select 1 from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey::int2[])
                               where i.indexrelid = to_regclass('${index}') and a.attname = 'list_search') as covered`),
    ).then(([row]) => row?.covered === true),
  );
}

/** An estimate shown as "about N": two significant digits. */
function roundEstimate(n: number): number {
  const step = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(n, 1))) - 1);
  return Math.round(n / step) * step;
}

/**
 * The page of a search expected to match many rows, read by walking the list's order along its sort index, which
 * carries `list_search` (an index-only scan: no visit to the table), instead of collecting, sorting and counting
 * every match. The table's sample says what share of its rows match (the words looked for in each sampled text,
 * as the `like` does): from `SEARCH_ESTIMATE_FROM` expected matches on, the count is that estimate, rounded and
 * marked `estimated`. The walk reads a bounded window, the first rows of the order, as many as the page should
 * need with a margin for the sample's error (`walkWindow`: about twice as many for a surname); the matches inside a
 * window that begins the order are the first matches of the whole order, so when the window holds the page, the
 * page is exactly the plain query's. When it does not (the matches cluster
 * later in the order, as a surname searched in surname order), `undefined`: the matches are collected instead.
 * Also `undefined` with a filter, before the sample is read, and where no sort index carries the column.
 */
async function walkedSearchPage(
  database: ListDatabase,
  model: EntityModel,
  query: ListQuery,
  patterns: readonly string[],
  offset: number,
  records: (ids: string) => Promise<{ version: string; rows: string } | undefined>,
  { sample, share, estimate, wordsKey }: SearchEstimate,
): Promise<{ rows: string; count: number; version: string; first: string[] } | undefined> {
  const need = offset + query.limit;
  const window = walkWindow(need, share, sample.texts.length);
  const walkKey = `${query.sort.field} ${query.sort.direction} ${wordsKey}`;
  if (window === undefined || window > SEARCH_WALK_MAX || need >= (sample.walkFailedAt.get(walkKey) ?? Infinity)) return undefined;
  if (!(await canWalk(database.db, model, query.sort.field))) return undefined;
  // The walk's matches in list order, once: the first of them (remembered like a collected search's) and the page.
  const [row] = await database.run<{ version: string; found: number | string; first: string | null; ids: string | null }>(
    walkStatement(model, query.sort, patterns.length),
    [...patterns, window, offset + 1, need],
  );
  if (!row?.ids || !row.first || Number(row.found) < need) {
    sample.walkFailedAt.set(walkKey, Math.min(need, sample.walkFailedAt.get(walkKey) ?? Infinity));
    return undefined;
  }
  const page = await records(row.ids);
  // The first matches are remembered only when the records were read at the same version as the walk.
  const first = page && String(page.version) === String(row.version) ? row.first.slice(1, -1).split(',') : [];
  return { rows: page?.rows ?? '[]', count: roundEstimate(estimate), version: String(row.version), first };
}

/** What a table's sample says of a search expected to match many rows. */
interface SearchEstimate {
  readonly sample: SearchSample;
  /** The share of the sampled texts that hold every word, and the rows that share of the table makes. */
  readonly share: number;
  readonly estimate: number;
  readonly wordsKey: string;
}

/**
 * The sample's estimate for a search without a filter (one with `searchPatterns`), when it expects at least
 * `SEARCH_ESTIMATE_FROM` matches (from at least `SEARCH_SAMPLE_MIN_HITS` sampled texts); `undefined` otherwise, or
 * before the sample is read.
 */
function searchEstimate(database: ListDatabase, model: EntityModel, q: string): SearchEstimate | undefined {
  const sample = searchSamples(database.db, model.tableName, () => readSearchSample(database.db, model));
  if (!sample?.texts.length) return undefined;
  const words = searchWords(q).map((word) => word.toLowerCase());
  const wordsKey = words.join(' ');
  let hits = sample.hits.get(wordsKey);
  if (hits === undefined) {
    hits = 0;
    for (const text of sample.texts) if (words.every((word) => text.includes(word))) hits += 1;
    sample.hits.set(wordsKey, hits);
  }
  const share = hits / sample.texts.length;
  const estimate = share * sample.rows;
  if (hits < SEARCH_SAMPLE_MIN_HITS || estimate < SEARCH_ESTIMATE_FROM) return undefined;
  return { sample, share, estimate, wordsKey };
}

/** The first matches of a filter or search, in list order, and their count, as of a version of the table. */
interface Matches {
  readonly version: string;
  readonly count: number;
  /** The count is the sample's estimate (a walked search): the ids are the first matches, not necessarily all. */
  readonly estimated?: boolean;
  readonly ids: readonly string[];
}

/** Filters and searches whose matches are remembered, per database (the least recently used are forgotten). */
export const MATCH_CACHE_ENTRIES = 100;
/**
 * How many of a search's first matches are remembered (pages beyond them are read as they come). A new search
 * sorts this many of its matches (or as many as its page needs, if more): 500 cost twice what 200 do.
 */
export const MATCH_CACHE_MAX_IDS = 200;

const matchCache = checkedCache<Matches>({ name: 'search matches', maxEntries: MATCH_CACHE_ENTRIES });

/** Unfiltered pages whose ids are remembered, per database (the least recently used are forgotten). */
export const PAGE_CACHE_ENTRIES = 500;

interface KnownPage {
  readonly version: string;
  readonly count: number;
  readonly estimated: boolean;
  /** `{…}` text, as the records statement takes it. */
  readonly ids: string;
}

const pageCache = checkedCache<KnownPage>({ name: 'list page ids', maxEntries: PAGE_CACHE_ENTRIES });

interface MatchesRow {
  version: string;
  count: number | string | bigint | null;
  /** The first `MATCH_CACHE_MAX_IDS` matches in list order, `{…}` text. */
  first: string | null;
  /** The page's ids when the page lies beyond them. */
  ids: string | null;
}

/**
 * The page's ids of a filtered or searched list. The matching ids are collected first (a materialized CTE, so the
 * planner uses the filter and trigram indexes instead of walking the sort index) and counted exactly — except for a
 * search the sample expects to match many rows (`firstMatchesStatement`: counted by the estimate); the first
 * `MATCH_CACHE_MAX_IDS` of them, in list order, come back with the table's version, a page among them is cut from
 * them (one sort for both), and they are remembered, so the next page of the same search — or
 * the same page again — needs no search at all as long as the table has not changed (the records statement reports
 * the version it read, and a changed one sends the request back here).
 */
async function filteredPageIds(
  database: ListDatabase,
  model: EntityModel,
  query: ListQuery,
  where: SQL,
  offset: number,
  patterns: readonly string[] | undefined,
  expected: SearchEstimate | undefined,
): Promise<{ row: IdsRow; remember?: (version: string) => void }> {
  const db = database.db;
  // A page inside the first matches is cut from them (one sort); a page beyond them is sorted out on its own.
  const beyond = offset + query.limit > MATCH_CACHE_MAX_IDS;
  // A search alone runs its statement compiled once; with a filter, the statement is put together each time. A
  // search the sample expects to match many rows is not counted: its count is the estimate, unless its matches
  // turn out fewer than it remembers (then they are all known, and counted).
  const uncounted = patterns && expected && !beyond;
  const [row] = patterns
    ? await database.run<MatchesRow>(
        uncounted
          ? firstMatchesStatement(model, query.sort, patterns.length)
          : collectStatement(model, query.sort, patterns.length, beyond),
        beyond ? [...patterns, query.limit, offset] : patterns,
      )
    : await rows<MatchesRow>(db, collectSql(model, query.sort, where, beyond ? { limit: sql`${query.limit}`, offset: sql`${offset}` } : undefined));
  if (!row) return { row: { count: 0, ids: null } };
  const sorted = row.first ? row.first.slice(1, -1).split(',') : [];
  const estimated = Boolean(uncounted && sorted.length >= MATCH_CACHE_MAX_IDS);
  const count = !uncounted ? row.count : estimated ? roundEstimate(expected.estimate) : sorted.length;
  const page = sorted.slice(offset, offset + query.limit);
  const ids = beyond ? row.ids : page.length ? `{${page.join(',')}}` : null;
  const first = sorted.slice(0, MATCH_CACHE_MAX_IDS);
  if (!first.length || !(await isTracked(db, model))) return { row: { count, estimated, ids } };
  return {
    row: { version: row.version, count, estimated, ids },
    // Remembered only when the records were read at the same version as the matches.
    remember: (version) => {
      if (version !== String(row.version)) return;
      matchCache.set(db, matchKey(model, query, where), { version, count: Number(count ?? 0), estimated, ids: first });
    },
  };
}

function matchKey(model: EntityModel, query: ListQuery, where: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(where);
  return JSON.stringify([model.tableName, query.sort.field, query.sort.direction, text, params]);
}

/**
 * One page of records and the total, as the JSON text of `{ rows, count }`: the records are built as JSON text
 * by the database and never parsed and serialised again on the way out.
 *
 * First the page's ids and the total, then the records of those ids (a statement whose only parameter is the ids,
 * so it keeps one plan). Unfiltered, the ids are read along the sort index (ids only, so deep pages walk the
 * index, not the table), from the nearest remembered position for deep pages, and `count` is the planner's
 * estimate above `COUNT_ESTIMATE_THRESHOLD` rows (an exact count of a large table on every page view is the cost
 * this avoids); a page read before is read again from its remembered ids while the table's version is the one
 * it was read at. Filtered or searched, see `walkedSearchPage` and `filteredPageIds`.
 */
export async function listPage(database: ListDatabase, model: EntityModel, query: ListQuery): Promise<string> {
  return answeredPages(database, `${model.tableName} ${JSON.stringify(query)}`, model.listTables, () => readListPage(database, model, query));
}

/**
 * Whole answers, by query, remembered until one of the tables the list reads changes (`answerCache`): the same list
 * query then gets the same text without reading the list again (on PostgreSQL one small statement reads the tables'
 * counters, once per request). At most about 8 MB of text per database and process; the least recently used go
 * first. A changed table sends the request through the checked entries below, which still spare it the search.
 */
const answeredPages = answerCache<string>({
  name: 'list answers',
  maxEntries: 10_000,
  maxWeight: 8_000_000,
  weigh: (text) => text.length,
});

/** The answer's JSON text; an estimated count says so (`"estimated":true`), an exact one adds nothing. */
function listText(rowsJson: string, count: number, estimated: boolean): string {
  return estimated ? `{"rows":${rowsJson},"count":${count},"estimated":true}` : `{"rows":${rowsJson},"count":${count}}`;
}

async function readListPage(database: ListDatabase, model: EntityModel, query: ListQuery): Promise<string> {
  const column = !!query.q && (await hasSearchColumn(database.db, model));
  const where = whereSql(model, query, column);
  const offset = (query.page - 1) * query.limit;
  const c = compiled(model, query.sort);
  const records = async (ids: string) => (await database.run<{ version: string; rows: string }>(c.records, [ids]))[0];
  if (!where) {
    // A page read before is read again from its ids while the table is unchanged (the records report the version).
    const key = `${model.tableName} ${query.sort.field} ${query.sort.direction} ${query.limit} ${offset}`;
    const known = pageCache.get(database.db, key);
    if (known) {
      const page = await records(known.ids);
      if (page && String(page.version) === known.version) return listText(page.rows, known.count, known.estimated);
      pageCache.delete(database.db, key);
    }
    const found = (await deepPageIds(database.db, model, query.sort, query.limit, offset)) ??
      (await database.run<IdsRow>(c.ids, [query.limit, offset]))[0];
    const count = Number(found?.count ?? 0);
    const estimated = found?.estimated === true;
    if (!found?.ids) return listText('[]', count, estimated);
    const page = await records(found.ids);
    if (page && found.version !== undefined && String(page.version) === String(found.version) && (await isTracked(database.db, model))) {
      pageCache.set(database.db, key, { version: String(found.version), count, estimated, ids: found.ids });
    }
    return listText(page?.rows ?? '[]', count, estimated);
  }

  const key = matchKey(model, query, where);
  const known = matchCache.get(database.db, key);
  if (known) {
    const ids = known.ids.slice(offset, offset + query.limit);
    // Only a page wholly inside the remembered matches (or of a search whose matches are all remembered).
    const whole = offset + query.limit <= known.ids.length || (!known.estimated && known.ids.length >= known.count);
    if (ids.length && whole) {
      const page = await records(`{${ids.join(',')}}`);
      if (page && String(page.version) === known.version) return listText(page.rows, known.count, known.estimated === true);
    }
    matchCache.delete(database.db, key);
  }
  const patterns = searchPatterns(model, query, column);
  const expected = patterns && query.q ? searchEstimate(database, model, query.q) : undefined;
  const walked = patterns && expected ? await walkedSearchPage(database, model, query, patterns, offset, records, expected) : undefined;
  if (walked) {
    if (walked.first.length && (await isTracked(database.db, model))) {
      matchCache.set(database.db, key, { version: walked.version, count: walked.count, estimated: true, ids: walked.first });
    }
    return listText(walked.rows, walked.count, true);
  }
  const { row, remember } = await filteredPageIds(database, model, query, where, offset, patterns, expected);
  const count = Number(row.count ?? 0);
  const estimated = row.estimated === true;
  if (!row.ids) return listText('[]', count, estimated);
  const page = await records(row.ids);
  if (page) remember?.(String(page.version));
  return listText(page?.rows ?? '[]', count, estimated);
}
