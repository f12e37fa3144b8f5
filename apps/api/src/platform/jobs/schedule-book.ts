import { sql } from 'drizzle-orm';
import { rows, type Database, type Db } from '../db/client.js';
import type { JobTypes } from './job-types.js';
import { nextRuns } from './schedule.js';

/** What a schedule does about runs it missed while no server was up: run the job once, or skip them. */
export type MissedRunPolicy = 'run-once' | 'skip';

/** A schedule the application ships: a job type run on a cron in a time zone. */
export interface NewSchedule {
  readonly name: string;
  readonly type: string;
  readonly cron: string;
  readonly timeZone: string;
  readonly missedRunPolicy: MissedRunPolicy;
  readonly params?: Record<string, unknown>;
}

export interface ScheduleBookOptions {
  readonly database: Database;
  readonly now: () => Date;
  /** The engine's tick: a run due more than three ticks (at least a minute) ago was missed. */
  readonly tickMs: number;
  readonly types: JobTypes;
  /** Records one job of a due schedule in `tx`; `send` queues it after `tx` commits. */
  record(tx: Db, type: string, params: Record<string, unknown>): Promise<{ id: string; send: () => Promise<void> }>;
}

/** The schedule book (`job_schedules`): cron schedules with time zones, each due run queued once. */
export class ScheduleBook {
  constructor(private readonly options: ScheduleBookOptions) {}

  private get db(): Db {
    return this.options.database.db;
  }

  /** Creates a schedule the application ships (e.g. housekeeping) unless one of that name exists. */
  async ensure(schedule: NewSchedule): Promise<void> {
    const now = this.options.now();
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
  async fire(): Promise<number> {
    const now = this.options.now();
    const grace = Math.max(60_000, this.options.tickMs * 3);
    const due = await rows<{ id: string; type: string; params: Record<string, unknown>; cron: string; time_zone: string; missed_run_policy: MissedRunPolicy; next_run_at: string }>(
      this.db,
      sql`select id, type, params, cron, time_zone, missed_run_policy, next_run_at::text
            from job_schedules where is_active and next_run_at <= ${now.toISOString()} order by next_run_at limit 50`,
    );
    let fired = 0;
    for (const schedule of due) {
      const next = nextRuns(schedule.cron, schedule.time_zone, now, 1)[0] ?? null;
      // The claim, the job's record and `last_job_id` commit together: a process that dies in between leaves the
      // run unclaimed for the next tick, never claimed without its job.
      const job = await this.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const [claimed] = await rows<{ id: string }>(
          tx,
          sql`update job_schedules set next_run_at = ${next?.toISOString() ?? null}, last_run_at = ${now.toISOString()}
               where id = ${schedule.id} and next_run_at = ${schedule.next_run_at}::timestamptz returning id`,
        );
        if (!claimed) return null;
        const missed = now.getTime() - new Date(schedule.next_run_at).getTime() > grace;
        if (missed && schedule.missed_run_policy === 'skip') return null;
        if (!this.options.types.byName.has(schedule.type)) return null;
        const recorded = await this.options.record(tx, schedule.type, schedule.params);
        await tx.execute(sql`update job_schedules set last_job_id = ${recorded.id} where id = ${schedule.id}`);
        return recorded;
      });
      if (!job) continue;
      await job.send();
      fired += 1;
    }
    return fired;
  }
}
