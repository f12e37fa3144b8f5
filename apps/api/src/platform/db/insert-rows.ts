import { sql, type SQL } from 'drizzle-orm';
import { initialState, type AnyEntity } from '@campus/domain-core';
import { entityRegistry } from '@campus/api-contract';
import { bindValue } from '../../resources/model.js';
import { snake, storedFields, tableNameOf } from './table-for.js';
import type { Db } from './client.js';

/** A record to insert: the entity's fields by name, with an `id` chosen by the caller. */
export type SeedRecord = Record<string, unknown> & { id: string };

/** Rows per statement: far below PostgreSQL's 65,535 parameters for any of our tables. */
const CHUNK = 500;

/**
 * Inserts many records of one entity with multi-row statements (seeds and bulk data only; the API writes through
 * the generic handler). Columns come from the descriptor, so a seed never repeats a field list.
 */
export async function insertRows(db: Db, resource: string, records: readonly SeedRecord[], at: Date = new Date()): Promise<void> {
  if (!records.length) return;
  const entity: AnyEntity | undefined = entityRegistry.byResource(resource);
  if (!entity) throw new Error(`Unknown resource ${resource}.`);
  const fields = storedFields(entity).filter(([name]) => records.some((r) => name in r));
  const stateKey = entity.state.kind;
  const columns = ['id', ...fields.map(([name]) => snake(name)), snake(stateKey), 'created_at', 'updated_at'];
  const stamp = at.toISOString();
  for (let i = 0; i < records.length; i += CHUNK) {
    const values: SQL[] = records.slice(i, i + CHUNK).map((record) => {
      const cells = [
        sql`${record.id}`,
        ...fields.map(([name, f]) => bindValue(f, record[name] ?? null)),
        sql`${record[stateKey] ?? initialState(entity)}`,
        sql`${stamp}`,
        sql`${stamp}`,
      ];
      return sql`(${sql.join(cells, sql`, `)})`;
    });
    await db.execute(
      sql`insert into ${sql.identifier(tableNameOf(entity))} (${sql.join(columns.map((c) => sql.identifier(c)), sql`, `)})
          values ${sql.join(values, sql`, `)}`,
    );
  }
}
