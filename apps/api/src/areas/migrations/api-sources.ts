import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { ApiSource, ReadApiSource } from '@campus/api-contract';
import { API_SOURCE_FIELDS, type ApiAuthKind, type ApiPagination, type ApiSourceInput, type ImportTarget } from '@campus/domain-migration';
import { rows, type Db } from '../../platform/db/client.js';
import { snake } from '../../platform/db/table-for.js';
import { HttpError } from '../../platform/http/errors.js';
import { changesBetween, writeAudit } from '../../platform/audit/audit.js';
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

const iso = (v: string) => new Date(v).toISOString();
const hasSecret = (r: ApiSourceRow) => !!r.secret_sealed && r.secret_sealed.length > 0;

/** The settings a person types, from their columns (`baseUrl` ← `base_url`…): the view's and the reader's. */
const settingsOf = (r: ApiSourceRow) =>
  Object.fromEntries(API_SOURCE_FIELDS.map((f) => [f, r[snake(f) as keyof ApiSourceRow]])) as Omit<ApiSourceInput, 'secret'>;

/** A source as answered: the secret never leaves the server, only whether one is stored. */
function sourceView(r: ApiSourceRow): ApiSource {
  return {
    _id: r.id,
    ...settingsOf(r),
    hasSecret: hasSecret(r),
    lastCursor: r.last_cursor,
    cursorUpdatedAt: r.cursor_updated_at ? iso(r.cursor_updated_at) : null,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

/** What the audit trail keeps of a source: its settings (the secret's change is added by the save). */
const audited = settingsOf;

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

const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
};

/** Saved API sources, their test, preview and reads. */
export function apiSourceHandlers(ctx: AreaContext, deps: ApiReadDeps & { view: (runId: string) => Promise<unknown> }) {
  const db = ctx.db;
  const { sealer } = deps;

  const save = async (request: FastifyRequest, id: string | null, input: ApiSourceInput) => {
    const actor = ctx.actorOf(request);
    const now = ctx.config.now().toISOString();
    // A secret is kept only for a kind that sends one; switching to none forgets it.
    const sealed = input.authKind !== 'none' && input.secret ? sealer.seal(input.secret) : null;
    const forget = input.authKind === 'none';
    const v = input;
    try {
      return await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const [same] = await rows<{ name: string }>(
          tx,
          sql`select name from migration_api_sources where lower(name) = lower(${v.name}) and id <> ${id ?? '00000000-0000-0000-0000-000000000000'}`,
        );
        if (same) throw new HttpError(400, `Name is existing in ${same.name}.`, { name: [`Name is existing in ${same.name}.`] });
        if (id === null) {
          const [created] = await rows<{ id: string }>(
            tx,
            sql`insert into migration_api_sources (name, base_url, auth_kind, auth_header, secret_sealed, pagination, page_param, size_param, page_size,
                  next_path, rows_path, cursor_field, since_param, created_by_id, created_at, updated_at)
                values (${v.name}, ${v.baseUrl}, ${v.authKind}, ${v.authKind === 'header' ? v.authHeader : ''}, ${sealed}, ${v.pagination}, ${v.pageParam},
                  ${v.sizeParam}, ${v.pageSize}, ${v.nextPath}, ${v.rowsPath}, ${v.cursorField}, ${v.sinceParam}, ${actor.id}, ${now}, ${now})
                returning id`,
          );
          const after = await apiSourceRow(tx, created!.id);
          await writeAudit(tx, { actor, activity: 'Added an API source', resource: 'migration-api-sources', recordId: after.id, changes: changesBetween({}, { ...audited(after), secret: sealed ? 'set' : null }) }, ctx.config.now());
          return after;
        }
        const before = await apiSourceRow(tx, id, true);
        // A changed cursor field starts incremental reads over: the remembered value belongs to the old field.
        const cursorKept = before.cursor_field === v.cursorField;
        await tx.execute(sql`update migration_api_sources set name = ${v.name}, base_url = ${v.baseUrl}, auth_kind = ${v.authKind},
              auth_header = ${v.authKind === 'header' ? v.authHeader : ''}, pagination = ${v.pagination}, page_param = ${v.pageParam},
              size_param = ${v.sizeParam}, page_size = ${v.pageSize}, next_path = ${v.nextPath}, rows_path = ${v.rowsPath},
              cursor_field = ${v.cursorField}, since_param = ${v.sinceParam}, updated_at = ${now},
              secret_sealed = ${forget ? null : sealed ? sealed : sql`secret_sealed`},
              last_cursor = ${cursorKept ? sql`last_cursor` : null}, cursor_updated_at = ${cursorKept ? sql`cursor_updated_at` : null}
            where id = ${id}`);
        const after = await apiSourceRow(tx, id);
        const changes = changesBetween(audited(before), audited(after));
        if (sealed) changes.secret = { before: hasSecret(before) ? 'set' : null, after: 'changed' };
        else if (hasSecret(before) && !hasSecret(after)) changes.secret = { before: 'set', after: null };
        await writeAudit(tx, { actor, activity: 'Changed an API source', resource: 'migration-api-sources', recordId: id, changes }, ctx.config.now());
        return after;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(400, 'Name is existing in another API source.', { name: ['Name is existing in another API source.'] });
      throw error;
    }
  };

  const opened = async (id: string) => openSource(sealer, await apiSourceRow(db, id));

  return {
    listApiSources: async () => {
      const list = await rows<ApiSourceRow>(db, sql`select * from migration_api_sources order by lower(name)`);
      return { status: 200 as const, body: { data: list.map(sourceView) } };
    },
    getApiSource: async ({ params }: Input) => ({ status: 200 as const, body: { data: sourceView(await apiSourceRow(db, params.id!)) } }),
    createApiSource: async ({ body, request }: Input) => ({
      status: 201 as const,
      body: { data: sourceView(await save(request, null, body as ApiSourceInput)) },
    }),
    updateApiSource: async ({ params, body, request }: Input) => ({
      status: 200 as const,
      body: { data: sourceView(await save(request, params.id!, body as ApiSourceInput)) },
    }),
    deleteApiSource: async ({ params, request }: Input) => {
      const actor = ctx.actorOf(request);
      await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const before = await apiSourceRow(tx, params.id!, true);
        await tx.execute(sql`delete from migration_api_sources where id = ${before.id}`);
        await writeAudit(tx, { actor, activity: 'Deleted an API source', resource: 'migration-api-sources', recordId: before.id, changes: changesBetween(audited(before), {}) }, ctx.config.now());
      });
      return { status: 200 as const, body: { data: { message: 'API source deleted.' } } };
    },
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
