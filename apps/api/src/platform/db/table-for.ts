import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
  type ExtraConfigColumn,
  type IndexBuilder,
  type PgColumnBuilderBase,
  type PgTableWithColumns,
} from 'drizzle-orm/pg-core';
import type { AnyEntity, FieldDescriptor } from '@campus/domain-core';
import { entityRegistry } from '@campus/api-contract';

const snakes = new Map<string, string>();

/** `campusId` → `campus_id`, `academic-years` → `academic_years` (remembered: field names are few, rows many). */
export function snake(name: string): string {
  let found = snakes.get(name);
  if (found === undefined) {
    found = name
      .replace(/[-\s]+/g, '_')
      .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
      .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
      .toLowerCase();
    if (snakes.size < 10_000) snakes.set(name, found);
  }
  return found;
}

/** The name of a table's index for sorting by `field` (on the field, then the id). */
export function sortIndexName(table: string, field: string): string {
  return `${table}_${snake(field)}_sort`;
}

export function tableNameOf(entity: Pick<AnyEntity, 'resource'>): string {
  return snake(entity.resource);
}

/** Fields stored as columns: everything except write-only inputs (a temporary password is hashed elsewhere). */
export function storedFields(entity: AnyEntity): [string, FieldDescriptor][] {
  return Object.entries(entity.fields).filter(([, f]) => !f.writeOnly);
}

const TEXT_KINDS = new Set(['text', 'textarea', 'email', 'url', 'password']);
export const isTextField = (f: FieldDescriptor) => TEXT_KINDS.has(f.kind);
export const isArrayField = (f: FieldDescriptor) => f.kind === 'multi-enum' || f.kind === 'multi-reference';

/** Coded values that are all numbers are stored as integers, others (and those said to be strings) as text. */
export function isNumericEnum(f: FieldDescriptor): boolean {
  return (f.kind === 'enum' || f.kind === 'multi-enum') && f.valueType !== 'string' && f.options.every((o) => typeof o.value === 'number');
}

/** The SQL type of an array column, for casts like `ARRAY[$1]::uuid[]`. */
export function arrayTypeOf(f: FieldDescriptor): 'uuid[]' | 'integer[]' | 'text[]' {
  if (f.kind === 'multi-reference') return 'uuid[]';
  return isNumericEnum(f) ? 'integer[]' : 'text[]';
}

type AnyTable = PgTableWithColumns<{
  name: string;
  schema: undefined;
  columns: Record<string, AnyPgColumn>;
  dialect: 'pg';
}>;

const tables = new Map<string, AnyTable>();

function referencedId(resource: string): (() => AnyPgColumn) | undefined {
  const target = entityRegistry.byResource(resource);
  if (!target) return undefined;
  return () => tableFor(target).id as AnyPgColumn;
}

/**
 * The SQL type of a field stored in one scalar column (`text`, `integer`, `uuid`…); `undefined` for the array
 * kinds. Tables are built from it and lists use it to compare sort keys.
 */
export function scalarSqlType(f: FieldDescriptor): string | undefined {
  switch (f.kind) {
    case 'text':
    case 'textarea':
    case 'email':
    case 'url':
    case 'password':
      return 'text';
    case 'number':
      return 'double precision';
    case 'integer':
      return 'integer';
    case 'date':
      return 'date';
    case 'datetime':
      return 'timestamptz';
    case 'time':
      return 'time';
    case 'boolean':
      return 'boolean';
    case 'enum':
      return isNumericEnum(f) ? 'integer' : 'text';
    case 'reference':
      return 'uuid';
    default:
      return undefined;
  }
}

/** Column builders of the plain scalar types (booleans and references have their own defaults and keys). */
const SCALAR_COLUMNS: Record<string, (column: string) => PgColumnBuilderBase & { notNull(): PgColumnBuilderBase }> = {
  text: (column) => text(column),
  'double precision': (column) => doublePrecision(column),
  integer: (column) => integer(column),
  date: (column) => date(column, { mode: 'string' }),
  timestamptz: (column) => timestamp(column, { withTimezone: true, mode: 'string' }),
  time: (column) => time(column),
};

function columnFor(name: string, f: FieldDescriptor): PgColumnBuilderBase {
  const column = snake(name);
  switch (f.kind) {
    case 'boolean':
      return boolean(column).notNull().default(f.defaultValue);
    case 'multi-enum':
      return isNumericEnum(f)
        ? integer(column).array().notNull().default(sql`'{}'::integer[]`)
        : text(column).array().notNull().default(sql`'{}'::text[]`);
    case 'reference': {
      const target = referencedId(f.resource);
      const c = target ? uuid(column).references(target) : uuid(column);
      return f.required ? c.notNull() : c;
    }
    case 'multi-reference':
      return uuid(column).array().notNull().default(sql`'{}'::uuid[]`);
    default: {
      const c = SCALAR_COLUMNS[scalarSqlType(f)!]!(column);
      return f.required ? c.notNull() : c;
    }
  }
}

/**
 * The table of an entity, built from its descriptor: one column per stored field (snake_case), the base columns
 * (`id`, `created_at`, `updated_at`, `modified_by_id`, the state column), unique indexes on `lower(…)` for unique
 * text fields, btree indexes for sort, filter and reference columns (sort indexes end with `id`, the tie-breaker
 * of every list), GIN indexes for array columns, and pg_trgm GIN indexes for the free-text search fields.
 * `extra` adds columns that only the server writes (a user's password hash, lockout counters).
 */
export function tableFor(entity: AnyEntity, extra: Record<string, PgColumnBuilderBase> = {}): AnyTable {
  const cached = tables.get(entity.resource);
  if (cached) return cached;
  const name = tableNameOf(entity);
  const fields = Object.fromEntries(storedFields(entity));
  const columns: Record<string, PgColumnBuilderBase> = {
    id: uuid('id').primaryKey().defaultRandom(),
  };
  for (const [fieldName, f] of Object.entries(fields)) columns[fieldName] = columnFor(fieldName, f);
  columns[entity.state.kind] =
    entity.state.kind === 'isActive'
      ? boolean('is_active').notNull().default(true)
      : text('status').notNull().default(entity.state.lifecycle.initial);
  columns.createdAt = timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow();
  columns.updatedAt = timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow();
  columns.modifiedById = uuid('modified_by_id');
  Object.assign(columns, extra);

  const table = pgTable(name, columns, (t) => {
    const col = (field: string) => t[field] as AnyPgColumn;
    const out: (IndexBuilder | ReturnType<ReturnType<typeof index>['on']>)[] = [];
    const done = new Set<string>();
    const once = (key: string, make: () => (typeof out)[number]) => {
      if (done.has(key)) return;
      done.add(key);
      out.push(make());
    };
    for (const u of entity.unique) {
      const f = fields[u.field];
      const scope = (u.scope ?? []).map(col);
      const key: SQL | AnyPgColumn = f && isTextField(f) ? sql`lower(${col(u.field)})` : col(u.field);
      const parts = [...scope, key] as unknown as [AnyPgColumn | SQL, ...(AnyPgColumn | SQL)[]];
      once(`unique:${u.field}`, () => uniqueIndex(`${name}_${snake(u.field)}_unique`).on(...parts));
    }
    for (const field of [...entity.sortFields, 'createdAt', 'updatedAt']) {
      const f = fields[field];
      if (f && isArrayField(f)) continue;
      once(`sort:${field}`, () => index(sortIndexName(name, field)).on(col(field), col('id')));
    }
    for (const [fieldName, f] of Object.entries(fields)) {
      const filtered = entity.filterFields.includes(fieldName) || f.kind === 'reference';
      if (isArrayField(f) && (filtered || f.kind === 'multi-reference')) {
        once(`gin:${fieldName}`, () => index(`${name}_${snake(fieldName)}_gin`).using('gin', col(fieldName)));
      } else if (filtered && isTextField(f)) {
        once(`lower:${fieldName}`, () => index(`${name}_${snake(fieldName)}_lower`).on(sql`lower(${col(fieldName)})`));
      } else if (filtered && !entity.sortFields.includes(fieldName)) {
        once(`filter:${fieldName}`, () => index(`${name}_${snake(fieldName)}_idx`).on(col(fieldName)));
      }
    }
    for (const field of entity.searchFields) {
      const f = fields[field];
      if (!f || !isTextField(f)) continue;
      once(`trgm:${field}`, () =>
        index(`${name}_${snake(field)}_trgm`).using('gin', (t[field] as ExtraConfigColumn).op('gin_trgm_ops')),
      );
      const isUnique = entity.unique.some((u) => u.field === field);
      if (!isUnique) once(`lower:${field}`, () => index(`${name}_${snake(field)}_lower`).on(sql`lower(${col(field)})`));
    }
    once('state', () => index(`${name}_${snake(entity.state.kind)}_idx`).on(col(entity.state.kind)));
    return out;
  }) as unknown as AnyTable;
  tables.set(entity.resource, table);
  return table;
}

/** The table of a registered resource (it must have been built by the schema modules). */
export function tableOf(resource: string): AnyTable {
  const table = tables.get(resource);
  if (!table) throw new Error(`No table for ${resource}.`);
  return table;
}

export type { AnyTable };
