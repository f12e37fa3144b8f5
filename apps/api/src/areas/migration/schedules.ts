import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ConnectionSchedule, ConnectionScheduleInput } from '@campus/api-contract';
import { rows, type Db } from '../../platform/db/client.js';
import { HttpError } from '../../platform/http/errors.js';
import { changesBetween, writeAudit } from '../../platform/audit/audit.js';
import { cronProblem, nextRuns } from '../../platform/jobs/schedule.js';
import type { AreaContext } from '../../platform/area.js';
import { checkedRead, connectionRow, DB_SCHEDULED_READ_JOB, type ReadDeps } from './connections.js';

type Input = { params: Record<string, string>; body: unknown; request: FastifyRequest };

interface ScheduleRow {
  id: string;
  name: string;
  params: { connectionId: string; resource: string; table?: string; query?: string; cursorColumn?: string; incremental?: boolean };
  cron: string;
  time_zone: string;
  is_active: boolean;
  next_run_at: string | null;
  last_run_at: string | null;
}

const iso = (v: string | null) => (v ? new Date(v).toISOString() : null);

function view(row: ScheduleRow, now: Date): ConnectionSchedule {
  return {
    _id: row.id,
    resource: row.params.resource,
    table: row.params.table ?? '',
    query: row.params.query ?? '',
    cursorColumn: row.params.cursorColumn ?? '',
    incremental: row.params.incremental ?? true,
    cron: row.cron,
    timeZone: row.time_zone,
    isActive: row.is_active,
    nextRunAt: iso(row.next_run_at),
    lastRunAt: iso(row.last_run_at),
    nextRuns: row.is_active ? nextRuns(row.cron, row.time_zone, now).map((d) => d.toISOString()) : [],
  };
}

/** The job schedule that reads a connection (job type `migration-db-scheduled-read`, its `connectionId`). */
async function scheduleOf(db: Db, connectionId: string, lock = false): Promise<ScheduleRow | undefined> {
  const [row] = await rows<ScheduleRow>(
    db,
    sql`select id, name, params, cron, time_zone, is_active, next_run_at, last_run_at from job_schedules
         where type = ${DB_SCHEDULED_READ_JOB} and params->>'connectionId' = ${connectionId} order by created_at limit 1
         ${lock ? sql`for update` : sql``}`,
  );
  return row;
}

const audited = (row: ScheduleRow | undefined) =>
  row ? { ...row.params, cron: row.cron, timeZone: row.time_zone, isActive: row.is_active } : {};

/**
 * The scheduled read of a saved connection, kept as a job schedule (Batch Management) of the scheduled-read job:
 * its source and target checked as a read's are, its cron checked in its time zone. One per connection; saving
 * changes it, cancelling deletes it; each with an audit row in the same transaction.
 */
export function scheduleHandlers(ctx: AreaContext, deps: ReadDeps) {
  const db = ctx.db;
  return {
    getConnectionSchedule: async ({ params }: Input) => {
      await connectionRow(db, params.id!);
      const row = await scheduleOf(db, params.id!);
      return { status: 200 as const, body: { data: row ? view(row, ctx.config.now()) : null } };
    },
    saveConnectionSchedule: async ({ params, body, request }: Input) => {
      const input = body as ConnectionScheduleInput;
      const { target, source } = checkedRead(deps, input);
      const problem = cronProblem(input.cron, input.timeZone);
      if (problem) throw new HttpError(400, problem, { cron: [problem] });
      const actor = ctx.actorOf(request);
      const now = ctx.config.now();
      const jobParams = { connectionId: params.id!, resource: target.resource, table: source.table, query: source.query, cursorColumn: source.cursorColumn, incremental: input.incremental };
      const next = input.isActive ? (nextRuns(input.cron, input.timeZone, now, 1)[0]?.toISOString() ?? null) : null;
      const saved = await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const connection = await connectionRow(tx, params.id!);
        const before = await scheduleOf(tx, connection.id, true);
        if (before) {
          await tx.execute(sql`update job_schedules set params = ${JSON.stringify(jobParams)}::jsonb, cron = ${input.cron}, time_zone = ${input.timeZone},
                is_active = ${input.isActive}, next_run_at = ${next}, modified_by_id = ${actor.id}, updated_at = ${now.toISOString()}
              where id = ${before.id}`);
        } else {
          await tx.execute(sql`insert into job_schedules (name, type, params, cron, time_zone, missed_run_policy, is_active, next_run_at, modified_by_id, created_at, updated_at)
              values (${`Database read: ${connection.name} (${connection.id.slice(0, 8)})`}, ${DB_SCHEDULED_READ_JOB}, ${JSON.stringify(jobParams)}::jsonb,
                      ${input.cron}, ${input.timeZone}, 'run-once', ${input.isActive}, ${next}, ${actor.id}, ${now.toISOString()}, ${now.toISOString()})`);
        }
        const after = (await scheduleOf(tx, connection.id))!;
        await writeAudit(
          tx,
          { actor, activity: before ? 'Changed the scheduled read of a database connection' : 'Scheduled a read of a database connection', resource: 'migration-connections', recordId: connection.id, changes: changesBetween(audited(before), audited(after)) },
          now,
        );
        return after;
      });
      return { status: 200 as const, body: { data: view(saved, now) } };
    },
    cancelConnectionSchedule: async ({ params, request }: Input) => {
      const actor = ctx.actorOf(request);
      await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const connection = await connectionRow(tx, params.id!);
        const before = await scheduleOf(tx, connection.id, true);
        if (!before) throw new HttpError(404, 'This connection has no scheduled read.');
        await tx.execute(sql`delete from job_schedules where id = ${before.id}`);
        await writeAudit(tx, { actor, activity: 'Cancelled the scheduled read of a database connection', resource: 'migration-connections', recordId: connection.id, changes: changesBetween(audited(before), {}) }, ctx.config.now());
      });
      return { status: 200 as const, body: { data: { message: 'Scheduled read cancelled.' } } };
    },
  };
}
