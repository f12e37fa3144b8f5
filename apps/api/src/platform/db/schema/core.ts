import { bigint, boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Before and after values of the fields a mutation changed. */
export type AuditChanges = Record<string, { before: unknown; after: unknown }>;

/**
 * The audit trail: every mutation, sign-in, failed sign-in, lockout and sign-out, written in the same
 * transaction as the change it records. Rows are never updated or deleted.
 */
export const auditTrails = pgTable(
  'audit_trails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    activity: text('activity').notNull(),
    resource: text('resource'),
    recordId: text('record_id'),
    changes: jsonb('changes').$type<AuditChanges>(),
    ipAddress: text('ip_address'),
    /** Reported by a client through `POST /audit-trails` (what the user says they did), not recorded by the API. */
    reportedByClient: boolean('reported_by_client').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_trails_created_at_idx').on(t.createdAt),
    index('audit_trails_actor_idx').on(t.actorId, t.createdAt),
    index('audit_trails_record_idx').on(t.resource, t.recordId, t.createdAt),
  ],
);

/**
 * A counter per entity table, raised by a statement-level trigger on every insert, update, delete or truncate of
 * that table (migration `0003_list_version_triggers`). Deep list pages start from cached positions in the sort
 * order and use them only while the table's version is the one they were read at.
 */
export const listVersions = pgTable('list_versions', {
  tableName: text('table_name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
