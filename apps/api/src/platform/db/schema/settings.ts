import { check, jsonb, pgTable, smallint, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * The system settings of `/app/settings`: one row (id 1) holding what an IAM administrator changed; anything not
 * stored falls back to the configuration. Changes are audited with before/after in the same transaction.
 */
export const systemSettings = pgTable(
  'system_settings',
  {
    id: smallint('id').primaryKey().default(1),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedBy: uuid('updated_by'),
  },
  () => [check('system_settings_one_row', sql`id = 1`)],
);
