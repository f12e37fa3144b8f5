import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ApiSourceScheduleInput, ConnectionScheduleInput } from '@campus/api-contract';
import { rows, type Db } from '../../platform/db/client.js';
import { HttpError } from '../../platform/http/errors.js';
import { changesBetween, writeAudit } from '../../platform/audit/audit.js';
import { cronProblem, nextRuns } from '../../platform/jobs/schedule.js';
import type { AreaContext } from '../../platform/area.js';
import { checkedRead, connectionRow, DB_SCHEDULED_READ_JOB, type ReadDeps } from './connections.js';
import { API_SCHEDULED_READ_JOB, apiSourceRow, checkedApiRead } from './api-sources.js';

type Input = { params: Record<string, string>; body: unknown; request: FastifyRequest };

interface ScheduleRow {
  id: string;
  name: string;
  params: Record<string, unknown> & { resource: string; incremental?: boolean };
  cron: string;
  time_zone: string;
  is_active: boolean;
  next_run_at: string | null;
  last_run_at: string | null;
}

const iso = (v: string | null) => (v ? new Date(v).toISOString() : null);

/** A schedule as answered: its job's parameters (the source's own key left out), cron, time zone and next runs. */
function view(row: ScheduleRow, key: string, now: Date) {
  const { [key]: _source, ...params } = row.params;
  return {
    ...params,
    _id: row.id,
    resource: row.params.resource,
    incremental: row.params.incremental ?? true,
    cron: row.cron,
    timeZone: row.time_zone,
    isActive: row.is_active,
    nextRunAt: iso(row.next_run_at),
    lastRunAt: iso(row.last_run_at),
    nextRuns: row.is_active ? nextRuns(row.cron, row.time_zone, now).map((d) => d.toISOString()) : [],
  };
}

/** What kind of saved source a scheduled read reads: its job type, the key naming it, how its input is checked. */
interface ScheduledSource<I extends { resource: string; incremental: boolean; cron: string; timeZone: string; isActive: boolean }> {
  readonly jobType: string;
  /** The job parameter that names the source. */
  readonly key: string;
  /** The source's row (404 when unknown), for its name. */
  readonly sourceRow: (db: Db, id: string) => Promise<{ id: string; name: string }>;
  /** The job's parameters besides the key, checked as a read's are. */
  readonly params: (input: I) => Record<string, unknown>;
  /** The audit trail's resource and the source's noun in its activities. */
  readonly resource: string;
  readonly noun: string;
  /** The answer to a cancel when there is no schedule. */
  readonly missing: string;
  /** The job schedule's name. */
  readonly title: (source: { id: string; name: string }) => string;
}

/** The job schedule that reads a source (its type, and its key parameter naming the source). */
async function scheduleOf(db: Db, kind: ScheduledSource<never>, sourceId: string, lock = false): Promise<ScheduleRow | undefined> {
  const [row] = await rows<ScheduleRow>(
    db,
    sql`select id, name, params, cron, time_zone, is_active, next_run_at, last_run_at from job_schedules
         where type = ${kind.jobType} and params->>${kind.key} = ${sourceId} order by created_at limit 1
         ${lock ? sql`for update` : sql``}`,
  );
  return row;
}

const audited = (row: ScheduleRow | undefined) => (row ? { ...row.params, cron: row.cron, timeZone: row.time_zone, isActive: row.is_active } : {});

/**
 * The scheduled read of a saved source, kept as a job schedule (Batch Management) of the source's scheduled-read
 * job: its target checked as a read's is, its cron checked in its time zone. One per source; saving changes it,
 * cancelling deletes it; each with an audit row in the same transaction.
 */
function scheduleHandlersFor<I extends { resource: string; incremental: boolean; cron: string; timeZone: string; isActive: boolean }>(ctx: AreaContext, kind: ScheduledSource<I>) {
  const db = ctx.db;
  const k = kind as unknown as ScheduledSource<never>;
  return {
    get: async ({ params }: Input) => {
      await kind.sourceRow(db, params.id!);
      const row = await scheduleOf(db, k, params.id!);
      return { status: 200 as const, body: { data: row ? view(row, kind.key, ctx.config.now()) : null } };
    },
    save: async ({ params, body, request }: Input) => {
      const input = body as I;
      const jobParams = { [kind.key]: params.id!, ...kind.params(input) };
      const problem = cronProblem(input.cron, input.timeZone);
      if (problem) throw new HttpError(400, problem, { cron: [problem] });
      const actor = ctx.actorOf(request);
      const now = ctx.config.now();
      const next = input.isActive ? (nextRuns(input.cron, input.timeZone, now, 1)[0]?.toISOString() ?? null) : null;
      const saved = await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const source = await kind.sourceRow(tx, params.id!);
        const before = await scheduleOf(tx, k, source.id, true);
        if (before) {
          await tx.execute(sql`update job_schedules set params = ${JSON.stringify(jobParams)}::jsonb, cron = ${input.cron}, time_zone = ${input.timeZone},
                is_active = ${input.isActive}, next_run_at = ${next}, modified_by_id = ${actor.id}, updated_at = ${now.toISOString()}
              where id = ${before.id}`);
        } else {
          await tx.execute(sql`insert into job_schedules (name, type, params, cron, time_zone, missed_run_policy, is_active, next_run_at, modified_by_id, created_at, updated_at)
              values (${kind.title(source)}, ${kind.jobType}, ${JSON.stringify(jobParams)}::jsonb,
                      ${input.cron}, ${input.timeZone}, 'run-once', ${input.isActive}, ${next}, ${actor.id}, ${now.toISOString()}, ${now.toISOString()})`);
        }
        const after = (await scheduleOf(tx, k, source.id))!;
        await writeAudit(
          tx,
          {
            actor,
            activity: before ? `Changed the scheduled read of ${kind.noun}` : `Scheduled a read of ${kind.noun}`,
            resource: kind.resource,
            recordId: source.id,
            changes: changesBetween(audited(before), audited(after)),
          },
          now,
        );
        return after;
      });
      return { status: 200 as const, body: { data: view(saved, kind.key, now) } };
    },
    cancel: async ({ params, request }: Input) => {
      const actor = ctx.actorOf(request);
      await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const source = await kind.sourceRow(tx, params.id!);
        const before = await scheduleOf(tx, k, source.id, true);
        if (!before) throw new HttpError(404, kind.missing);
        await tx.execute(sql`delete from job_schedules where id = ${before.id}`);
        await writeAudit(tx, { actor, activity: `Cancelled the scheduled read of ${kind.noun}`, resource: kind.resource, recordId: source.id, changes: changesBetween(audited(before), {}) }, ctx.config.now());
      });
      return { status: 200 as const, body: { data: { message: 'Scheduled read cancelled.' } } };
    },
  };
}

/** Scheduled reads of database connections (`migration-db-scheduled-read`) and API sources (`migration-api-scheduled-read`). */
export function scheduleHandlers(ctx: AreaContext, deps: ReadDeps) {
  const connections = scheduleHandlersFor<ConnectionScheduleInput>(ctx, {
    jobType: DB_SCHEDULED_READ_JOB,
    key: 'connectionId',
    sourceRow: connectionRow,
    params: (input) => {
      const { target, source } = checkedRead(deps, input);
      return { resource: target.resource, table: source.table, query: source.query, cursorColumn: source.cursorColumn, incremental: input.incremental };
    },
    resource: 'migration-connections',
    noun: 'a database connection',
    missing: 'This connection has no scheduled read.',
    title: (c) => `Database read: ${c.name} (${c.id.slice(0, 8)})`,
  });
  const apiSources = scheduleHandlersFor<ApiSourceScheduleInput>(ctx, {
    jobType: API_SCHEDULED_READ_JOB,
    key: 'apiSourceId',
    sourceRow: (db, id) => apiSourceRow(db, id),
    params: (input) => ({ resource: checkedApiRead(deps, input.resource).resource, incremental: input.incremental }),
    resource: 'migration-api-sources',
    noun: 'an API source',
    missing: 'This API source has no scheduled read.',
    title: (s) => `API read: ${s.name} (${s.id.slice(0, 8)})`,
  });
  return {
    getConnectionSchedule: connections.get,
    saveConnectionSchedule: connections.save,
    cancelConnectionSchedule: connections.cancel,
    getApiSourceSchedule: apiSources.get,
    saveApiSourceSchedule: apiSources.save,
    cancelApiSourceSchedule: apiSources.cancel,
  };
}
