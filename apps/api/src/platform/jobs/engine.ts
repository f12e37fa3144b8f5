import { EventEmitter } from 'node:events';
import type { PgBoss } from 'pg-boss';
import { afterCommit } from '../db/after-commit.js';
import type { Database, Db } from '../db/client.js';
import { BatchBook, type BatchFinishedListener, type NewBatch } from './batch-book.js';
import { JobRuns, type JobEvents } from './job-runs.js';
import { JobTypes } from './job-types.js';
import { ScheduleBook, type NewSchedule } from './schedule-book.js';
import type { JobType } from './types.js';
import { DEFAULT_JOB_SETTINGS, JobWorkers, type JobEngineSettings } from './workers.js';

export { DEFAULT_JOB_SETTINGS, HEARTBEAT_SECONDS, installJobSchema, STOPPED_ATTEMPT, type JobEngineSettings } from './workers.js';
export type { BatchFinishedListener, FinishedBatch, NewBatch } from './batch-book.js';
export type { NewJob } from './job-runs.js';
export type { MissedRunPolicy, NewSchedule } from './schedule-book.js';

export interface JobEngineOptions {
  readonly database: Database;
  readonly now: () => Date;
  readonly settings?: Partial<JobEngineSettings>;
  readonly logger?: { warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
}

/**
 * The durable job engine: job types registered in code, run by pg-boss on the application's own database
 * (PGlite through `fromPglite`, PostgreSQL through its connection string). pg-boss owns queueing, locking
 * (SKIP LOCKED), retries with backoff and expiry; the engine adds batches, a searchable view and log of every
 * job, pause per queue, cron schedules with time zones, and exactly-once units of work (`once`).
 *
 * It is made of four parts, each with its own tables: the workers and their lifecycle (`workers.ts`), the job view
 * and log (`job-runs.ts`), the batch book (`batch-book.ts`) and the schedule book (`schedule-book.ts`). It names no
 * area: whoever needs to know that a batch finished (the requester's notice) subscribes with `onBatchFinished`.
 */
export class JobEngine extends EventEmitter<JobEvents> {
  /** The registered job types, by name. */
  readonly types: Map<string, JobType<never>>;
  private readonly jobTypes: JobTypes;
  private readonly workers: JobWorkers;
  private readonly runs: JobRuns;
  private readonly batches: BatchBook;
  private readonly schedules: ScheduleBook;
  private readonly logger: JobEngineOptions['logger'];

  constructor(options: JobEngineOptions) {
    super();
    this.logger = options.logger;
    const settings = { ...DEFAULT_JOB_SETTINGS, ...options.settings };
    const { database, now } = options;
    this.jobTypes = new JobTypes(settings.maxTimeoutSeconds);
    this.types = this.jobTypes.byName;
    // Each part reaches the others through the engine, so a step replaced on the engine (a test's) is the one run.
    this.workers = new JobWorkers(
      { database, now, settings, types: this.jobTypes, logger: options.logger },
      {
        run: (type, job) => this.runs.run(type, job),
        finishBatch: (batchId) => this.finishBatch(batchId),
        reconcile: () => this.reconcile(),
        fireSchedules: () => this.fireSchedules(),
      },
    );
    this.runs = new JobRuns({
      database,
      now,
      types: this.jobTypes,
      events: this,
      started: () => this.workers.started,
      send: (type, ids, jobs) => this.workers.send(type, ids, jobs),
      finishBatch: (batchId) => this.finishBatch(batchId),
    });
    this.batches = new BatchBook({ database, now, types: this.jobTypes, runs: this.runs, workers: this.workers });
    this.schedules = new ScheduleBook({
      database,
      now,
      tickMs: settings.tickMs,
      types: this.jobTypes,
      record: (tx, type, params) => this.runs.record(tx, type, params),
    });
  }

  register<P>(type: JobType<P>): void {
    if (this.workers.running) throw new Error(`Register job type ${type.name} before the engine starts.`);
    this.jobTypes.add(type);
  }

  /** The title of a job type; a type no longer registered (work of an earlier version) is shown by its name. */
  titleOf(name: string): string {
    return this.jobTypes.titleOf(name);
  }

  /** Every registered type with its title, by title. */
  typeTitles(): { name: string; title: string }[] {
    return this.jobTypes.titles();
  }

  typeOf(name: string): JobType<never> {
    return this.jobTypes.get(name);
  }

  /** Validates parameters the way a form does: 400 with field errors, before anything is queued. */
  parseParams(type: JobType<never>, params: unknown): Record<string, unknown> {
    return this.jobTypes.parseParams(type, params);
  }

  /** Starts pg-boss (installing its schema on first use) without workers; requests that queue work call this. */
  ready(): Promise<PgBoss> {
    return this.workers.ready();
  }

  /** Starts the workers and the engine's tick (pause flags, schedules, reconciliation). */
  start(): Promise<void> {
    return this.workers.start();
  }

  stop(): Promise<void> {
    return this.workers.stop();
  }

  /** One pass: pause flags to workers, due schedules to jobs, pg-boss states to the job view. */
  tick(): Promise<void> {
    return this.workers.tick();
  }

  async pause(queue: string, userId: string | null): Promise<void> {
    return this.workers.pause(queue, userId);
  }

  async resume(queue: string): Promise<void> {
    return this.workers.resume(queue);
  }

  /** Queues one job outside any batch (schedules, other areas' single jobs). */
  enqueue(typeName: string, params: Record<string, unknown>, units = 0): Promise<string> {
    return this.runs.enqueue(typeName, params, units);
  }

  /**
   * Records one job in the transaction `tx` (it commits or rolls back with the change that wants it); `send` hands it
   * to pg-boss once `tx` has committed. A crash in between is mended by `reconcile`.
   */
  record(tx: Db, typeName: string, params: Record<string, unknown>, units = 0): Promise<{ id: string; send: () => Promise<void> }> {
    return this.runs.record(tx, typeName, params, units);
  }

  /**
   * Queues one job as part of the change `tx` makes: recorded in `tx`, handed to pg-boss after `tx` commits
   * (`afterCommit`). A change that rolls back queues nothing; a send that fails after the commit (pg-boss away, a
   * crash) is left to `reconcile`, which sends a recorded job pg-boss does not have. Answers the job's id.
   */
  async enqueueAfterCommit(tx: Db, typeName: string, params: Record<string, unknown>, units = 0): Promise<string> {
    const job = await this.record(tx, typeName, params, units);
    await afterCommit(tx, () =>
      job.send().catch((error: unknown) => this.logger?.warn({ err: error, job: job.id }, 'job recorded but not handed to the queue; reconciliation sends it')),
    );
    return job.id;
  }

  /**
   * Brings the job view in line with pg-boss where a process died: jobs pg-boss expired and retried or failed
   * without a handler to say so, and jobs recorded but never handed to pg-boss (a crash between the two).
   */
  reconcile(): Promise<void> {
    return this.runs.reconcile();
  }

  /** Records a batch and its jobs in one transaction, then queues the jobs. Answers the batch id. */
  createBatch(batch: NewBatch): Promise<string> {
    return this.batches.create(batch);
  }

  /** Closes a batch whose jobs have all finished, and tells the `onBatchFinished` listeners, in one transaction. */
  finishBatch(batchId: string): Promise<void> {
    return this.batches.finish(batchId);
  }

  /** Adds a listener told of every batch that finishes, inside the transaction that closes it. */
  onBatchFinished(listener: BatchFinishedListener): void {
    this.batches.onFinished(listener);
  }

  /** Cancels a batch: queued jobs are cancelled, a running one stops before its next unit of work. */
  cancelBatch(batchId: string): Promise<number> {
    return this.batches.cancel(batchId);
  }

  /** Queues the batch's failed and dead-lettered jobs again (one more attempt each); answers how many. */
  retryFailed(batchId: string): Promise<number> {
    return this.batches.retryFailed(batchId);
  }

  /** Creates a schedule the application ships (e.g. housekeeping) unless one of that name exists. */
  ensureSchedule(schedule: NewSchedule): Promise<void> {
    return this.schedules.ensure(schedule);
  }

  /** Fires due schedules; answers how many jobs it queued. */
  fireSchedules(): Promise<number> {
    return this.schedules.fire();
  }
}
