import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './iam.js';

/*
 * The job engine's own tables: only what pg-boss (schema `pgboss`) does not keep. pg-boss owns queueing, locking,
 * retries and expiry; these keep what a person asked for (a batch), a durable and searchable view of each job
 * that outlives pg-boss's retention, each job's log, the pause flag per queue and the cron schedules.
 */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One piece of work a person asked for, made of many jobs. Counts are summed from its jobs. */
export const batches = pgTable(
  'batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    /** The parameters as one line of text, for search and for the list. */
    summary: text('summary').notNull(),
    requestedById: uuid('requested_by_id').references(() => users.id!),
    state: text('state').notNull().default('queued'),
    /** Units of work (records for a bulk change, rows for an export). */
    total: integer('total').notNull().default(0),
    result: jsonb('result').$type<Record<string, unknown>>(),
    createdAt: at('created_at').notNull(),
    startedAt: at('started_at'),
    finishedAt: at('finished_at'),
  },
  (t) => [
    index('batches_created_at_idx').on(t.createdAt),
    index('batches_requested_by_idx').on(t.requestedById, t.createdAt),
    index('batches_state_idx').on(t.state, t.createdAt),
  ],
);

/** A job as the engine sees it: same id as pg-boss's job. `processed_at` is written in the work's own transaction. */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: uuid('id').primaryKey(),
    batchId: uuid('batch_id').references(() => batches.id, { onDelete: 'cascade' }),
    queue: text('queue').notNull(),
    sequence: integer('sequence').notNull().default(0),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    state: text('state').notNull().default('created'),
    attempts: integer('attempts').notNull().default(0),
    retryLimit: integer('retry_limit').notNull().default(0),
    timeoutSeconds: integer('timeout_seconds').notNull(),
    lastError: text('last_error'),
    units: integer('units').notNull().default(0),
    unitsDone: integer('units_done').notNull().default(0),
    unitsFailed: integer('units_failed').notNull().default(0),
    processedAt: at('processed_at'),
    createdAt: at('created_at').notNull(),
    startedAt: at('started_at'),
    finishedAt: at('finished_at'),
  },
  (t) => [
    index('job_runs_batch_idx').on(t.batchId, t.sequence),
    index('job_runs_created_at_idx').on(t.createdAt),
    index('job_runs_state_idx').on(t.state, t.createdAt),
  ],
);

/** Timestamped lines a job writes while it runs, kept with the job. */
export const jobLogs = pgTable(
  'job_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobRuns.id, { onDelete: 'cascade' }),
    at: at('at').notNull(),
    level: text('level').notNull().default('info'),
    message: text('message').notNull(),
  },
  (t) => [index('job_logs_job_idx').on(t.jobId, t.id)],
);

/** A paused queue: its workers fetch nothing until it is resumed. */
export const queuePauses = pgTable('queue_pauses', {
  queue: text('queue').primaryKey(),
  pausedById: uuid('paused_by_id').references(() => users.id!),
  pausedAt: at('paused_at').notNull(),
});

/** Cron schedules with an explicit time zone and a policy for runs missed while no server was up. */
export const jobSchedules = pgTable(
  'job_schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull().unique('job_schedules_name_unique'),
    type: text('type').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    cron: text('cron').notNull(),
    timeZone: text('time_zone').notNull(),
    missedRunPolicy: text('missed_run_policy').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    nextRunAt: at('next_run_at'),
    lastRunAt: at('last_run_at'),
    lastJobId: uuid('last_job_id'),
    modifiedById: uuid('modified_by_id'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [index('job_schedules_next_run_idx').on(t.nextRunAt)],
);

/** Files a job produced (list exports), kept for download by the batch's requester. */
export const jobFiles = pgTable(
  'job_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    content: text('content').notNull(),
    size: integer('size').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('job_files_batch_idx').on(t.batchId)],
);

/** A signed-in user's notices, delivered on their next page view. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id!, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link'),
    readAt: at('read_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    index('notifications_unread_idx').on(t.userId).where(sql`read_at is null`),
  ],
);
