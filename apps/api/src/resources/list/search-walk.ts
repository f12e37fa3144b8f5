/**
 * Searches expected to match many rows: a sample of the table's search texts says what share of its rows match, and
 * such a search's page is read by walking the list's order along its sort index, counted by that estimate.
 */
import { sql } from 'drizzle-orm';
import type { ListQuery } from '@campus/api-contract';
import { rows, type Db, type Statement } from '../../platform/db/client.js';
import { sortIndexName } from '../../platform/db/table-for.js';
import { agingFacts, LruMap, schemaFacts } from '../../platform/cache.js';
import type { EntityModel } from '../model.js';
import { compiled, MATCH_CACHE_MAX_IDS, searchStatement, versionText, type ListDatabase, type RecordsOf } from './statements.js';
import { keyText, likesText, searchWords, type Sort } from './where.js';

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
export function canWalk(db: Db, model: EntityModel, field: string): Promise<boolean> {
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
export function roundEstimate(n: number): number {
  const step = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(n, 1))) - 1);
  return Math.round(n / step) * step;
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
export async function walkedSearchPage(
  database: ListDatabase,
  model: EntityModel,
  query: ListQuery,
  patterns: readonly string[],
  offset: number,
  records: RecordsOf,
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
export interface SearchEstimate {
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
export function searchEstimate(database: ListDatabase, model: EntityModel, q: string): SearchEstimate | undefined {
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
