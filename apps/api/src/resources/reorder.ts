import { sql } from 'drizzle-orm';
import { rows, type Db } from '../platform/db/client.js';
import { snake, sortIndexName } from '../platform/db/table-for.js';
import { pgErrorCode } from './crud.js';
import { canWalk, hasSearchColumn, keyText, SEARCH_WALK_MIN_ROWS, sortKeyType } from './list/index.js';
import type { EntityModel } from './model.js';

/**
 * Below this correlation between a large table's physical order and its default list order, housekeeping puts the
 * rows back in that order (decision 0044). Right after a reorder it is 1; rows added or changed since pull it down.
 */
export const REORDER_BELOW_CORRELATION = 0.9;

/** How long a reorder waits for the table's lock before leaving the table for the next run. */
export const REORDER_LOCK_WAIT_MS = 5_000;

/** Rows of a sort order per search block (decision 0074). */
export const SEARCH_BLOCK_ROWS = 1_000;

/** What happened to one table. */
export interface TableReorder {
  readonly table: string;
  /** The field of the default order the rows were (or already are) stored in. */
  readonly field: string;
  readonly rows: number;
  readonly outcome: 'reordered' | 'in order' | 'busy';
  /** Correlation of the physical order with the default order before the run (null: never analysed). */
  readonly correlation: number | null;
  readonly ms?: number;
}

/**
 * Stores each large searchable table's rows in its default list order (`CLUSTER … USING` the order's sort index),
 * then vacuums and analyses it. A search that collects its matches reads them from the table; in the default order,
 * rows with the same name share pages (a surname's 2,000 students on about 100 pages instead of 1,700), so the
 * search reads a fraction of the pages. The vacuum marks the new pages all-visible, which the index-only walks of
 * decision 0043 need.
 *
 * Only tables with `list_search`, at least `SEARCH_WALK_MIN_ROWS` rows and a correlation below
 * `REORDER_BELOW_CORRELATION`. `CLUSTER` holds the table's exclusive lock while it rewrites it (seconds per
 * 100,000 rows): it waits at most `REORDER_LOCK_WAIT_MS` for the lock, and a busy table is left for the next run.
 */
export async function reorderLargeTables(
  db: Db,
  models: readonly EntityModel[],
  options: { readonly lockWaitMs?: number } = {},
): Promise<TableReorder[]> {
  const lockWait = Math.max(1, Math.round(options.lockWaitMs ?? REORDER_LOCK_WAIT_MS));
  const done: TableReorder[] = [];
  for (const model of models) {
    const field = model.entity.defaultSort.replace(/^-/, '');
    const table = model.tableName;
    const index = sortIndexName(table, field);
    if (!(await hasSearchColumn(db, model))) continue;
    const [facts] = await rows<{ rows: number | null; indexed: boolean; correlation: number | null }>(
      db,
      sql`select (select reltuples::float8 from pg_class where oid = to_regclass(${table})) as rows,
                 to_regclass(${index}) is not null as indexed,
                 (select correlation::float8 from pg_stats where schemaname = current_schema() and tablename = ${table} and attname = ${snake(field)}) as correlation`,
    );
    const count = Number(facts?.rows ?? -1);
    if (!facts?.indexed || !(count >= SEARCH_WALK_MIN_ROWS)) continue;
    const correlation = facts.correlation === null ? null : Number(facts.correlation);
    if (correlation !== null && Math.abs(correlation) >= REORDER_BELOW_CORRELATION) {
      done.push({ table, field, rows: count, outcome: 'in order', correlation });
      continue;
    }
    const started = Date.now();
    try {
      await db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local lock_timeout = ${lockWait}`));
        await tx.execute(sql.raw(`cluster "${table}" using "${index}"`));
      });
    } catch (error) {
      // 55P03: the lock was not granted in time (the table is in use); the next run tries again.
      if (pgErrorCode(error).code === '55P03') {
        done.push({ table, field, rows: count, outcome: 'busy', correlation });
        continue;
      }
      throw error;
    }
    // Outside a transaction: VACUUM refuses to run inside one.
    await db.execute(sql.raw(`vacuum (analyze) "${table}"`));
    done.push({ table, field, rows: count, outcome: 'reordered', correlation, ms: Date.now() - started });
  }
  return done;
}

/** What a build of search blocks did for one table. */
export interface BlocksBuilt {
  readonly table: string;
  /** The sort fields whose blocks were built. */
  readonly fields: readonly string[];
  readonly rows: number;
  readonly outcome: 'built' | 'current' | 'busy';
  readonly ms?: number;
}

/** The trigram index of the search blocks of one table and sort field. */
export const blocksIndexName = (table: string, field: string) => `list_search_blocks_${table}_${snake(field)}`;

/** The sort fields of a model that get blocks: a key that is never null, a sort index that carries `list_search`. */
async function blockFields(db: Db, model: EntityModel): Promise<string[]> {
  const fields: string[] = [];
  for (const field of model.entity.sortFields) {
    if (sortKeyType(model, field) && (await canWalk(db, model, field))) fields.push(field);
  }
  return fields;
}

/**
 * Builds the search blocks of each large searchable table (at least `SEARCH_WALK_MIN_ROWS` rows, with `list_search`)
 * whose blocks are missing or whose rows were written since they were built: per sort field with a key that is never
 * null and a sort index that carries `list_search`, the order cut into blocks of `SEARCH_BLOCK_ROWS` rows, each with
 * its first and last row (sort key and id) and the distinct pieces of its rows' `list_search` between digits and
 * line breaks, under a trigram index of its own (`blocksIndexName`). Attaches the triggers that list the rows
 * written from then on (`list_search_changes`, `list_search_inserted` and `list_search_updated`), in the writing
 * statement's transaction. The table's writers wait while it is read (`share row exclusive`: readers go on);
 * it waits at most `lockWaitMs` for that lock, and a busy table is left for the next run.
 */
export async function buildSearchBlocks(
  db: Db,
  models: readonly EntityModel[],
  options: { readonly lockWaitMs?: number } = {},
): Promise<BlocksBuilt[]> {
  const lockWait = Math.max(1, Math.round(options.lockWaitMs ?? REORDER_LOCK_WAIT_MS));
  const done: BlocksBuilt[] = [];
  for (const model of models) {
    const table = model.tableName;
    if (!(await hasSearchColumn(db, model))) continue;
    const [facts] = await rows<{ rows: number | null; built: boolean; changed: boolean }>(
      db,
      sql`select (select reltuples::float8 from pg_class where oid = to_regclass(${table})) as rows,
                 exists (select 1 from list_search_blocks where table_name = ${table}) as built,
                 exists (select 1 from list_search_changes where table_name = ${table}) as changed`,
    );
    const count = Number(facts?.rows ?? -1);
    if (!(count >= SEARCH_WALK_MIN_ROWS)) continue;
    const fields = await blockFields(db, model);
    if (!fields.length) continue;
    if (facts?.built && !facts.changed) {
      done.push({ table, fields, rows: count, outcome: 'current' });
      continue;
    }
    const started = Date.now();
    try {
      await db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local lock_timeout = ${lockWait}`));
        await tx.execute(sql.raw(`lock table "${table}" in share row exclusive mode`));
        for (const [event, name] of [['insert', 'list_search_inserted'], ['update', 'list_search_updated']] as const) {
          await tx.execute(
            sql.raw(`create or replace trigger ${name} after ${event} on "${table}" referencing new table as changed
                       for each statement execute function list_search_changed()`),
          );
        }
        await tx.execute(sql`delete from list_search_blocks where table_name = ${table}`);
        await tx.execute(sql`delete from list_search_changes where table_name = ${table}`);
        for (const field of fields) {
          // One trigram index per table and order: a search looks only at the blocks of its own order.
          await tx.execute(
            sql.raw(`create index if not exists "${blocksIndexName(table, field)}" on list_search_blocks using gin (words gin_trgm_ops)
                       where table_name = '${table}' and field = '${field}'`),
          );
          const key = keyText(field);
          await tx.execute(
            sql.raw(`with r as materialized (
                       select ${key}::text as k, t.id, t.list_search as s,
                              (row_number() over (order by ${key}, t.id) - 1) / ${SEARCH_BLOCK_ROWS} as block,
                              row_number() over (order by ${key}, t.id) as n
                         from "${table}" t)
                     insert into list_search_blocks (table_name, field, block, first_key, first_id, last_key, last_id, words)
                     select '${table}', '${field}', o.block, o.first_key, o.first_id, o.last_key, o.last_id, coalesce(w.words, '')
                       from (select block, (array_agg(k order by n))[1] as first_key, (array_agg(id order by n))[1] as first_id,
                                    (array_agg(k order by n desc))[1] as last_key, (array_agg(id order by n desc))[1] as last_id
                               from r group by block) o
                       left join (select r.block, string_agg(distinct p, E'\\n') as words
                                    from r, regexp_split_to_table(r.s, E'[0-9\\n]+') p where p <> '' group by r.block) w on w.block = o.block`),
          );
        }
      });
    } catch (error) {
      // 55P03: the lock was not granted in time (the table is in use); the next run tries again.
      if (pgErrorCode(error).code === '55P03') {
        done.push({ table, fields, rows: count, outcome: 'busy' });
        continue;
      }
      throw error;
    }
    await db.execute(sql`analyze list_search_blocks`);
    done.push({ table, fields, rows: count, outcome: 'built', ms: Date.now() - started });
  }
  return done;
}
