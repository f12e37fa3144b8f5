import { sql } from 'drizzle-orm';
import { rows, type Db } from '../platform/db/client.js';
import { snake, sortIndexName } from '../platform/db/table-for.js';
import { pgErrorCode } from './crud.js';
import { hasSearchColumn, SEARCH_WALK_MIN_ROWS } from './list/index.js';
import type { EntityModel } from './model.js';

/**
 * Below this correlation between a large table's physical order and its default list order, housekeeping puts the
 * rows back in that order (decision 0044). Right after a reorder it is 1; rows added or changed since pull it down.
 */
export const REORDER_BELOW_CORRELATION = 0.9;

/** How long a reorder waits for the table's lock before leaving the table for the next run. */
export const REORDER_LOCK_WAIT_MS = 5_000;

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
