import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import { PgBoss, fromPglite } from 'pg-boss';
import { describeParams, type MissedRunPolicy } from '@campus/domain-batch';
import { fieldErrorsOf } from '@campus/api-contract';
import { rows, type Database, type Db } from '../db/client.js';
import { HttpError } from '../http/errors.js';
import type { Notify } from '../notify.js';
import { nextRuns } from './schedule.js';
import type { JobContext, JobLog, JobType, LogLevel, WorkCounts } from './types.js';

/** How the engine polls and supervises; tests shorten every interval. */
export interface JobEngineSettings {
  /**
   * How often an idle worker asks for a job. A job queued by this process wakes its worker at once, so this only
   * bounds the wait for jobs queued by another process and for retries.
   */
  readonly pollingIntervalSeconds: number;
  /** How often pg-boss looks for expired (stalled) jobs and fails them for a retry. */
  readonly superviseIntervalSeconds: number;
  /** How often the engine reads pause flags, fires due schedules and reconciles job states. */
  readonly tickMs: number;
  /** Caps every type's timeout (tests that kill a process mid-job). */
  readonly maxTimeoutSeconds?: number;
}

export const DEFAULT_JOB_SETTINGS: JobEngineSettings = { pollingIntervalSeconds: 5, superviseIntervalSeconds: 30, tickMs: 5_000 };

export interface JobEngineOptions {
  readonly database: Database;
  readonly now: () => Date;
  readonly notify: Notify;
  readonly settings?: Partial<JobEngineSettings>;
  readonly logger?: { warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
}

/** One job of a new batch: its parameters and the units (records, rows) it covers. */
export interface NewJob {
  readonly params: Record<string, unknown>;
  readonly units?: number;
}

export interface NewBatch {
  readonly type: string;
  readonly params: Record<string, unknown>;
  readonly requestedById: string | null;
  readonly total: number;
  /** The jobs, or a function of the new batch's id that answers them (jobs that must know their batch). */
  readonly jobs: readonly NewJob[] | ((batchId: string) => readonly NewJob[]);
  readonly summary?: string;
}

/** Installs pg-boss's schema on a PGlite client (the test dump carries it, so each test file skips the install). */
export async function installJobSchema(client: Parameters<typeof fromPglite>[0]): Promise<void> {
  const boss = new PgBoss({ db: fromPglite(client), backend: 'pglite', schedule: false, supervise: false, registerInstance: false });
  await boss.start();
  await boss.stop({ graceful: false, close: false });
}

/** Jobs a worker fetches at once (run one after another). */
const JOBS_PER_FETCH = 4;

/**
 * On PostgreSQL, where several processes share the queue, a worker's jobs carry a heartbeat: pg-boss's monitor
 * fails (for a retry) a job whose heartbeat is older than `HEARTBEAT_SECONDS` (pg-boss's minimum), so the jobs of
 * a process that died run again within about half a minute instead of after their whole timeout. The monitor runs
 * at most every `HEARTBEAT_SUPERVISE_SECONDS` there. On PGlite one process owns the database, and `start` queues
 * again at once whatever a dead process left running (decision 0050).
 */
export const HEARTBEAT_SECONDS = 10;
const HEARTBEAT_REFRESH_SECONDS = 2;
const HEARTBEAT_SUPERVISE_SECONDS = 5;

/** What a job left running by a process that died is told when it is queued again. */
export const STOPPED_ATTEMPT = 'The attempt stopped without finishing (timed out or the server stopped).';

const OPEN_STATES = sql.raw(`('created', 'active', 'retrying')`);

/** Job ids by queue. */
function byQueue(runs: readonly { id: string; queue: string }[]): Map<string, string[]> {
  const queues = new Map<string, string[]>();
  for (const r of runs) queues.set(r.queue, [...(queues.get(r.queue) ?? []), r.id]);
  return queues;
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

/** How a fetched job ended: its batch (to close when it was the last) and, when it failed, why. */
interface RunOutcome {
  readonly batchId: string | null;
  readonly failure?: string;
}

/**
 * The durable job engine: job types registered in code, run by pg-boss on the application's own database
 * (PGlite through `fromPglite`, PostgreSQL through its connection string). pg-boss owns queueing, locking
 * (SKIP LOCKED), retries with backoff and expiry; the engine adds batches, a searchable view and log of every
 * job, pause per queue, cron schedules with time zones, and exactly-once units of work (`once`).
 */
export class JobEngine extends EventEmitter<{
  processed: [{ jobId: string; batchId: string | null }];
  progress: [{ jobId: string; batchId: string | null; done: number; failed: number }];
}> {
  readonly types = new Map<string, JobType<never>>();
  private readonly settings: JobEngineSettings;
  private boss: PgBoss | undefined;
  private starting: Promise<PgBoss> | undefined;
  private workersOn = false;
  /** The pg-boss worker of each queue this process works (absent while paused). */
  private readonly working = new Map<string, string>();
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private stopped = false;

  constructor(private readonly options: JobEngineOptions) {
    super();
    this.settings = { ...DEFAULT_JOB_SETTINGS, ...options.settings };
  }

  private get db(): Db {
    return this.options.database.db;
  }

  /** Whether jobs carry a heartbeat: where other processes share the queue (see `HEARTBEAT_SECONDS`). */
  private get hasHeartbeats(): boolean {
    return this.options.database.jobConnection.kind === 'postgres';
  }

  private now(): Date {
    return this.options.now();
  }

  register<P>(type: JobType<P>): void {
    if (this.boss && this.workersOn) throw new Error(`Register job type ${type.name} before the engine starts.`);
    if (!type.title?.trim() || type.title === type.name) throw new Error(`Job type ${type.name} needs a title people can read.`);
    this.types.set(type.name, type as unknown as JobType<never>);
  }

  /** The title of a job type; a type no longer registered (work of an earlier version) is shown by its name. */
  titleOf(name: string): string {
    return this.types.get(name)?.title ?? name;
  }

  /** Every registered type with its title, by title. */
  typeTitles(): { name: string; title: string }[] {
    return [...this.types.values()].map((t) => ({ name: t.name, title: t.title })).sort((a, b) => a.title.localeCompare(b.title));
  }

  typeOf(name: string): JobType<never> {
    const type = this.types.get(name);
    if (!type) throw new HttpError(400, `Unknown job type ${name}.`, { type: [`Unknown job type ${name}.`] });
    return type;
  }

  private timeoutOf(type: JobType<never>): number {
    const own = type.timeoutSeconds ?? 900;
    return this.settings.maxTimeoutSeconds ? Math.min(own, this.settings.maxTimeoutSeconds) : own;
  }

  /** Starts pg-boss (installing its schema on first use) without workers; requests that queue work call this. */
  async ready(): Promise<PgBoss> {
    if (this.boss) return this.boss;
    this.starting ??= this.open();
    return this.starting;
  }

  private async open(): Promise<PgBoss> {
    const connection = this.options.database.jobConnection;
    const supervise =
      connection.kind === 'postgres' ? Math.min(this.settings.superviseIntervalSeconds, HEARTBEAT_SUPERVISE_SECONDS) : this.settings.superviseIntervalSeconds;
    const common = {
      schedule: false,
      registerInstance: false,
      superviseIntervalSeconds: supervise,
      // pg-boss fails expired jobs and jobs whose heartbeat stopped in its monitor pass, which runs at most this often
      // (60 s by default, whatever the supervise interval).
      monitorIntervalSeconds: supervise,
      persistWarnings: false,
    } as const;
    const boss =
      connection.kind === 'pglite'
        ? new PgBoss({ ...common, db: fromPglite(connection.client), backend: 'pglite' })
        : new PgBoss({ ...common, connectionString: connection.url, max: 4 });
    boss.on('error', (error) => this.options.logger?.error({ err: error }, 'job engine error'));
    await boss.start();
    for (const type of this.types.values()) await this.ensureQueue(boss, type);
    this.boss = boss;
    return boss;
  }

  private async ensureQueue(boss: PgBoss, type: JobType<never>) {
    const options = {
      retryLimit: type.retryLimit ?? 2,
      retryDelay: type.retryDelaySeconds ?? 5,
      retryBackoff: true,
      expireInSeconds: this.timeoutOf(type),
      ...(this.hasHeartbeats ? { heartbeatSeconds: HEARTBEAT_SECONDS } : {}),
    };
    if (await boss.getQueue(type.name)) await boss.updateQueue(type.name, options);
    else await boss.createQueue(type.name, options);
  }

  /** Starts the workers and the engine's tick (pause flags, schedules, reconciliation). */
  async start(): Promise<void> {
    const boss = await this.ready();
    await this.requeueOrphans(boss);
    this.workersOn = true;
    this.stopped = false;
    await this.tick();
    const loop = () => {
      this.timer = setTimeout(() => {
        this.tick()
          .catch((error: unknown) => this.options.logger?.error({ err: error }, 'job engine tick failed'))
          .finally(() => {
            if (!this.stopped) loop();
          });
      }, this.settings.tickMs);
      this.timer.unref();
    };
    loop();
  }

  /**
   * On the embedded database one process owns the queue, so before this one's workers start, a job pg-boss still
   * holds as active was left by a process that died (a crash, `kill -9`): it is failed now, for a retry within
   * seconds, rather than when its timeout expires. Its unit of work, if it had committed, is not done again (`once`).
   */
  private async requeueOrphans(boss: PgBoss): Promise<void> {
    if (this.hasHeartbeats || this.workersOn) return;
    const names = [...this.types.keys()];
    if (!names.length) return;
    const orphans = await rows<{ id: string; queue: string }>(
      this.db,
      sql`select id, name as queue from pgboss.job where state = 'active' and name = any(${`{${names.join(',')}}`}::text[])`,
    );
    for (const [queue, ids] of byQueue(orphans)) {
      for (let i = 0; i < ids.length; i += 1000) await boss.fail(queue, ids.slice(i, i + 1000), { message: STOPPED_ATTEMPT });
    }
    if (orphans.length) this.options.logger?.warn({ jobs: orphans.length }, 'jobs left running by a stopped process queued again');
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.ticking?.catch(() => undefined);
    const boss = this.boss ?? (await this.starting?.catch(() => undefined));
    this.boss = undefined;
    this.starting = undefined;
    this.working.clear();
    this.workersOn = false;
    if (boss) await boss.stop({ graceful: true, timeout: 5_000, close: true });
  }

  /** One pass: pause flags to workers, due schedules to jobs, pg-boss states to the job view. */
  async tick(): Promise<void> {
    if (this.ticking) return this.ticking;
    this.ticking = (async () => {
      try {
        if (this.workersOn) await this.syncWorkers();
        await this.reconcile();
        if (this.workersOn) await this.fireSchedules();
      } finally {
        this.ticking = undefined;
      }
    })();
    return this.ticking;
  }

  private async syncWorkers(): Promise<void> {
    const boss = await this.ready();
    const paused = new Set((await rows<{ queue: string }>(this.db, sql`select queue from queue_pauses`)).map((r) => r.queue));
    for (const type of this.types.values()) {
      const isWorking = this.working.has(type.name);
      if (paused.has(type.name) && isWorking) {
        this.working.delete(type.name);
        await boss.offWork(type.name, { wait: false });
      } else if (!paused.has(type.name) && !isWorking && !this.stopped) {
        this.working.set(type.name, '');
        // Each worker fetches a few jobs at a time and fetches again at once while the queue is full (a worker that
        // fetched one job would wait a polling interval after each); every job is settled on its own.
        const workerId = await boss.work<Record<string, unknown>>(
          type.name,
          {
            localConcurrency: type.concurrency ?? 1,
            batchSize: JOBS_PER_FETCH,
            burstWhenBatchFull: true,
            perJobResults: true,
            pollingIntervalSeconds: this.settings.pollingIntervalSeconds,
            ...(this.hasHeartbeats ? { heartbeatRefreshSeconds: HEARTBEAT_REFRESH_SECONDS } : {}),
          },
          async (jobs) => {
            const results = [];
            for (const job of jobs) {
              // Let requests and timers run between jobs: on the embedded database every query settles without
              // returning to the event loop, so a queue worked without pause would hold the API's thread for as
              // long as the queue is full.
              await new Promise((resume) => setImmediate(resume));
              const fetched = job as { id: string; data: Record<string, unknown>; retryCount?: number };
              let outcome: RunOutcome;
              try {
                outcome = await this.run(type, fetched);
              } catch (error) {
                outcome = { batchId: null, failure: error instanceof Error ? error.message : String(error) };
              }
              const result =
                outcome.failure === undefined
                  ? { id: job.id, status: 'completed' as const }
                  : { id: job.id, status: 'failed' as const, output: { message: outcome.failure } };
              try {
                // Settled with pg-boss now, not with the rest of the fetch: the batch closes below, and a batch
                // shown as finished must not hold jobs pg-boss still counts as running (retry failed would miss
                // them). The settle is fenced to this attempt, so pg-boss's own settle of the results is a no-op.
                const attempt = { id: job.id, retryCount: fetched.retryCount ?? 0 };
                if (result.status === 'completed') await boss.complete(type.name, attempt);
                else await boss.fail(type.name, attempt, result.output);
                if (outcome.batchId) await this.finishBatch(outcome.batchId);
              } catch (error) {
                this.options.logger?.error({ err: error }, 'job settle failed');
              }
              results.push(result);
            }
            return results;
          },
        );
        if (this.working.has(type.name)) this.working.set(type.name, workerId);
      }
    }
  }

  /** Validates parameters the way a form does: 400 with field errors, before anything is queued. */
  parseParams(type: JobType<never>, params: unknown): Record<string, unknown> {
    const parsed = type.params.safeParse(params);
    if (!parsed.success) {
      const fieldErrors = fieldErrorsOf(parsed.error);
      throw new HttpError(400, Object.values(fieldErrors)[0]?.[0] ?? 'Check the parameters.', fieldErrors);
    }
    return parsed.data as Record<string, unknown>;
  }

  /** Records a batch and its jobs in one transaction, then queues the jobs. Answers the batch id. */
  async createBatch(batch: NewBatch): Promise<string> {
    const type = this.typeOf(batch.type);
    const at = this.now().toISOString();
    let jobs: readonly NewJob[] = [];
    let ids: string[] = [];
    const batchId = await this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [row] = await rows<{ id: string }>(
        tx,
        sql`insert into batches (type, params, summary, requested_by_id, total, created_at)
            values (${batch.type}, ${JSON.stringify(batch.params)}::jsonb, ${batch.summary ?? describeParams(batch.type, batch.params, type.title)},
                    ${batch.requestedById}, ${batch.total}, ${at})
            returning id`,
      );
      jobs = typeof batch.jobs === 'function' ? batch.jobs(row!.id) : batch.jobs;
      ids = jobs.map(() => randomUUID());
      await this.insertRuns(tx, type, row!.id, ids, jobs, at);
      if (!jobs.length) {
        await tx.execute(sql`update batches set state = 'completed', started_at = ${at}, finished_at = ${at} where id = ${row!.id}`);
      }
      return row!.id;
    });
    await this.send(type, ids, jobs);
    return batchId;
  }

  /** Queues one job outside any batch (schedules, other areas' single jobs). */
  async enqueue(typeName: string, params: Record<string, unknown>, units = 0): Promise<string> {
    const type = this.typeOf(typeName);
    const clean = this.parseParams(type, params);
    const id = randomUUID();
    await this.insertRuns(this.db, type, null, [id], [{ params: clean, units }], this.now().toISOString());
    await this.send(type, [id], [{ params: clean }]);
    return id;
  }

  private async insertRuns(tx: Db, type: JobType<never>, batchId: string | null, ids: string[], jobs: readonly NewJob[], at: string) {
    const limit = type.retryLimit ?? 2;
    const timeout = this.timeoutOf(type);
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

  /** Hands jobs to pg-boss under the ids of their `job_runs` rows (a crash before this is mended by `reconcile`). */
  private async send(type: JobType<never>, ids: readonly string[], jobs: readonly NewJob[]) {
    if (!ids.length) return;
    const boss = await this.ready();
    for (let start = 0; start < ids.length; start += 1000) {
      await boss.insert(
        type.name,
        ids.slice(start, start + 1000).map((id, i) => ({ id, data: jobs[start + i]!.params })),
      );
    }
    this.wake(boss, type.name);
  }

  /** This process's worker of `queue` fetches at once rather than at its next poll (idle workers poll seldom). */
  private wake(boss: PgBoss, queue: string) {
    const workerId = this.working.get(queue);
    if (workerId) boss.notifyWorker(workerId);
  }

  private logOn(db: Db, jobId: string): JobLog {
    return (message, level: LogLevel = 'info') => this.writeLog(db, [jobId], message, level);
  }

  /** One line in the log of each job of `jobIds`, in one statement. */
  private async writeLog(db: Db, jobIds: readonly string[], message: string, level: LogLevel = 'info') {
    const at = this.now().toISOString();
    const text = message.slice(0, 2000);
    const lines = sql.join(jobIds.map((id) => sql`(${id}, ${at}, ${level}, ${text})`), sql`, `);
    await db.execute(sql`insert into job_logs (job_id, at, level, message) values ${lines}`);
  }

  /** Runs one fetched job: the view and log around the type's handler; answers its batch and how it failed. */
  private async run(type: JobType<never>, job: { id: string; data: Record<string, unknown>; retryCount?: number }): Promise<RunOutcome> {
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
      await this.db.execute(sql`update job_runs set state = 'cancelled', finished_at = coalesce(finished_at, ${this.now().toISOString()}) where id = ${job.id}`);
      return { batchId: null };
    }
    const started = this.now().toISOString();
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
        now: () => this.now(),
        log,
        progress: async (done, failed = 0) => {
          await this.db.execute(sql`update job_runs set units_done = ${done}, units_failed = ${failed} where id = ${job.id}`);
          this.emit('progress', { jobId: job.id, batchId: run.batch_id, done, failed });
        },
        once: async (work) => {
          const ran = await this.runOnce(job.id, work);
          // After the commit: monitoring (and the restart test) learn that a unit of work is durable.
          if (ran) this.emit('processed', { jobId: job.id, batchId: run.batch_id });
          return ran;
        },
      };
      await type.handler(context);
      await this.db.execute(
        sql`update job_runs set state = 'completed', finished_at = ${this.now().toISOString()} where id = ${job.id} and state = 'active'`,
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
  private async markFailed(jobId: string, message: string) {
    await this.db.execute(
      sql`update job_runs set state = case when retry_limit > 0 then 'dead-letter' else 'failed' end, last_error = ${message},
                 finished_at = ${this.now().toISOString()},
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
        sql`update job_runs set processed_at = ${this.now().toISOString()}, units_done = ${counts.done}, units_failed = ${counts.failed}
             where id = ${jobId}`,
      );
      return true;
    });
  }

  /** Closes a batch whose jobs have all finished, and tells its requester, in one transaction. */
  async finishBatch(batchId: string): Promise<void> {
    await this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [done] = await rows<{ id: string; state: string; requested_by_id: string | null; type: string; summary: string; total: number; failed: number; jobs: number; failed_jobs: number }>(
        tx,
        sql`with totals as (
              select count(*) filter (where state in ${OPEN_STATES}) as open,
                     count(*) filter (where state in ('failed', 'dead-letter')) as bad,
                     count(*)::int as jobs,
                     coalesce(sum(units_failed), 0)::int as failed_units
                from job_runs where batch_id = ${batchId})
            update batches b
               set state = case when t.bad > 0 or t.failed_units > 0 then 'failed' else 'completed' end,
                   finished_at = ${this.now().toISOString()}
              from totals t
             where b.id = ${batchId} and b.state in ('queued', 'running') and t.open = 0
         returning b.id, b.state, b.requested_by_id, b.type, b.summary, b.total, t.failed_units as failed, t.jobs,
                   t.bad::int as failed_jobs`,
      );
      if (!done?.requested_by_id) return;
      const [total, failed] = [Number(done.total), Number(done.failed)];
      // A batch that counts no units (a read of unknown length) is told in jobs, as its view shows it.
      const outcome =
        total > 0
          ? `${total - failed} of ${total} done${failed ? `, ${failed} failed` : ''}`
          : `${Number(done.jobs) - Number(done.failed_jobs)} of ${Number(done.jobs)} jobs done${Number(done.failed_jobs) ? `, ${Number(done.failed_jobs)} failed` : ''}`;
      await this.options.notify(
        {
          userId: done.requested_by_id,
          title: `${this.titleOf(done.type)} ${done.state === 'completed' ? 'finished' : 'finished with failures'}`,
          body: `${done.summary}: ${outcome}.`,
          // Whoever started a batch may open its view (their own batches), with or without Batch Management.
          link: `/app/batch-management/tabs/batch-view?id=${done.id}`,
        },
        tx,
      );
    });
  }

  /**
   * Brings the job view in line with pg-boss where a process died: jobs pg-boss expired and retried or failed
   * without a handler to say so, and jobs recorded but never handed to pg-boss (a crash between the two).
   */
  async reconcile(): Promise<void> {
    if (!this.boss) return;
    const drifted = await rows<{ id: string; queue: string; batch_id: string | null; state: string; boss_state: string | null; params: Record<string, unknown>; output: { message?: string } | null }>(
      this.db,
      sql`select r.id, r.queue, r.batch_id, r.state, j.state::text as boss_state, r.params, j.output
            from job_runs r left join pgboss.job j on j.id = r.id
           where r.state in ${OPEN_STATES}
             and (j.id is null and r.created_at < ${new Date(this.now().getTime() - 60_000).toISOString()}
                  or j.state::text in ('failed', 'cancelled', 'completed')
                  or (r.state = 'active' and j.state::text in ('retry', 'created')))
           limit 500`,
    );
    for (const run of drifted) {
      const type = this.types.get(run.queue);
      if (run.boss_state === null) {
        if (run.state === 'created' && type) await this.send(type, [run.id], [{ params: run.params }]);
        continue;
      }
      if (run.boss_state === 'retry' || run.boss_state === 'created') {
        await this.db.execute(sql`update job_runs set state = 'retrying', last_error = ${STOPPED_ATTEMPT} where id = ${run.id}`);
      } else if (run.boss_state === 'failed') {
        await this.markFailed(run.id, run.output?.message ?? STOPPED_ATTEMPT);
      } else if (run.boss_state === 'cancelled') {
        await this.db.execute(sql`update job_runs set state = 'cancelled', finished_at = ${this.now().toISOString()} where id = ${run.id}`);
      } else {
        await this.db.execute(sql`update job_runs set state = 'completed', finished_at = ${this.now().toISOString()} where id = ${run.id}`);
      }
      if (run.batch_id) await this.finishBatch(run.batch_id);
    }
  }

  /** Cancels a batch: queued jobs are cancelled, a running one stops before its next unit of work. */
  async cancelBatch(batchId: string): Promise<number> {
    const at = this.now().toISOString();
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
    const boss = await this.ready();
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
    const boss = await this.ready();
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
      await this.writeLog(tx, runs.map((r) => r.id), 'Queued again by retry failed.');
      return runs;
    });
    for (const queue of byQueue(again).keys()) this.wake(boss, queue);
    return again.length;
  }

  async pause(queue: string, userId: string | null): Promise<void> {
    this.typeOf(queue);
    await this.db.execute(
      sql`insert into queue_pauses (queue, paused_by_id, paused_at) values (${queue}, ${userId}, ${this.now().toISOString()})
          on conflict (queue) do nothing`,
    );
    if (this.workersOn) await this.syncWorkers();
  }

  async resume(queue: string): Promise<void> {
    this.typeOf(queue);
    await this.db.execute(sql`delete from queue_pauses where queue = ${queue}`);
    if (this.workersOn) await this.syncWorkers();
  }

  /** Creates a schedule the application ships (e.g. housekeeping) unless one of that name exists. */
  async ensureSchedule(schedule: { name: string; type: string; cron: string; timeZone: string; missedRunPolicy: MissedRunPolicy; params?: Record<string, unknown> }) {
    const now = this.now();
    const next = nextRuns(schedule.cron, schedule.timeZone, now, 1)[0] ?? null;
    await this.db.execute(
      sql`insert into job_schedules (name, type, params, cron, time_zone, missed_run_policy, next_run_at, created_at, updated_at)
          values (${schedule.name}, ${schedule.type}, ${JSON.stringify(schedule.params ?? {})}::jsonb, ${schedule.cron}, ${schedule.timeZone},
                  ${schedule.missedRunPolicy}, ${next?.toISOString() ?? null}, ${now.toISOString()}, ${now.toISOString()})
          on conflict (name) do nothing`,
    );
  }

  /**
   * Fires due schedules. Each due schedule is claimed by moving its `next_run_at` (one process wins). A run is
   * "missed" when it came due more than a grace period ago (the servers were down): `run-once` queues one job
   * for all of them, `skip` queues none; either way the next run is computed from now.
   */
  async fireSchedules(): Promise<number> {
    const now = this.now();
    const grace = Math.max(60_000, this.settings.tickMs * 3);
    const due = await rows<{ id: string; type: string; params: Record<string, unknown>; cron: string; time_zone: string; missed_run_policy: MissedRunPolicy; next_run_at: string }>(
      this.db,
      sql`select id, type, params, cron, time_zone, missed_run_policy, next_run_at::text
            from job_schedules where is_active and next_run_at <= ${now.toISOString()} order by next_run_at limit 50`,
    );
    let fired = 0;
    for (const schedule of due) {
      const next = nextRuns(schedule.cron, schedule.time_zone, now, 1)[0] ?? null;
      const [claimed] = await rows<{ id: string }>(
        this.db,
        sql`update job_schedules set next_run_at = ${next?.toISOString() ?? null}, last_run_at = ${now.toISOString()}
             where id = ${schedule.id} and next_run_at = ${schedule.next_run_at}::timestamptz returning id`,
      );
      if (!claimed) continue;
      const missed = now.getTime() - new Date(schedule.next_run_at).getTime() > grace;
      if (missed && schedule.missed_run_policy === 'skip') continue;
      if (!this.types.has(schedule.type)) continue;
      const jobId = await this.enqueue(schedule.type, schedule.params);
      await this.db.execute(sql`update job_schedules set last_job_id = ${jobId} where id = ${schedule.id}`);
      fired += 1;
    }
    return fired;
  }
}
