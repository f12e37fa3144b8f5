/**
 * Search blocks (decision 0074): where a search's matches lie late in an order (a surname in surname order, a first
 * name in first-name order), the walk of `search-walk.ts` would read most of the order before its first match, and
 * collecting every match visits the table once per match. A large table's order, per sort field, is cut into blocks
 * of `SEARCH_BLOCK_ROWS` consecutive rows, each with the digit-free pieces of its rows' search texts; such a search
 * finds the first block that can hold a match through a trigram index over those pieces and walks the order from
 * there. Rows written since the blocks were built are listed by the table's triggers and checked on their own.
 */
import type { Statement } from '../../platform/db/client.js';
import type { EntityModel } from '../model.js';
import { sortKeyType } from './deep-pages.js';
import { canWalk, roundEstimate, SEARCH_WALK_MAX, type SearchEstimate } from './search-walk.js';
import { MATCH_CACHE_MAX_IDS, searchStatement, versionText, type ListDatabase, type RecordsOf } from './statements.js';
import { keyText, likesText, searchWords, type Sort } from './where.js';

/**
 * A table with more rows written since its blocks were built than this is searched without them (each search checks
 * every one of those rows) until the next build.
 */
export const SEARCH_BLOCK_CHANGES_MAX = 5_000;

/**
 * The walk from the first block that can hold a match, for `words` words (`$1…$n` their patterns), then the window
 * (how many entries of the order it reads at most), how many matches it keeps at most, and the page's first and
 * last position among them.
 *
 * - `b`: the first block in list order (the last, descending) whose pieces hold every word. A row that was in the
 *   table when the blocks were built and has not been written since lies, with its sort key, in the range of its
 *   block; a block whose pieces lack a word holds no row with it. So no such row before that block's first row
 *   (after its last, descending) matches.
 * - `m`: the matches among the entries of the order from that row on, read along the sort index (it carries
 *   `list_search`: an index-only scan), in order, as many as wanted.
 * - `d`: the matches before that row among the rows written since the build (`list_search_changes`).
 * Together, in list order, they begin the search's matches: the page is exactly the plain query's when they hold it.
 */
function seekStatement(model: EntityModel, sort: Sort, words: number, type: string): Statement {
  return searchStatement(model, sort, `seek ${words}`, () => {
    const table = model.tableName;
    const key = keyText(sort.field);
    const asc = sort.direction === 'asc';
    const dir = sort.direction;
    const patterns = Array.from({ length: words }, (_, i) => `lower($${i + 1})`).join(', ');
    const bound = `((select k from b), (select i from b))`;
    return `with b as materialized (
                select f.k::${type} as k, f.i from list_search_first_block('${table}', '${sort.field}', array[${patterns}], ${!asc}) f),
              ch as materialized (
                select count(*) as n from (select 1 from list_search_changes c where c.table_name = '${table}' limit ${SEARCH_BLOCK_CHANGES_MAX + 1}) z),
              m as (
                select t.id, t.s from (
                  select t.id, ${key} as s, t.list_search from "${table}" t
                   where (${key}, t.id) ${asc ? '>=' : '<='} ${bound}
                   order by ${key} ${dir}, t.id ${dir} limit (select $${words + 1}::int)) t
                 where ${likesText(words)} limit (select $${words + 2}::int)),
              d as (
                select t.id, ${key} as s from list_search_changes c join "${table}" t on t.id = c.id
                 where c.table_name = '${table}' and (select n from ch) <= ${SEARCH_BLOCK_CHANGES_MAX}
                   and (${key}, t.id) ${asc ? '<' : '>'} ${bound} and ${likesText(words)})
            select ${versionText(model)} as version, (select count(*) from b) as seeded, (select n from ch) as changes, x.found,
                   (x.ids)[1:${MATCH_CACHE_MAX_IDS}]::text as first, (x.ids)[$${words + 3}::int:$${words + 4}::int]::text as ids
              from (select count(*) as found, array_agg(u.id order by u.s ${dir}, u.id ${dir}) as ids
                      from (select id, s from d union all select id, s from m) u) x`;
  });
}

/**
 * The page of a search the sample expects to match many rows, walked from the first block that can hold a match
 * (`seekStatement`): for a search whose walk from the start of the order found too few matches, instead of
 * collecting every match. Counted by the sample's estimate, as a walk is. `undefined` when a word holds a digit (the
 * blocks keep the digit-free pieces only: a number is in nearly every block), where the order's key may be null or
 * its sort index does not carry `list_search`, where no blocks were built or too many rows were written since, and
 * when the walk from the block found too few matches — the matches are then collected.
 */
export async function seekedSearchPage(
  database: ListDatabase,
  model: EntityModel,
  query: { readonly q: string; readonly sort: Sort; readonly limit: number },
  patterns: readonly string[],
  offset: number,
  records: RecordsOf,
  { sample, estimate, wordsKey }: SearchEstimate,
): Promise<{ rows: string; count: number; version: string; first: string[] } | undefined> {
  if (searchWords(query.q).some((word) => /[0-9]/.test(word))) return undefined;
  const type = sortKeyType(model, query.sort.field);
  const need = offset + query.limit;
  const seekKey = `seek ${query.sort.field} ${query.sort.direction} ${wordsKey}`;
  if (!type || need >= (sample.walkFailedAt.get(seekKey) ?? Infinity)) return undefined;
  if (!(await canWalk(database.db, model, query.sort.field))) return undefined;
  const [row] = await database.run<{ version: string; seeded: number | string; changes: number | string; found: number | string; first: string | null; ids: string | null }>(
    seekStatement(model, query.sort, patterns.length, type),
    [...patterns, SEARCH_WALK_MAX, Math.max(need, MATCH_CACHE_MAX_IDS), offset + 1, need],
  );
  if (!row?.ids || !row.first || Number(row.seeded) === 0 || Number(row.changes) > SEARCH_BLOCK_CHANGES_MAX || Number(row.found) < need) {
    sample.walkFailedAt.set(seekKey, Math.min(need, sample.walkFailedAt.get(seekKey) ?? Infinity));
    return undefined;
  }
  const page = await records(row.ids);
  const first = page && String(page.version) === String(row.version) ? row.first.slice(1, -1).split(',') : [];
  return { rows: page?.rows ?? '[]', count: roundEstimate(estimate), version: String(row.version), first };
}
