import { randomUUID } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import { rows, type Database, type Db } from '../db/client.js';
import type { JobTypes } from './job-types.js';
import type { JobContext, JobLog, JobType, LogLevel, WorkCounts } from './types.js';
import { STOPPED_ATTEMPT, type FetchedJob, type QueuedJob, type RunOutcome } from './workers.js';

/** One job of a new batch: its parameters and the units (records, rows) it covers. */
export interface NewJob extends QueuedJob {
  readonly units?: number;
}

/** The states of a job that has not finished. */
export const OPEN_STATES = sql.raw(`('created', 'active', 'retrying')`);

/** What the engine tells while jobs run: a unit of work committed, progress reported. */
export interface JobEvents {
  processed: [{ jobId: string; batchId: string | null }];
  progress: [{ jobId: string; batchId: string | null; done: number; failed: number }];
}

export interface JobRunsOptions {
  readonly database: Database;
  readonly now: () => Date;
  readonly types: JobTypes;
  readonly events: Pick<EventEmitter<JobEvents>, 'emit'>;
  /** Whether pg-boss is started (nothing to reconcile before). */
  started(): boolean;
  /** Hands jobs to pg-boss under the ids of their rows. */
  send(type: JobType<never>, ids: readonly string[], jobs: readonly QueuedJob[]): Promise<void>;
  /** Closes a batch whose jobs have all finished. */
  finishBatch(batchId: string): Promise<void>;
}

/**
 * The job view (`job_runs`) and log (`job_logs`) around pg-boss: each job recorded before it is queued, each run
 * of a fetched job with its attempts, progress and exactly-once unit of work, and the view brought in line with
 * pg-boss where a process died.
 */
export class JobRuns {
  constructor(private readonly options: JobRunsOptions) {}

  private get db(): Db {
    return this.options.database.db;
  }

  /** Queues one job outside any batch (other areas' single jobs). */
  async enqueue(typeName: string, params: Record<string, unknown>, units = 0): Promise<string> {
    const job = await this.record(this.db, typeName, params, units);
    await job.send();
    return job.id;
  }

  /**
   * Records one job outside any batch in `tx` (a schedule's claimed run commits with it); `send` hands it to pg-boss
   * once `tx` has committed (a crash in between is mended by `reconcile`).
   */
  async record(tx: Db, typeName: string, params: Record<string, unknown>, units = 0): Promise<{ id: string; send: () => Promise<void> }> {
    const type = this.options.types.get(typeName);
    const clean = this.options.types.parseParams(type, params);
    const id = randomUUID();
    await this.insert(tx, type, null, [id], [{ params: clean, units }], this.options.now().toISOString());
    return { id, send: () => this.options.send(type, [id], [{ params: clean }]) };
  }

  /** The `job_runs` rows of new jobs (of a batch, or of none), in statements of 500. */
  async insert(tx: Db, type: JobType<never>, batchId: string | null, ids: readonly string[], jobs: readonly NewJob[], at: string) {
    const limit = type.retryLimit ?? 2;
    const timeout = this.options.types.timeoutOf(type);
    for (let start = 0; start < jobs.length; start += 500) {
      const values = jobs.slice(start, start + 500).map(
        (job, i) =>
          sql`(${ids[start + i]}, ${batchId}, ${type.name}, ${start + i}, ${JSON.stringify(job.params)}::jsonb, ${limit}, ${timeout},
               ${job.units ?? 0}, ${at})`,
      );
      await tx.execute(
        sql`insert into job_runs (id, batch_id, queue, sequence, params, retry_limit, timeout_seconds, units, created_at)
            values ${sql.join(values, sql`, `)}`,
      );
    }
  }

  logOn(db: Db, jobId: string): JobLog {
    return (message, level: LogLevel = 'info') => this.writeLog(db, [jobId], message, level);
  }

  /** One line in the log of each job of `jobIds`, in one statement. */
  async writeLog(db: Db, jobIds: readonly string[], message: string, level: LogLevel = 'info') {
    const at = this.options.now().toISOString();
    const text = message.slice(0, 2000);
    const lines = sql.join(jobIds.map((id) => sql`(${id}, ${at}, ${level}, ${text})`), sql`, `);
    await db.execute(sql`insert into job_logs (job_id, at, level, message) values ${lines}`);
  }

  /** Runs one fetched job: the view and log around the type's handler; answers its batch and how it failed. */
  async run(type: JobType<never>, job: FetchedJob): Promise<RunOutcome> {
    const attempt = (job.retryCount ?? 0) + 1;
    const [run] = await rows<{
      batch_id: string | null;
      state: string;
      units: number;
      retry_limit: number;
      batch_state: string | null;
    }>(
      this.db,
      sql`select r.batch_id, r.state, r.units, r.retry_limit, b.state as batch_state
            from job_runs r left join batches b on b.id = r.batch_id where r.id = ${job.id}`,
    );
    if (!run) return { batchId: null }; // queued by something other than this engine
    const log = this.logOn(this.db, job.id);
    if (run.state === 'cancelled' || run.batch_state === 'cancelled') {
      await this.db.execute(sql`update job_runs set state = 'cancelled', finished_at = coalesce(finished_at, ${this.options.now().toISOString()}) where id = ${job.id}`);
      return { batchId: null };
    }
    const started = this.options.now().toISOString();
    await this.db.execute(
      sql`update job_runs set state = 'active', attempts = ${attempt}, started_at = ${started}, finished_at = null where id = ${job.id}`,
    );
    if (run.batch_id) {
      await this.db.execute(
        sql`update batches set state = 'running', started_at = coalesce(started_at, ${started}) where id = ${run.batch_id} and state = 'queued'`,
      );
    }
    await log(`Attempt ${attempt} of ${run.retry_limit + 1} started.`);
    try {
      const params = type.params.parse(job.data) as never;
      const context: JobContext<never> = {
        id: job.id,
        batchId: run.batch_id,
        params,
        attempt,
        units: run.units,
        db: this.db,
        now: () => this.options.now(),
        log,
        progress: async (done, failed = 0) => {
          await this.db.execute(sql`update job_runs set units_done = ${done}, units_failed = ${failed} where id = ${job.id}`);
          this.options.events.emit('progress', { jobId: job.id, batchId: run.batch_id, done, failed });
        },
        once: async (work) => {
          const ran = await this.runOnce(job.id, work);
          // After the commit: monitoring (and the restart test) learn that a unit of work is durable.
          if (ran) this.options.events.emit('processed', { jobId: job.id, batchId: run.batch_id });
          return ran;
        },
      };
      await type.handler(context);
      await this.db.execute(
        sql`update job_runs set state = 'completed', finished_at = ${this.options.now().toISOString()} where id = ${job.id} and state = 'active'`,
      );
      await log('Completed.');
      return { batchId: run.batch_id };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await log(`Attempt ${attempt} failed: ${message}`, 'error');
      if (attempt <= run.retry_limit) {
        await this.db.execute(sql`update job_runs set state = 'retrying', last_error = ${message} where id = ${job.id}`);
      } else {
        await this.markFailed(job.id, message);
      }
      return { batchId: run.batch_id, failure: message };
    }
  }

  /** Out of attempts: `dead-letter` after retries, `failed` for a type that never retries; its units count as failed. */
  async markFailed(jobId: string, message: string) {
    await this.db.execute(
      sql`update job_runs set state = case when retry_limit > 0 then 'dead-letter' else 'failed' end, last_error = ${message},
                 finished_at = ${this.options.now().toISOString()},
                 units_failed = case when processed_at is null then units - units_done else units_failed end
           where id = ${jobId}`,
    );
  }

  private async runOnce(jobId: string, work: (tx: Db, log: JobLog) => Promise<WorkCounts>): Promise<boolean> {
    return this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [row] = await rows<{ processed: boolean; batch_state: string | null }>(
        tx,
        sql`select r.processed_at is not null as processed, (select state from batches where id = r.batch_id) as batch_state
              from job_runs r where r.id = ${jobId} for update of r`,
      );
      if (!row || row.processed || row.batch_state === 'cancelled') return false;
      const counts = await work(tx, this.logOn(tx, jobId));
      await tx.execute(
        sql`update job_runs set processed_at = ${this.options.now().toISOString()}, units_done = ${counts.done}, units_failed = ${counts.failed}
             where id = ${jobId}`,
      );
      return true;
    });
  }


  /**
   * Brings the job view in line with pg-boss where a process died: jobs pg-boss expired and retried or failed
   * without a handler to say so, and jobs recorded but never handed to pg-boss (a crash between the two).
   */
  async reconcile(): Promise<void> {
    if (!this.options.started()) return;
    const drifted = await rows<{ id: string; queue: string; batch_id: string | null; state: string; boss_state: string | null; params: Record<string, unknown>; output: { message?: string } | null }>(
      this.db,
      sql`select r.id, r.queue, r.batch_id, r.state, j.state::text as boss_state, r.params, j.output
            from job_runs r left join pgboss.job j on j.id = r.id
           where r.state in ${OPEN_STATES}
             and (j.id is null and r.created_at < ${new Date(this.options.now().getTime() - 60_000).toISOString()}
                  or j.state::text in ('failed', 'cancelled', 'completed')
                  or (r.state = 'active' and j.state::text in ('retry', 'created')))
           limit 500`,
    );
    for (const run of drifted) {
      const type = this.options.types.byName.get(run.queue);
      if (run.boss_state === null) {
        if (run.state === 'created' && type) await this.options.send(type, [run.id], [{ params: run.params }]);
        continue;
      }
      if (run.boss_state === 'retry' || run.boss_state === 'created') {
        await this.db.execute(sql`update job_runs set state = 'retrying', last_error = ${STOPPED_ATTEMPT} where id = ${run.id}`);
      } else if (run.boss_state === 'failed') {
        await this.markFailed(run.id, run.output?.message ?? STOPPED_ATTEMPT);
      } else if (run.boss_state === 'cancelled') {
        await this.db.execute(sql`update job_runs set state = 'cancelled', finished_at = ${this.options.now().toISOString()} where id = ${run.id}`);
      } else {
        await this.db.execute(sql`update job_runs set state = 'completed', finished_at = ${this.options.now().toISOString()} where id = ${run.id}`);
      }
      if (run.batch_id) await this.options.finishBatch(run.batch_id);
    }
  }
}
