import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { AnyEntity, EntityRegistry, FieldDescriptor } from '@campus/domain-core';
import { arrayTypeOf, isArrayField, isTextField, snake, storedFields, tableNameOf } from '../platform/db/table-for.js';

/** What the generic handler needs to query one entity's table, derived once from its descriptor. */
export interface EntityModel {
  readonly entity: AnyEntity;
  readonly table: SQL;
  readonly tableName: string;
  readonly fields: ReadonlyMap<string, FieldDescriptor>;
  /** `jsonb` of a row aliased `t`, shaped like `recordSchemaOf(entity)` with `_labels`. */
  readonly record: SQL;
  /** The same record without `_labels`: the row's own values only, for statements that need no labels. */
  readonly values: SQL;
  /** Each key of `values` and the SQL expression (over the row aliased `t`, no parameters) of its value. */
  readonly valueOf: ReadonlyMap<string, SQL>;
  /** Joins the record expression needs (none: labels are scalar subqueries); kept for callers' SQL shape. */
  readonly joins: SQL;
  /**
   * The same record as compact JSON text (an SQL expression of type `text`, no parameters), for lists that
   * aggregate a page into JSON text in the database: `row_to_json` of the row `r` that `listJoinsText` adds, its
   * keys in the record's order, written as `JSON.stringify` would write them, without jsonb's conversion and key
   * sorting. It must follow `from <table> t` and `listJoinsText`.
   */
  readonly recordJsonText: string;
  /**
   * Left joins to the referenced tables for the labels of `recordJsonText`, then the row `r` it writes (a lateral
   * subquery of the record's values under their keys). A page's statement keeps one plan, so the joins are planned
   * once; each small referenced table is then read once per page rather than once per row.
   */
  readonly listJoinsText: string;
  /** The tables a list answer is read from: the entity's own and those its labels come from. */
  readonly listTables: readonly string[];
}

const id = (name: string) => sql.identifier(name);
/** A column of the row aliased `t`. */
export const col = (field: string) => (field === '_id' ? sql.raw('t.id') : sql.raw(`t."${snake(field)}"`));

/** Timestamps leave the database as ISO 8601 in UTC, whatever the session's time zone. */
function isoTime(expr: SQL): SQL {
  return sql`to_char(${expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** jsonb_build_object takes at most 100 arguments, so long records are built in chunks joined with `||`. */
function jsonObject(pairs: [string, SQL][]): SQL {
  if (pairs.length === 0) return sql`'{}'::jsonb`;
  const chunks: SQL[] = [];
  for (let i = 0; i < pairs.length; i += 40) {
    const parts = pairs.slice(i, i + 40).map(([key, value]) => sql`${sql.raw(`'${key.replace(/'/g, "''")}'`)}, ${value}`);
    chunks.push(sql`jsonb_build_object(${sql.join(parts, sql`, `)})`);
  }
  return sql.join(chunks, sql` || `);
}

/**
 * Fields an answer computes rather than stores: SQL expressions over the row aliased `t` (no parameters), and the
 * other tables they read.
 */
export interface ComputedFields {
  readonly fields: Readonly<Record<string, string>>;
  readonly tables?: readonly string[];
}

export function buildModel(entity: AnyEntity, registry: EntityRegistry, computed?: ComputedFields): EntityModel {
  const tableName = tableNameOf(entity);
  const fields = new Map(storedFields(entity));
  const pairs: [string, SQL][] = [
    ['_id', sql.raw('t.id')],
    ['createdAt', isoTime(sql.raw('t.created_at'))],
    ['updatedAt', isoTime(sql.raw('t.updated_at'))],
    ['modifiedById', sql.raw('t.modified_by_id')],
    [entity.state.kind, col(entity.state.kind)],
  ];
  const labels: [string, SQL][] = [];
  const joins: SQL[] = [];
  // Lists read labels through joins instead: see `EntityModel.listJoinsText`.
  const listLabels: [string, SQL][] = [];
  const listJoins: string[] = [];
  const listTables = new Set<string>([tableNameOf(entity), ...(computed?.tables ?? [])]);
  for (const [name, f] of fields) {
    pairs.push([name, f.kind === 'datetime' ? isoTime(col(name)) : col(name)]);
    if (f.kind !== 'reference' && f.kind !== 'multi-reference') continue;
    const target = registry.byResource(f.resource);
    const labelField = target?.fields[f.labelField];
    if (!target || !labelField || labelField.writeOnly) continue;
    const targetTable = id(tableNameOf(target));
    listTables.add(tableNameOf(target));
    const labelColumn = id(snake(f.labelField));
    // A scalar subquery per reference rather than a join: the planner has no join order to search, which keeps
    // planning cheap for tables with many references. An empty reference skips its lookup altogether.
    if (f.kind === 'reference') {
      const lookup = sql`(select x.${labelColumn}::text from ${targetTable} x where x.id = ${col(name)})`;
      labels.push([name, f.required ? lookup : sql`case when ${col(name)} is null then null else ${lookup} end`]);
      const alias = `l${listJoins.length}`;
      listJoins.push(`left join "${tableNameOf(target)}" ${alias} on ${alias}.id = t."${snake(name)}"`);
      listLabels.push([name, sql.raw(`${alias}."${snake(f.labelField)}"::text`)]);
    } else {
      const lookup = sql`case when cardinality(${col(name)}) = 0 then null else (select string_agg(x.${labelColumn}::text, ', ' order by x.${labelColumn}) from ${targetTable} x where x.id = any(${col(name)})) end`;
      labels.push([name, lookup]);
      listLabels.push([name, lookup]);
    }
  }
  for (const [name, expression] of Object.entries(computed?.fields ?? {})) {
    if (fields.has(name) || entity.fields[name]) throw new Error(`${entity.resource}: computed field ${name} is also a field.`);
    pairs.push([name, sql.raw(`(${expression})`)]);
  }
  // The expressions hold identifiers only, no parameters: compile them once instead of on every query.
  const dialect = new PgDialect();
  const values = sql.raw(dialect.sqlToQuery(jsonObject(pairs)).sql);
  let record: SQL = values;
  if (labels.length) record = sql`${values} || jsonb_build_object('_labels', jsonb_strip_nulls(${jsonObject(labels)}))`;
  const compiled = dialect.sqlToQuery(record);
  if (compiled.params.length === 0) record = sql.raw(compiled.sql);
  // A row `r` of every field under its key (null as `null`), and `_labels` with only the labels that exist, which
  // `row_to_json` writes in one pass (a fifth less work than joining each value's `to_json` text).
  const columns = pairs.map(([key, value]) => sql`${value} as ${id(key)}`);
  if (listLabels.length) {
    const labelColumns = listLabels.map(([key, value]) => sql`${value} as ${id(key)}`);
    columns.push(sql`json_strip_nulls(row_to_json((select x from (select ${sql.join(labelColumns, sql`, `)}) x))) as "_labels"`);
  }
  listJoins.push(dialect.sqlToQuery(sql`cross join lateral (select ${sql.join(columns, sql`, `)}) r`).sql);
  return {
    entity,
    table: sql`${id(tableName)}`,
    tableName,
    fields,
    record,
    values,
    valueOf: new Map(pairs.map(([key, value]) => [key, sql.raw(dialect.sqlToQuery(value).sql)])),
    joins: sql.join(joins, sql` `),
    recordJsonText: 'row_to_json(r)::text',
    listJoinsText: listJoins.join(' '),
    listTables: [...listTables].sort(),
  };
}

/** A JS array as a PostgreSQL array literal, passed as one parameter and cast by the caller. */
export function pgArray(values: readonly unknown[]): string {
  const items = values.map((v) =>
    typeof v === 'number' ? String(v) : `"${String(v).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`,
  );
  return `{${items.join(',')}}`;
}

/** A value bound as a parameter for a column of this field (arrays as literals with a cast). */
export function bindValue(f: FieldDescriptor | undefined, value: unknown): SQL {
  if (value === null || value === undefined) return sql`null`;
  if (f && isArrayField(f)) return sql`${pgArray(value as unknown[])}::${sql.raw(arrayTypeOf(f))}`;
  return sql`${value}`;
}

export { isTextField, isArrayField, arrayTypeOf };
