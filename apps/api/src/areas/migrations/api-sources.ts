import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { ReadApiSource } from '@campus/api-contract';
import { API_SOURCE_FIELDS, type ApiAuthKind, type ApiPagination, type ApiSourceInput, type ImportTarget } from '@campus/domain-migration';
import { rows, type Db } from '../../platform/db/client.js';
import { snake } from '../../platform/db/table-for.js';
import { HttpError } from '../../platform/http/errors.js';
import { defineJobType } from '../../platform/jobs/types.js';
import { currentSettings } from '../../platform/settings.js';
import type { Sealer } from '../../platform/sealer.js';
import type { AreaContext } from '../../platform/area.js';
import { API_PAGE_TIMEOUT_MS, previewApi, readApi, testApi, type ApiReadSpec } from './api-reader.js';
import { readIntoRun } from './read-run.js';

export const API_READ_JOB = 'migration-api-read';
export const API_SCHEDULED_READ_JOB = 'migration-api-scheduled-read';

type Input = { params: Record<string, string>; body: unknown; request: FastifyRequest };

interface ApiSourceRow {
  id: string;
  name: string;
  base_url: string;
  auth_kind: ApiAuthKind;
  auth_header: string;
  secret_sealed: Buffer | Uint8Array | null;
  pagination: ApiPagination;
  page_param: string;
  size_param: string;
  page_size: number;
  next_path: string;
  rows_path: string;
  cursor_field: string;
  since_param: string;
  last_cursor: string | null;
  cursor_updated_at: string | null;
  created_at: string;
  updated_at: string;
}

const hasSecret = (r: ApiSourceRow) => !!r.secret_sealed && r.secret_sealed.length > 0;

/** The settings a person types, from their columns (`baseUrl` ← `base_url`…): the view's and the reader's. */
const settingsOf = (r: ApiSourceRow) =>
  Object.fromEntries(API_SOURCE_FIELDS.map((f) => [f, r[snake(f) as keyof ApiSourceRow]])) as Omit<ApiSourceInput, 'secret'>;

export async function apiSourceRow(db: Db, id: string, lock = false): Promise<ApiSourceRow> {
  const [row] = await rows<ApiSourceRow>(db, sql`select * from migration_api_sources where id = ${id} ${lock ? sql`for update` : sql``}`);
  if (!row) throw new HttpError(404, 'API source not found.');
  return row;
}

function openSource(sealer: Sealer, r: ApiSourceRow): ApiReadSpec {
  return { ...settingsOf(r), secret: hasSecret(r) ? sealer.open(r.secret_sealed!).toString('utf8') : '' };
}

export type ApiReadDeps = {
  sealer: Sealer;
  targetOf: (resource: string) => ImportTarget | undefined;
  allowedHosts: () => Promise<readonly string[]>;
};

/** The allow-list of the system settings, read at each use so a change applies at once. */
export const allowedHostsOf = (ctx: Pick<AreaContext, 'database' | 'config'>) => async () => (await currentSettings(ctx.database, ctx.config)).apiSourceHosts;

/**
 * Reads a run's API source into the run, page by page (see `readIntoRun`); with a cursor field, the highest value
 * read is remembered on the source, so the next incremental read asks for and keeps only newer rows.
 */
function readApiIntoRun(db: Db, deps: ApiReadDeps, runId: string, now: () => Date, progress: (done: number) => Promise<void>) {
  return readIntoRun(db, {
    runId,
    targetOf: deps.targetOf,
    now,
    progress,
    read: async (run, onChunk) => {
      if (!run.api_source_id) throw new Error('The API source of this run was deleted.');
      const spec = openSource(deps.sealer, await apiSourceRow(db, run.api_source_id));
      return readApi(spec, { allowedHosts: await deps.allowedHosts(), after: run.cursor_from, timeoutMs: API_PAGE_TIMEOUT_MS }, onChunk);
    },
    remember: async (tx, run, lastCursor, at) => {
      await tx.execute(sql`update migration_api_sources set last_cursor = ${lastCursor}, cursor_updated_at = ${at} where id = ${run.api_source_id}`);
    },
  });
}

/** Reads a run created by `POST …/api-sources/:id/read`. */
export function apiReadJob(deps: ApiReadDeps) {
  return defineJobType({
    name: API_READ_JOB,
    title: 'Read from an API source',
    params: z.object({ runId: z.string().uuid() }),
    retryLimit: 0,
    timeoutSeconds: 3600,
    handler: async (job) => {
      const count = await readApiIntoRun(job.db, deps, job.params.runId, () => job.now(), (done) => job.progress(done));
      await job.log(`Read ${count} rows.`);
    },
  });
}

/** The import target of a read, or a 400 naming the field. */
export function checkedApiRead(deps: Pick<ApiReadDeps, 'targetOf'>, resource: string): ImportTarget {
  const target = deps.targetOf(resource);
  if (!target) throw new HttpError(400, 'Choose what to import.', { resource: ['Choose what to import.'] });
  return target;
}

/** A new run in state `reading` for an API source; an incremental one starts past the remembered cursor. */
async function createApiReadRun(db: Db, input: { source: ApiSourceRow; target: ImportTarget; incremental: boolean; userId: string | null; now: Date }) {
  const { source } = input;
  if (input.incremental && !source.cursor_field)
    throw new HttpError(400, 'Enter the cursor field of the source for an incremental read.', { incremental: ['Enter the cursor field of the source for an incremental read.'] });
  const from = input.incremental ? source.last_cursor : null;
  const name = `${source.name}${from !== null ? ` (after ${source.cursor_field} ${from})` : ''}`;
  const [created] = await rows<{ id: string }>(
    db,
    sql`insert into migration_runs (resource, source_kind, source_name, state, api_source_id, cursor_column, cursor_from, started_by_id, created_at)
        values (${input.target.resource}, 'api', ${name}, 'reading', ${source.id}, ${source.cursor_field || null}, ${from}, ${input.userId}, ${input.now.toISOString()})
        returning id`,
  );
  return { runId: created!.id, name };
}

/**
 * A read on a schedule (a job schedule of this type, its parameters naming the source, the target and whether to
 * read only rows past the cursor): each time a new run is read and left `uploaded` for a person to check and run.
 */
export function apiScheduledReadJob(deps: ApiReadDeps) {
  return defineJobType({
    name: API_SCHEDULED_READ_JOB,
    title: 'Scheduled read from an API source',
    params: z.object({ apiSourceId: z.string().uuid(), resource: z.string().min(1).max(60), incremental: z.boolean().default(true) }).strict(),
    retryLimit: 0,
    timeoutSeconds: 3600,
    handler: async (job) => {
      const p = job.params;
      const target = checkedApiRead(deps, p.resource);
      const source = await apiSourceRow(job.db, p.apiSourceId);
      // The first scheduled read of a source never read before reads it in full.
      const { runId, name } = await createApiReadRun(job.db, { source, target, incremental: p.incremental && !!source.cursor_field, userId: null, now: job.now() });
      if (job.batchId) await job.db.execute(sql`update migration_runs set batch_id = ${job.batchId} where id = ${runId}`);
      const count = await readApiIntoRun(job.db, deps, runId, () => job.now(), (done) => job.progress(done));
      await job.log(`Read ${count} rows of ${name} into run ${runId}.`);
    },
  });
}

/** A saved API source's test, preview and reads (the records themselves: `records.ts`). */
export function apiSourceHandlers(ctx: AreaContext, deps: ApiReadDeps & { view: (runId: string) => Promise<unknown> }) {
  const db = ctx.db;
  const { sealer } = deps;

  const opened = async (id: string) => openSource(sealer, await apiSourceRow(db, id));

  return {
    testApiSource: async ({ params }: Input) => ({
      status: 200 as const,
      body: { data: await testApi(await opened(params.id!), await deps.allowedHosts()) },
    }),
    previewApiSource: async ({ params }: Input) => ({
      status: 200 as const,
      body: { data: await previewApi(await opened(params.id!), await deps.allowedHosts()) },
    }),
    readApiSource: async ({ params, body, request }: Input) => {
      const input = body as ReadApiSource;
      const auth = ctx.authOf(request);
      const target = checkedApiRead(deps, input.resource);
      const source = await apiSourceRow(db, params.id!);
      const { runId, name } = await createApiReadRun(db, { source, target, incremental: input.incremental, userId: auth.user.id, now: ctx.config.now() });
      const batchId = await ctx.jobs.createBatch({
        type: API_READ_JOB,
        params: { runId },
        summary: `Read of ${name} for ${target.label.toLowerCase()}`,
        requestedById: auth.user.id,
        total: 0,
        jobs: [{ params: { runId }, units: 0 }],
      });
      await db.execute(sql`update migration_runs set batch_id = ${batchId} where id = ${runId}`);
      return { status: 202 as const, body: { data: await deps.view(runId) } };
    },
  };
}
