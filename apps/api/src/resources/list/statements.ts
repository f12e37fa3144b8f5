/**
 * The statements of a list compiled once per model and order (the page's ids, the records of those ids, the
 * searches without a filter), the table's version they report, and what they need to know of the table's schema.
 */
import { sql } from 'drizzle-orm';
import { rows, statement, type Database, type Db, type Statement } from '../../platform/db/client.js';
import { schemaFacts } from '../../platform/cache.js';
import type { EntityModel } from '../model.js';
import { orderText, type Sort } from './where.js';

/** Above this many rows an unfiltered list reports the planner's row estimate instead of counting. */
export const COUNT_ESTIMATE_THRESHOLD = 50_000;

/** What a list needs of the database: ad-hoc queries and statements compiled once. */
export type ListDatabase = Pick<Database, 'db' | 'run'> & Partial<Pick<Database, 'tableChanges'>>;

export interface Compiled {
  readonly order: string;
  /** The total: the planner's estimate above the threshold, else an exact count (`e.n` is the estimate). */
  readonly count: string;
  readonly estimate: string;
  /** `$1` limit, `$2` offset → `count`, the page's `ids` (`{…}` text) along the sort index, and the `version`. */
  readonly ids: Statement;
  /** `$1` ids (`{…}`) → `rows`: the records as one JSON array text, in list order, and the table's `version`. */
  readonly records: Statement;
  /** Statements of searches without a filter, by kind and number of words (`walkStatement`, `collectStatement`, `firstMatchesStatement`). */
  readonly searches: Map<string, Statement>;
}

const compiledByModel = new WeakMap<EntityModel, Map<string, Compiled>>();

/** The statements of one model in one sort order, compiled once. */
export function compiled(model: EntityModel, sort: Sort): Compiled {
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
export function searchStatement(model: EntityModel, sort: Sort, key: string, text: () => string): Statement {
  const { searches } = compiled(model, sort);
  let found = searches.get(key);
  if (!found) searches.set(key, (found = statement(text())));
  return found;
}

/** The table's change counter (see `list_versions`) as text; `0` before its first write. */
export function versionText(model: EntityModel): string {
  return `coalesce((select version from list_versions where table_name = '${model.tableName}'), 0)::text`;
}
export const versionOf = (model: EntityModel) => sql.raw(versionText(model));

const trackedTables = schemaFacts<boolean>('tables with a version trigger');

/** Whether the table carries the trigger that keeps its version (every entity table does since migration 0003). */
export function isTracked(db: Db, model: EntityModel): Promise<boolean> {
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

export interface IdsRow {
  version?: string;
  count: number | string | bigint | null;
  /** The count is the planner's estimate (unfiltered lists of large tables). */
  estimated?: boolean | null;
  ids: string | null;
}

/**
 * How many of a search's first matches are remembered (pages beyond them are read as they come). A new search
 * sorts this many of its matches (or as many as its page needs, if more): 500 cost twice what 200 do.
 */
export const MATCH_CACHE_MAX_IDS = 200;

/** The records of a page's ids (`{…}` text) as one JSON array text, with the table's version they were read at. */
export type RecordsOf = (ids: string) => Promise<{ version: string; rows: string } | undefined>;

/** A page as the answer gives it: the records' JSON array text, the total and whether it is an estimate. */
export interface ListPageRows {
  readonly rows: string;
  readonly count: number;
  readonly estimated: boolean;
}
