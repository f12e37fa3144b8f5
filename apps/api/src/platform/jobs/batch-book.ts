import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rows, type Database, type Db } from '../db/client.js';
import type { JobTypes } from './job-types.js';
import { OPEN_STATES, type JobRuns, type NewJob } from './job-runs.js';
import { byQueue, type JobWorkers } from './workers.js';

export interface NewBatch {
  readonly type: string;
  readonly params: Record<string, unknown>;
  readonly requestedById: string | null;
  readonly total: number;
  /** The jobs, or a function of the new batch's id that answers them (jobs that must know their batch). */
  readonly jobs: readonly NewJob[] | ((batchId: string) => readonly NewJob[]);
  /** How the batch reads in lists and notices; the type's title when absent. */
  readonly summary?: string;
}

/** A batch whose jobs have all finished, as it was closed. */
export interface FinishedBatch {
  readonly id: string;
  readonly state: 'completed' | 'failed';
  readonly type: string;
  /** The type's title (its name when the type is no longer registered). */
  readonly title: string;
  readonly summary: string;
  readonly requestedById: string | null;
  /** Units the batch counts (0 for work of unknown length, told in jobs) and how many of them failed. */
  readonly total: number;
  readonly failed: number;
  readonly jobs: number;
  readonly failedJobs: number;
}

/** Told of each batch that finished, inside the transaction that closes it (`tx`): write with it. */
export type BatchFinishedListener = (batch: FinishedBatch, tx: Db) => Promise<void>;

export interface BatchBookOptions {
  readonly database: Database;
  readonly now: () => Date;
  readonly types: JobTypes;
  readonly runs: JobRuns;
  readonly workers: JobWorkers;
}

/** pg-boss's statements (text with `$n` placeholders) run on `db`, an open transaction of the engine's. */
function bossStatementsOn(db: Db) {
  return {
    executeSql: async (text: string, values: readonly unknown[] = []) => {
      const chunks = text.split(/\$(\d+)/).map((part, i) => (i % 2 ? sql.param(values[Number(part) - 1]) : sql.raw(part)));
      return db.execute(sql.join(chunks)) as unknown as Promise<{ rows: unknown[] }>;
    },
  };
}

/**
 * The batch book (`batches`): a batch recorded with its jobs and queued, closed when its last job finishes (and
 * its listeners told), cancelled, or its failed jobs queued again.
 */
export class BatchBook {
  private readonly finishedListeners: BatchFinishedListener[] = [];

  constructor(private readonly options: BatchBookOptions) {}

  private get db(): Db {
    return this.options.database.db;
  }

  /** Adds a listener told of every batch that finishes (completed or failed; not cancelled). */
  onFinished(listener: BatchFinishedListener): void {
    this.finishedListeners.push(listener);
  }

  /** Records a batch and its jobs in one transaction, then queues the jobs. Answers the batch id. */
  async create(batch: NewBatch): Promise<string> {
    const type = this.options.types.get(batch.type);
    const at = this.options.now().toISOString();
    let jobs: readonly NewJob[] = [];
    let ids: string[] = [];
    const batchId = await this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [row] = await rows<{ id: string }>(
        tx,
        sql`insert into batches (type, params, summary, requested_by_id, total, created_at)
            values (${batch.type}, ${JSON.stringify(batch.params)}::jsonb, ${batch.summary ?? type.title},
                    ${batch.requestedById}, ${batch.total}, ${at})
            returning id`,
      );
      jobs = typeof batch.jobs === 'function' ? batch.jobs(row!.id) : batch.jobs;
      ids = jobs.map(() => randomUUID());
      await this.options.runs.insert(tx, type, row!.id, ids, jobs, at);
      if (!jobs.length) {
        await tx.execute(sql`update batches set state = 'completed', started_at = ${at}, finished_at = ${at} where id = ${row!.id}`);
      }
      return row!.id;
    });
    await this.options.workers.send(type, ids, jobs);
    return batchId;
  }

  /**
   * Closes a batch whose jobs have all finished, and tells the listeners of `onFinished` in the same transaction
   * (what they write commits with the batch's new state, or not at all).
   */
  async finish(batchId: string): Promise<void> {
    await this.options.database.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [done] = await rows<{ id: string; state: 'completed' | 'failed'; requested_by_id: string | null; type: string; summary: string; total: number; failed: number; jobs: number; failed_jobs: number }>(
        tx,
        sql`with totals as (
              select count(*) filter (where state in ${OPEN_STATES}) as open,
                     count(*) filter (where state in ('failed', 'dead-letter')) as bad,
                     count(*)::int as jobs,
                     coalesce(sum(units_failed), 0)::int as failed_units
                from job_runs where batch_id = ${batchId})
            update batches b
               set state = case when t.bad > 0 or t.failed_units > 0 then 'failed' else 'completed' end,
                   finished_at = ${this.options.now().toISOString()}
              from totals t
             where b.id = ${batchId} and b.state in ('queued', 'running') and t.open = 0
         returning b.id, b.state, b.requested_by_id, b.type, b.summary, b.total, t.failed_units as failed, t.jobs,
                   t.bad::int as failed_jobs`,
      );
      if (!done) return;
      const finished: FinishedBatch = {
        id: done.id,
        state: done.state,
        type: done.type,
        title: this.options.types.titleOf(done.type),
        summary: done.summary,
        requestedById: done.requested_by_id,
        total: Number(done.total),
        failed: Number(done.failed),
        jobs: Number(done.jobs),
        failedJobs: Number(done.failed_jobs),
      };
      for (const listener of this.finishedListeners) await listener(finished, tx);
    });
  }

  /** Cancels a batch: queued jobs are cancelled, a running one stops before its next unit of work. */
  async cancel(batchId: string): Promise<number> {
    const at = this.options.now().toISOString();
    const cancelled = await this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [batch] = await rows<{ id: string }>(
        tx,
        sql`update batches set state = 'cancelled', finished_at = ${at} where id = ${batchId} and state in ('queued', 'running') returning id`,
      );
      if (!batch) return [];
      return rows<{ id: string; queue: string }>(
        tx,
        sql`update job_runs set state = 'cancelled', finished_at = ${at} where batch_id = ${batchId} and state in ('created', 'retrying') returning id, queue`,
      );
    });
    const boss = await this.options.workers.ready();
    for (const [queue, ids] of byQueue(cancelled)) {
      for (let i = 0; i < ids.length; i += 1000) await boss.cancel(queue, ids.slice(i, i + 1000));
    }
    return cancelled.length;
  }

  /**
   * Queues the batch's failed and dead-lettered jobs again (one more attempt each); answers how many. The view and
   * pg-boss change in one transaction: reconciling in between would find a job the view calls retrying and pg-boss
   * still calls failed, and fail it again.
   */
  async retryFailed(batchId: string): Promise<number> {
    const boss = await this.options.workers.ready();
    const again = await this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const runs = await rows<{ id: string; queue: string }>(
        tx,
        sql`update job_runs set state = 'retrying', retry_limit = attempts, units_failed = 0, finished_at = null
             where batch_id = ${batchId} and state in ('failed', 'dead-letter') returning id, queue`,
      );
      if (!runs.length) return runs;
      await tx.execute(sql`update batches set state = 'running', finished_at = null where id = ${batchId} and state in ('failed', 'completed')`);
      for (const [queue, ids] of byQueue(runs)) await boss.retry(queue, ids, { db: bossStatementsOn(tx) });
      await this.options.runs.writeLog(tx, runs.map((r) => r.id), 'Queued again by retry failed.');
      return runs;
    });
    for (const queue of byQueue(again).keys()) this.options.workers.wake(boss, queue);
    return again.length;
  }
}
