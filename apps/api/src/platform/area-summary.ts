import { sql, type SQL } from 'drizzle-orm';
import type { AreaSummary } from '@campus/api-contract';
import type { AnyEntity } from '@campus/domain-core';
import type { Database } from './db/client.js';
import { tableNameOf } from './db/table-for.js';
import { COUNT_ESTIMATE_THRESHOLD } from '../resources/list/index.js';

/** What a figure's query may depend on besides the database: the API's clock. */
export interface AttentionContext {
  readonly now: Date;
}

/**
 * The clock as SQL: `now` travels as integer milliseconds, so the statement can run prepared (its plan kept)
 * whatever the time.
 */
export function nowSql({ now }: AttentionContext): SQL {
  return sql`to_timestamp(${now.getTime()}::bigint / 1000.0)`;
}

/**
 * One figure an area wants looked at, declared in the area's own module (`areas/<area>/attention.ts`): its key,
 * its wording, the resource it counts, and which rows of which table it counts.
 */
export interface AttentionDefinition {
  readonly key: string;
  readonly label: string;
  readonly resource?: string;
  /** The table counted (its SQL name). */
  readonly table: string;
  /** The condition on that table's rows (`t` is the table's alias). */
  readonly where: (context: AttentionContext) => SQL;
}

/**
 * Attention figures stop counting here ("10,000 or more"): past it the number asks for the same action, and a
 * bounded count keeps the index page fast at a million rows.
 */
export const ATTENTION_CAP = 10_000;

function attentionCount(a: AttentionDefinition, context: AttentionContext): SQL {
  return sql`(select count(*) from (select 1 from ${sql.raw(`"${a.table}"`)} t where ${a.where(context)} limit ${sql.raw(String(ATTENTION_CAP))}) x)`;
}

/** The record count of a table as its list reports it: exact below the estimate threshold, else the planner's. */
function countOf(table: string): SQL {
  const name = sql.raw(`"${table}"`);
  return sql`(select case when e.n >= ${sql.raw(String(COUNT_ESTIMATE_THRESHOLD))} then e.n else (select count(*) from ${name}) end
              from (select coalesce((select reltuples::bigint from pg_class where oid = to_regclass(${table})), -1) as n) e)`;
}

/**
 * An area index's figures in one statement: a count per entity of the area and each attention figure, as one row
 * the database answers at once (`c0`, `c1`, … then `a0`, `a1`, …). The statement runs prepared: its text is the
 * same on every call, and planning some thirty subqueries costs more than running them on small tables.
 */
export async function areaSummary(
  database: Pick<Database, 'prepared'>,
  entities: readonly AnyEntity[],
  attention: readonly AttentionDefinition[],
  context: AttentionContext,
): Promise<AreaSummary> {
  const columns = [
    ...entities.map((e, i) => sql`${countOf(tableNameOf(e))} as ${sql.raw(`c${i}`)}`),
    ...attention.map((a, i) => sql`${attentionCount(a, context)} as ${sql.raw(`a${i}`)}`),
  ];
  if (columns.length === 0) return { counts: {}, attention: [] };
  const [row = {}] = await database.prepared<Record<string, string | number | null>>(sql`select ${sql.join(columns, sql`, `)}`);
  const number = (v: string | number | null | undefined) => Math.max(0, Number(v ?? 0));
  return {
    counts: Object.fromEntries(entities.map((e, i) => [e.resource, number(row[`c${i}`])])),
    attention: attention.map((a, i) => ({
      key: a.key,
      label: a.label,
      count: number(row[`a${i}`]),
      isCapped: number(row[`a${i}`]) >= ATTENTION_CAP,
      ...(a.resource ? { resource: a.resource } : {}),
    })),
  };
}
