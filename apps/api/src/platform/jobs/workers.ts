import { sql } from 'drizzle-orm';
import { PgBoss, fromPglite } from 'pg-boss';
import { rows, type Database, type Db } from '../db/client.js';
import type { JobTypes } from './job-types.js';
import type { JobType } from './types.js';

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
  /** On stop, how long the jobs this process holds may run on before they are handed back to the queue. */
  readonly stopGraceSeconds?: number;
}

export const DEFAULT_JOB_SETTINGS: JobEngineSettings = { pollingIntervalSeconds: 5, superviseIntervalSeconds: 30, tickMs: 5_000 };

/** What the workers need: the database, the settings, the registered types and somewhere to report errors. */
export interface JobWorkersOptions {
  readonly database: Database;
  readonly now: () => Date;
  readonly settings: JobEngineSettings;
  readonly types: JobTypes;
  readonly logger?: { warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void } | undefined;
}

/** A fetched job: its id (its `job_runs` row's), its parameters and how many times it was retried. */
export interface FetchedJob {
  readonly id: string;
  readonly data: Record<string, unknown>;
  readonly retryCount?: number;
}

/** How a fetched job ended: its batch (to close when it was the last) and, when it failed, why. */
export interface RunOutcome {
  readonly batchId: string | null;
  readonly failure?: string;
}

/** What the workers hand on: each fetched job to run, each settled job's batch to close, and the tick's passes. */
export interface WorkerSteps {
  run(type: JobType<never>, job: FetchedJob): Promise<RunOutcome>;
  finishBatch(batchId: string): Promise<void>;
  reconcile(): Promise<void>;
  fireSchedules(): Promise<number>;
}

/** A job handed to pg-boss: its parameters. */
export interface QueuedJob {
  readonly params: Record<string, unknown>;
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

/** What a job this process held when it stopped is told when it is handed back to the queue. */
export const HANDED_BACK = 'The server stopped during this attempt; the job was handed back to run again.';

/** How long, by default, held jobs may finish after a stop before they are handed back. */
const STOP_GRACE_SECONDS = 5;

/** Job ids by queue. */
export function byQueue(runs: readonly { id: string; queue: string }[]): Map<string, string[]> {
  const queues = new Map<string, string[]>();
  for (const r of runs) queues.set(r.queue, [...(queues.get(r.queue) ?? []), r.id]);
  return queues;
}

/**
 * The engine's lifecycle and workers: pg-boss started on the application's own database, one worker per registered
 * queue that is not paused, and the tick that keeps the workers in line with the pause flags, then runs the
 * reconciliation and the due schedules it is given.
 */
export class JobWorkers {
  private boss: PgBoss | undefined;
  private starting: Promise<PgBoss> | undefined;
  private workersOn = false;
  /** The pg-boss worker of each queue this process works (absent while paused). */
  private readonly working = new Map<string, string>();
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private stopped = false;
  private stopping: Promise<void> | undefined;
  /** The jobs this process has fetched and not yet settled, by id: what a stop hands back. */
  private readonly held = new Map<string, { queue: string; attempt: { id: string; retryCount: number } }>();
  /** Fetches whose handler is still running here. */
  private busy = 0;

  constructor(
    private readonly options: JobWorkersOptions,
    private readonly steps: WorkerSteps,
  ) {}

  private get db(): Db {
    return this.options.database.db;
  }

  /** Whether jobs carry a heartbeat: where other processes share the queue (see `HEARTBEAT_SECONDS`). */
  private get hasHeartbeats(): boolean {
    return this.options.database.jobConnection.kind === 'postgres';
  }

  /** Whether pg-boss is started (work can be queued and reconciled). */
  get started(): boolean {
    return this.boss !== undefined;
  }

  /** Whether the workers run: job types can no longer be registered. */
  get running(): boolean {
    return this.boss !== undefined && this.workersOn;
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
      connection.kind === 'postgres' ? Math.min(this.options.settings.superviseIntervalSeconds, HEARTBEAT_SUPERVISE_SECONDS) : this.options.settings.superviseIntervalSeconds;
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
    for (const type of this.options.types.byName.values()) await this.ensureQueue(boss, type);
    this.boss = boss;
    return boss;
  }

  private async ensureQueue(boss: PgBoss, type: JobType<never>) {
    const options = {
      retryLimit: type.retryLimit ?? 2,
      retryDelay: type.retryDelaySeconds ?? 5,
      retryBackoff: true,
      expireInSeconds: this.options.types.timeoutOf(type),
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
      }, this.options.settings.tickMs);
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
    const names = [...this.options.types.byName.keys()];
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

  /**
   * Stops taking work and hands back what this process holds: the workers stop fetching at once, the jobs running
   * may finish within the grace period (`stopGraceSeconds`), and those still held after it are failed with
   * `HANDED_BACK` through pg-boss, given back the attempt if that was their last (`retry`) and made due now
   * (`update`), so another process's worker fetches them at its next poll. Their handlers, if still running here,
   * can no longer settle them (pg-boss fences a settle to the attempt), and a unit of work they commit late is not
   * done again (`once`). Concurrent calls share one stop.
   */
  stop(): Promise<void> {
    this.stopping ??= this.stopNow().finally(() => {
      this.stopping = undefined;
    });
    return this.stopping;
  }

  private async stopNow(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.ticking?.catch(() => undefined);
    const boss = this.boss ?? (await this.starting?.catch(() => undefined));
    this.boss = undefined;
    this.starting = undefined;
    const queues = [...this.working.keys()];
    this.working.clear();
    this.workersOn = false;
    if (!boss) return;
    await Promise.allSettled(queues.map((queue) => boss.offWork(queue, { wait: false })));
    const grace = (this.options.settings.stopGraceSeconds ?? STOP_GRACE_SECONDS) * 1000;
    const until = Date.now() + grace;
    while (this.busy > 0 && Date.now() < until) await new Promise((resume) => setTimeout(resume, 50));
    await this.handBack(boss).catch((error: unknown) => this.options.logger?.error({ err: error }, 'jobs could not be handed back'));
    await boss.stop({ graceful: true, timeout: 1_000, close: true });
  }

  private async handBack(boss: PgBoss): Promise<void> {
    const held = [...this.held.values()];
    this.held.clear();
    if (!held.length) return;
    const byName = new Map<string, { id: string; retryCount: number }[]>();
    for (const job of held) byName.set(job.queue, [...(byName.get(job.queue) ?? []), job.attempt]);
    for (const [queue, attempts] of byName) {
      await boss.fail(queue, attempts, { message: HANDED_BACK });
      const ids = attempts.map((a) => a.id);
      await boss.retry(queue, ids);
      for (const id of ids) await boss.update(queue, undefined, { id, startAfter: new Date() });
    }
    this.options.logger?.warn({ jobs: held.length }, 'jobs still running at shutdown handed back to the queue');
  }

  /** One pass: pause flags to workers, due schedules to jobs, pg-boss states to the job view. */
  async tick(): Promise<void> {
    if (this.ticking) return this.ticking;
    this.ticking = (async () => {
      try {
        if (this.workersOn) await this.syncWorkers();
        await this.steps.reconcile();
        if (this.workersOn) await this.steps.fireSchedules();
      } finally {
        this.ticking = undefined;
      }
    })();
    return this.ticking;
  }

  private async syncWorkers(): Promise<void> {
    const boss = await this.ready();
    const paused = new Set((await rows<{ queue: string }>(this.db, sql`select queue from queue_pauses`)).map((r) => r.queue));
    for (const type of this.options.types.byName.values()) {
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
            pollingIntervalSeconds: this.options.settings.pollingIntervalSeconds,
            ...(this.hasHeartbeats ? { heartbeatRefreshSeconds: HEARTBEAT_REFRESH_SECONDS } : {}),
          },
          async (jobs) => {
            for (const job of jobs) this.held.set(job.id, { queue: type.name, attempt: { id: job.id, retryCount: (job as FetchedJob).retryCount ?? 0 } });
            this.busy += 1;
            const results = [];
            try {
              for (const job of jobs) {
                if (this.stopped) break; // the rest are handed back (see `stop`)
                // Let requests and timers run between jobs: on the embedded database every query settles without
                // returning to the event loop, so a queue worked without pause would hold the API's thread for as
                // long as the queue is full.
                await new Promise((resume) => setImmediate(resume));
                const fetched = job as FetchedJob;
                let outcome: RunOutcome;
                try {
                  outcome = await this.steps.run(type, fetched);
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
                  if (outcome.batchId) await this.steps.finishBatch(outcome.batchId);
                } catch (error) {
                  this.options.logger?.error({ err: error }, 'job settle failed');
                }
                this.held.delete(job.id);
                results.push(result);
              }
            } finally {
              this.busy -= 1;
            }
            return results;
          },
        );
        if (this.working.has(type.name)) this.working.set(type.name, workerId);
      }
    }
  }

  /** Hands jobs to pg-boss under the ids of their `job_runs` rows (a crash before this is mended by `reconcile`). */
  async send(type: JobType<never>, ids: readonly string[], jobs: readonly QueuedJob[]) {
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
  wake(boss: PgBoss, queue: string) {
    const workerId = this.working.get(queue);
    if (workerId) boss.notifyWorker(workerId);
  }

  async pause(queue: string, userId: string | null): Promise<void> {
    this.options.types.get(queue);
    await this.db.execute(
      sql`insert into queue_pauses (queue, paused_by_id, paused_at) values (${queue}, ${userId}, ${this.options.now().toISOString()})
          on conflict (queue) do nothing`,
    );
    if (this.workersOn) await this.syncWorkers();
  }

  async resume(queue: string): Promise<void> {
    this.options.types.get(queue);
    await this.db.execute(sql`delete from queue_pauses where queue = ${queue}`);
    if (this.workersOn) await this.syncWorkers();
  }
}
