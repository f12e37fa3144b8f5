import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Outgoing mail kept instead of sent, when no `SMTP_URL` is configured: reset codes, and later broadcasts and
 * notices. An IAM administrator reads it in the console (Access Management → Outbox); nothing of it goes to the
 * log. Rows are written once and never changed.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    headers: jsonb('headers').$type<Record<string, string>>(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('outbox_created_at_idx').on(t.createdAt, t.id)],
);
