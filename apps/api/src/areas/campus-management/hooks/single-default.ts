import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import type { ResourceHooks } from '../../../resources/crud.js';

/**
 * Only one academic year, and one semester, is the default: marking a record as the default clears the flag on
 * the others in the same transaction.
 */
export function singleDefault(table: 'academic_years' | 'semesters'): ResourceHooks {
  const clearOthers = (tx: Db, ownId: string | null) =>
    tx.execute(
      sql`update ${sql.identifier(table)} set "default" = false
           where "default" and (${ownId}::uuid is null or id <> ${ownId}::uuid)`,
    );
  return {
    async beforeCreate(tx, data) {
      if (data.default === true) await clearOthers(tx, null);
      return {};
    },
    async beforeUpdate(tx, current, changes) {
      if (changes.default === true) await clearOthers(tx, current._id);
    },
  };
}
