import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A column of a table built from a descriptor (`tableFor`), whose columns are known by name only at run time:
 * for the query builder's joins and selections in code that knows the field exists.
 */
export function col(table: unknown, name: string): AnyPgColumn {
  const column = (table as Record<string, AnyPgColumn | undefined>)[name];
  if (!column) throw new Error(`No column ${name}.`);
  return column;
}
