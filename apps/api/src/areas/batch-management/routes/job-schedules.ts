import { sql } from 'drizzle-orm';
import type { ScheduleInput } from '@campus/domain-batch';
import { rows } from '../../../platform/db/client.js';
import { HttpError } from '../../../platform/http/errors.js';
import { cronProblem, nextRuns } from '../../../platform/jobs/schedule.js';
import { pgErrorCode } from '../../../resources/crud.js';
import { viewerOf, type BatchContext, type HandlerInput } from '../context.js';

interface ScheduleRow {
  id: string;
  name: string;
  type: string;
  params: Record<string, unknown>;
  cron: string;
  time_zone: string;
  missed_run_policy: 'run-once' | 'skip';
  is_active: boolean;
  next_run_at: string | null;
  last_run_at: string | null;
}

function view(row: ScheduleRow, now: Date) {
  return {
    _id: row.id,
    name: row.name,
    type: row.type,
    params: row.params,
    cron: row.cron,
    timeZone: row.time_zone,
    missedRunPolicy: row.missed_run_policy,
    isActive: row.is_active,
    nextRunAt: row.next_run_at ? new Date(row.next_run_at).toISOString() : null,
    lastRunAt: row.last_run_at ? new Date(row.last_run_at).toISOString() : null,
    nextRuns: row.is_active ? nextRuns(row.cron, row.time_zone, now).map((d) => d.toISOString()) : [],
  };
}

function check(area: BatchContext, input: Partial<ScheduleInput>) {
  const problems: Record<string, string[]> = {};
  if (input.type !== undefined && !area.engine.types.has(input.type)) problems.type = [`Unknown job type ${input.type}.`];
  if (input.cron !== undefined) {
    const problem = cronProblem(input.cron, input.timeZone ?? 'UTC');
    if (problem) problems.cron = [problem];
  }
  if (input.type && input.params && !problems.type) {
    const parsed = area.engine.types.get(input.type)!.params.safeParse(input.params);
    if (!parsed.success) problems.params = [parsed.error.issues[0]?.message ?? 'Check the parameters.'];
  }
  const first = Object.values(problems)[0]?.[0];
  if (first) throw new HttpError(400, first, problems);
}

const conflict = (error: unknown) =>
  pgErrorCode(error).code === '23505' ? new HttpError(409, 'Name is existing in another schedule.', { name: ['Name is existing in another schedule.'] }) : error;

export function listJobSchedules(area: BatchContext) {
  return async () => {
    const now = area.app.config.now();
    const found = await rows<ScheduleRow>(area.app.db, sql`select * from job_schedules order by name`);
    return { status: 200 as const, body: { rows: found.map((r) => view(r, now)), count: found.length } };
  };
}

export function previewJobSchedule(area: BatchContext) {
  return async ({ query }: HandlerInput) => {
    const { cron, timeZone } = query as { cron: string; timeZone: string };
    const problem = cronProblem(cron, timeZone);
    if (problem) throw new HttpError(400, problem, { cron: [problem] });
    const runs = nextRuns(cron, timeZone, area.app.config.now()).map((d) => d.toISOString());
    return { status: 200 as const, body: { data: { nextRuns: runs } } };
  };
}

export function createJobSchedule(area: BatchContext) {
  return async ({ body, request }: HandlerInput) => {
    const input = body as ScheduleInput;
    check(area, input);
    const now = area.app.config.now();
    const next = nextRuns(input.cron, input.timeZone, now, 1)[0] ?? null;
    try {
      const [row] = await rows<ScheduleRow>(
        area.app.db,
        sql`insert into job_schedules (name, type, params, cron, time_zone, missed_run_policy, is_active, next_run_at, modified_by_id, created_at, updated_at)
            values (${input.name}, ${input.type}, ${JSON.stringify(input.params)}::jsonb, ${input.cron}, ${input.timeZone},
                    ${input.missedRunPolicy}, ${input.isActive}, ${next?.toISOString() ?? null}, ${viewerOf(request).id}, ${now.toISOString()}, ${now.toISOString()})
            returning *`,
      );
      return { status: 201 as const, body: { data: view(row!, now) } };
    } catch (error) {
      throw conflict(error);
    }
  };
}

export function updateJobSchedule(area: BatchContext) {
  return async ({ params, body, request }: HandlerInput) => {
    const changes = body as Partial<ScheduleInput>;
    const [current] = await rows<ScheduleRow>(area.app.db, sql`select * from job_schedules where id = ${params.id!}`);
    if (!current) throw new HttpError(404, 'Schedule not found.');
    const merged = {
      name: changes.name ?? current.name,
      type: changes.type ?? current.type,
      params: changes.params ?? current.params,
      cron: changes.cron ?? current.cron,
      timeZone: changes.timeZone ?? current.time_zone,
      missedRunPolicy: changes.missedRunPolicy ?? current.missed_run_policy,
      isActive: changes.isActive ?? current.is_active,
    };
    check(area, merged);
    const now = area.app.config.now();
    const timingChanged = merged.cron !== current.cron || merged.timeZone !== current.time_zone || (merged.isActive && !current.is_active);
    const next = timingChanged ? (nextRuns(merged.cron, merged.timeZone, now, 1)[0]?.toISOString() ?? null) : current.next_run_at;
    try {
      const [row] = await rows<ScheduleRow>(
        area.app.db,
        sql`update job_schedules set name = ${merged.name}, type = ${merged.type}, params = ${JSON.stringify(merged.params)}::jsonb,
                   cron = ${merged.cron}, time_zone = ${merged.timeZone}, missed_run_policy = ${merged.missedRunPolicy},
                   is_active = ${merged.isActive}, next_run_at = ${next}, modified_by_id = ${viewerOf(request).id},
                   updated_at = ${now.toISOString()}
             where id = ${current.id} returning *`,
      );
      return { status: 200 as const, body: { data: view(row!, now) } };
    } catch (error) {
      throw conflict(error);
    }
  };
}
