import { index, integer, json, jsonb, pgTable, primaryKey, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from './iam.js';

// Data Migration Management (migration 0012): each run and the rows of its source.

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** How far a "skip rejected rows" run has got: the last line of its last committed chunk and the counts so far. */
export interface RunProgress {
  readonly line: number;
  readonly created: number;
  readonly updated: number;
  readonly rejected: number;
}

/** One upload (or connector read) and what became of it: mapping, mode, dry-run and run figures, state. */
export const migrationRuns = pgTable(
  'migration_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    resource: text('resource').notNull(),
    sourceKind: text('source_kind').notNull().default('file'),
    sourceName: text('source_name').notNull(),
    headers: jsonb('headers').notNull().default([]),
    mapping: jsonb('mapping').notNull().default({}),
    matchKinds: jsonb('match_kinds').notNull().default({}),
    mode: text('mode').notNull().default('skip'),
    dateFormat: text('date_format').notNull().default('mm/dd/yyyy'),
    state: text('state').notNull().default('uploaded'),
    preview: jsonb('preview'),
    counts: jsonb('counts'),
    progress: jsonb('progress').$type<RunProgress>(),
    rejectedRows: jsonb('rejected_rows').notNull().default([]),
    message: text('message'),
    batchId: uuid('batch_id'),
    parentRunId: uuid('parent_run_id').references((): AnyPgColumn => migrationRuns.id, { onDelete: 'set null' }),
    startedById: uuid('started_by_id').references((): AnyPgColumn => users.id!, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
    startedAt: at('started_at'),
    finishedAt: at('finished_at'),
  },
  (t) => [index('migration_runs_created_idx').on(t.createdAt.desc(), t.id), index('migration_runs_resource_idx').on(t.resource, t.createdAt.desc())],
);

/**
 * A source row as read (cells by header, as JSON text), marked `rejected` with the error if a run refused it. Its run
 * is checked and locked, and its rows deleted with it, by triggers that act once per statement rather than a foreign
 * key that acts once per row (migration 0050).
 */
export const migrationRows = pgTable(
  'migration_rows',
  {
    runId: uuid('run_id').notNull(),
    line: integer('line').notNull(),
    cells: json('cells').notNull(),
    outcome: text('outcome'),
    error: text('error'),
  },
  (t) => [primaryKey({ columns: [t.runId, t.line] })],
);
