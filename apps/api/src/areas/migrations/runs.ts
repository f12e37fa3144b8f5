import { sql } from 'drizzle-orm';
import type { MigrationRun } from '@campus/api-contract';
import { rows, type Db } from '../../platform/db/client.js';
import { HttpError } from '../../platform/http/errors.js';
import type { RunProgress } from '../../platform/db/schema/migration.js';

interface RunRow {
  id: string;
  resource: string;
  source_kind: MigrationRun['sourceKind'];
  source_name: string;
  headers: string[];
  mapping: Record<string, string>;
  match_kinds: Record<string, string | null>;
  mode: MigrationRun['mode'];
  date_format: MigrationRun['dateFormat'];
  state: MigrationRun['state'];
  preview: MigrationRun['preview'];
  counts: MigrationRun['counts'];
  progress: RunProgress | null;
  rejected_rows: MigrationRun['rejectedRows'];
  message: string | null;
  batch_id: string | null;
  parent_run_id: string | null;
  started_by_id: string | null;
  started_by_name: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  units: number | null;
  units_done: number | null;
}

const iso = (v: string | null) => (v ? new Date(v).toISOString() : null);

export const RUN_SELECT = sql`
  select r.*, nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as started_by_name,
         j.units, j.units_done
    from migration_runs r
    left join users u on u.id = r.started_by_id
    left join lateral (select sum(units)::int as units, sum(units_done + units_failed)::int as units_done
                         from job_runs where batch_id = r.batch_id) j on true`;

export function runView(r: RunRow, targetName: string): MigrationRun {
  const finished = ['checked', 'completed', 'failed'].includes(r.state);
  return {
    _id: r.id,
    resource: r.resource,
    targetName,
    sourceKind: r.source_kind,
    sourceName: r.source_name,
    headers: r.headers,
    mapping: r.mapping,
    matchKinds: r.match_kinds,
    mode: r.mode,
    dateFormat: r.date_format,
    state: r.state,
    preview: r.preview,
    counts: r.counts,
    rejectedRows: r.rejected_rows,
    message: r.message,
    batchId: r.batch_id,
    progress: finished ? 100 : r.units ? Math.min(100, Math.round(((r.units_done ?? 0) * 100) / r.units)) : 0,
    parentRunId: r.parent_run_id,
    startedById: r.started_by_id,
    startedByName: r.started_by_name,
    createdAt: iso(r.created_at)!,
    startedAt: iso(r.started_at),
    finishedAt: iso(r.finished_at),
    durationMs: r.started_at && r.finished_at ? new Date(r.finished_at).getTime() - new Date(r.started_at).getTime() : null,
  };
}

export async function runRow(db: Db, id: string): Promise<RunRow> {
  const [row] = await rows<RunRow>(db, sql`${RUN_SELECT} where r.id = ${id}`);
  if (!row) throw new HttpError(404, 'Run not found.');
  return row;
}

export async function listRunRows(db: Db, where: { resource?: string; state?: string }, page: number, limit: number) {
  const conditions = [sql`true`];
  if (where.resource) conditions.push(sql`r.resource = ${where.resource}`);
  if (where.state) conditions.push(sql`r.state = ${where.state}`);
  const cond = sql.join(conditions, sql` and `);
  const list = await rows<RunRow>(db, sql`${RUN_SELECT} where ${cond} order by r.created_at desc, r.id desc limit ${limit} offset ${(page - 1) * limit}`);
  const [count] = await rows<{ n: number }>(db, sql`select count(*)::int as n from migration_runs r where ${cond}`);
  return { list, count: count?.n ?? 0 };
}

export type { RunRow };
