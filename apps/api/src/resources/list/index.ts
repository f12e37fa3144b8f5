/**
 * A list page of an entity: `listPage` answers the JSON text of `{ rows, count }`, through the whole-answer cache,
 * from the unfiltered page's ids (remembered, or from the nearest deep-page anchor) or from a filter's or search's
 * matches (`matches.ts`, `search-walk.ts`); the statements are compiled once (`statements.ts`).
 */
import type { ListQuery } from '@campus/api-contract';
import { answerCache, checkedCache } from '../../platform/cache.js';
import type { EntityModel } from '../model.js';
import { deepPageIds } from './deep-pages.js';
import { filteredPage } from './matches.js';
import { compiled, hasSearchColumn, isTracked, type IdsRow, type ListDatabase, type ListPageRows, type RecordsOf } from './statements.js';
import { whereSql } from './where.js';

export { ANCHOR_STEP } from './deep-pages.js';
export { MATCH_CACHE_ENTRIES } from './matches.js';
export {
  SEARCH_ESTIMATE_FROM,
  SEARCH_SAMPLE_AGE_MS,
  SEARCH_SAMPLE_MIN_HITS,
  SEARCH_SAMPLE_SIZE,
  SEARCH_WALK_MARGIN,
  SEARCH_WALK_MAX,
  SEARCH_WALK_MIN_ROWS,
  canWalk,
  walkWindow,
} from './search-walk.js';
export { SEARCH_BLOCK_CHANGES_MAX } from './search-blocks.js';
export { sortKeyType } from './deep-pages.js';
export { COUNT_ESTIMATE_THRESHOLD, hasSearchColumn, MATCH_CACHE_MAX_IDS, type ListDatabase } from './statements.js';
export { keyText, selectionSql } from './where.js';

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
function listText({ rows, count, estimated }: ListPageRows): string {
  return estimated ? `{"rows":${rows},"count":${count},"estimated":true}` : `{"rows":${rows},"count":${count}}`;
}

async function readListPage(database: ListDatabase, model: EntityModel, query: ListQuery): Promise<string> {
  const column = !!query.q && (await hasSearchColumn(database.db, model));
  const where = whereSql(model, query, column);
  const offset = (query.page - 1) * query.limit;
  const c = compiled(model, query.sort);
  const records: RecordsOf = async (ids) => (await database.run<{ version: string; rows: string }>(c.records, [ids]))[0];
  return listText(
    where
      ? await filteredPage(database, model, query, where, column, offset, records)
      : await unfilteredPage(database, model, query, offset, records),
  );
}

/**
 * An unfiltered page: a page read before is read again from its ids while the table is unchanged (the records
 * report the version); otherwise its ids come from the nearest deep-page anchor or along the sort index.
 */
async function unfilteredPage(database: ListDatabase, model: EntityModel, query: ListQuery, offset: number, records: RecordsOf): Promise<ListPageRows> {
  const key = `${model.tableName} ${query.sort.field} ${query.sort.direction} ${query.limit} ${offset}`;
  const known = pageCache.get(database.db, key);
  if (known) {
    const page = await records(known.ids);
    if (page && String(page.version) === known.version) return { rows: page.rows, count: known.count, estimated: known.estimated };
    pageCache.delete(database.db, key);
  }
  const found = (await deepPageIds(database.db, model, query.sort, query.limit, offset)) ??
    (await database.run<IdsRow>(compiled(model, query.sort).ids, [query.limit, offset]))[0];
  const count = Number(found?.count ?? 0);
  const estimated = found?.estimated === true;
  if (!found?.ids) return { rows: '[]', count, estimated };
  const page = await records(found.ids);
  if (page && found.version !== undefined && String(page.version) === String(found.version) && (await isTracked(database.db, model))) {
    pageCache.set(database.db, key, { version: String(found.version), count, estimated, ids: found.ids });
  }
  return { rows: page?.rows ?? '[]', count, estimated };
}
