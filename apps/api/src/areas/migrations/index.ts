import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { entityRegistry } from '@campus/api-contract';
import type { AnyEntity } from '@campus/domain-core';
import {
  detectDateFormat,
  importTargets,
  matchColumns,
  RunSettingsSchema,
  UPLOAD_MAX_BYTES,
  type ImportTarget,
  type RunSettings,
} from '@campus/domain-migration';
import { rows, type Db } from '../../platform/db/client.js';
import { HttpError } from '../../platform/http/errors.js';
import { readUpload, type UploadLimits } from '../../platform/http/multipart.js';
import { resourceRefusal } from '../../resources/access.js';
import type { AreaContext } from '../../platform/area.js';
import { readRows, rowsFile, templateFile } from './files.js';
import { stager } from './staging.js';
import { IMPORT_JOB, IMPORT_LANES, importJob } from './import-job.js';
import { listRunRows, runRow, runView } from './runs.js';
import { connectionHandlers, connectionSealer } from './connections.js';
import { scheduleHandlers } from './schedules.js';
import { allowedHostsOf, apiSourceHandlers } from './api-sources.js';
import { recordHandlers } from '../../resources/handlers.js';
import { migrationApiSourceEntity, migrationConnectionEntity } from '@campus/domain-migration';

type Input = {
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
  request: FastifyRequest;
};

const TARGETS = importTargets(entityRegistry);
export const targetOf = (resource: string) => TARGETS.find((t) => t.resource === resource);
const targetNameOf = (resource: string) => targetOf(resource)?.name ?? resource;

function targetOrThrow(resource: string): ImportTarget {
  const target = targetOf(resource);
  if (!target)
    throw new HttpError(404, `There is no import template for ${resource}.`, {
      resource: ['Choose a target from the list.'],
    });
  return target;
}

const asFile = (file: { name: string; contentType: string; bytes: Buffer }) => ({
  name: file.name,
  contentType: file.contentType,
  contentBase64: file.bytes.toString('base64'),
});

/**
 * The upload form: the target and one CSV or XLSX file of at most `UPLOAD_MAX_BYTES`, streamed to a private
 * temporary folder as it arrives (never held in memory whole). What the file is comes from its content when it is
 * read (`readRows`), not from its name.
 */
const RUN_UPLOAD: UploadLimits<'disk'> = {
  store: 'disk',
  fileSize: UPLOAD_MAX_BYTES,
  files: 1,
  fields: 5,
  fieldSize: 1000,
  messages: { tooLarge: `The file is larger than ${UPLOAD_MAX_BYTES / 1024 / 1024} MB.`, tooMany: 'Send one file.' },
};

interface Upload {
  readonly resource: string;
  readonly name: string;
  readonly path: string;
  discard(): Promise<void>;
}

/** Reads the upload form; the caller discards the file when done. */
async function readRunUpload(request: FastifyRequest): Promise<Upload> {
  const form = await readUpload(request, RUN_UPLOAD);
  const file = form.files[0];
  const resource = form.fields.resource ?? '';
  try {
    if (!resource)
      throw new HttpError(400, 'Please fillup required fields.', { resource: ['Choose what to import.'] });
    if (!file) throw new HttpError(400, 'Please fillup required fields.', { file: ['Choose a CSV or XLSX file.'] });
  } catch (error) {
    await form.discard();
    throw error;
  }
  return { resource, name: file.filename || 'upload.csv', path: file.path, discard: form.discard };
}

/** Checks the settings against the run's headers and the target's columns. */
function checkedSettings(target: ImportTarget, headers: readonly string[], body: unknown): RunSettings {
  const parsed = RunSettingsSchema.safeParse(body);
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Check the settings.');
  const names = new Set(target.columns.map((c) => c.name));
  const used = new Map<string, string>();
  const fieldErrors: Record<string, string[]> = {};
  for (const [header, column] of Object.entries(parsed.data.mapping)) {
    if (!headers.includes(header))
      (fieldErrors[`mapping.${header}`] ??= []).push('This column is not in the file.');
    else if (column && !names.has(column))
      (fieldErrors[`mapping.${header}`] ??= []).push('Choose a column of the template.');
    else if (column && used.has(column))
      (fieldErrors[`mapping.${header}`] ??= []).push(`${column} is already filled from ${used.get(column)}.`);
    if (column) used.set(column, header);
  }
  if (Object.keys(fieldErrors).length)
    throw new HttpError(400, Object.values(fieldErrors)[0]![0]!, fieldErrors);
  return parsed.data;
}

export function migrationHandlers(ctx: AreaContext) {
  ctx.jobs.register(importJob({ resources: ctx.resources, targetOf, lanes: ctx.database.kind === 'postgres' ? IMPORT_LANES : 1 }));
  const db = ctx.db;
  const sealer = connectionSealer(ctx);
  const view = async (id: string) => {
    const row = await runRow(db, id);
    return runView(row, targetNameOf(row.resource));
  };

  /** Stages an uploaded file's rows in one transaction: the run, its rows and the columns matched to the target. */
  const stage = (userId: string, upload: Upload) => {
    const target = targetOrThrow(upload.resource);
    return db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [created] = await rows<{ id: string }>(
        tx,
        sql`insert into migration_runs (resource, source_kind, source_name, started_by_id, created_at)
            values (${target.resource}, 'file', ${upload.name}, ${userId}, ${ctx.config.now().toISOString()}) returning id`,
      );
      const id = created!.id;
      const dateSamples: string[] = [];
      // Each chunk is stored while the next is read and parsed.
      const staging = stager(tx, id);
      let read: Awaited<ReturnType<typeof readRows>>;
      try {
        read = await readRows(upload.path, async (_headers, chunk) => {
          if (dateSamples.length < 200)
            for (const r of chunk.slice(0, 200))
              dateSamples.push(
                ...Object.values(r.cells).filter((v) => /^\d{1,2}[/.-]\d{1,2}[/.-]\d{4}$/.test(v.trim())),
              );
          await staging.add(chunk);
        });
        await staging.done();
      } catch (error) {
        // A file refused halfway (too many rows, unreadable) leaves its transaction free to roll back.
        await staging.abort();
        throw error;
      }
      const { headers, count, nulCells } = read;
      if (count === 0) throw new HttpError(400, 'The file has a header row but no rows to import.');
      const matches = matchColumns(
        headers,
        target.columns.map((c) => c.name),
      );
      const mapping = Object.fromEntries(matches.map((m) => [m.header, m.column ?? '']));
      // An error file sent back fixed: its own first (`line`) and last (`error`) columns fill nothing.
      if (headers[0] === 'line' && headers.at(-1) === 'error') mapping.line = mapping.error = '';
      const kinds = Object.fromEntries(matches.map((m) => [m.header, m.kind]));
      await tx.execute(sql`update migration_runs set headers = ${JSON.stringify(headers)}::jsonb, mapping = ${JSON.stringify(mapping)}::jsonb,
          match_kinds = ${JSON.stringify(kinds)}::jsonb, date_format = ${detectDateFormat(dateSamples)},
          message = ${nulCells ? `${nulCells} ${nulCells === 1 ? 'cell held' : 'cells held'} NUL characters, which were removed.` : null} where id = ${id}`);
      return id;
    });
  };

  const start =
    (dryRun: boolean) =>
    async ({ params, body, request }: Input) => {
      const auth = ctx.authOf(request);
      const row = await runRow(db, params.id!);
      if (row.state === 'checking' || row.state === 'running')
        throw new HttpError(409, 'This run is already under way.');
      if (row.state === 'reading') throw new HttpError(409, 'The source is still being read.');
      if (row.state === 'completed' || (row.state === 'failed' && row.counts))
        throw new HttpError(409, 'This run has finished; re-run its rejected rows instead.');
      const target = targetOrThrow(row.resource);
      // An import creates and changes the target's records: allowed exactly when the same user may do so one by one.
      const entity = entityRegistry.byResource(row.resource) as AnyEntity | undefined;
      const refusal = entity ? resourceRefusal(auth.user, entity) : new HttpError(404, 'Not found.');
      if (refusal) throw refusal;
      const settings = checkedSettings(target, row.headers, body);
      const matchKinds: Record<string, string | null> = {};
      for (const h of row.headers) {
        const column = settings.mapping[h] ?? '';
        matchKinds[h] = column
          ? row.mapping[h] === column
            ? (row.match_kinds[h] ?? 'chosen')
            : 'chosen'
          : null;
      }
      const [n] = await rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from migration_rows where run_id = ${row.id}`,
      );
      const total = n?.n ?? 0;
      const batchId = await ctx.jobs.createBatch({
        type: IMPORT_JOB,
        params: { runId: row.id, dryRun },
        summary: `${dryRun ? 'Dry run of' : 'Import of'} ${total} ${target.label.toLowerCase()} from ${row.source_name}`,
        requestedById: auth.user.id,
        total,
        jobs: [{ params: { runId: row.id, dryRun }, units: total }],
      });
      await db.execute(sql`
      update migration_runs set mapping = ${JSON.stringify(settings.mapping)}::jsonb, match_kinds = ${JSON.stringify(matchKinds)}::jsonb,
             mode = ${settings.mode}, date_format = ${settings.dateFormat}, state = ${dryRun ? 'checking' : 'running'},
             batch_id = ${batchId}, started_by_id = ${auth.user.id}, message = null
       where id = ${row.id}`);
      return { status: 202 as const, body: { data: await view(row.id) } };
    };

  return {
    // Saved connections and API sources are records of the generic handlers (their hooks: `records.ts`).
    ...recordHandlers(
      ctx.resources.of(migrationConnectionEntity.resource),
      { list: 'listConnections', get: 'getConnection', create: 'createConnection', update: 'updateConnection', delete: 'deleteConnection' },
      ctx.actorOf,
      { list: 'all' },
    ),
    ...recordHandlers(
      ctx.resources.of(migrationApiSourceEntity.resource),
      { list: 'listApiSources', get: 'getApiSource', create: 'createApiSource', update: 'updateApiSource', delete: 'deleteApiSource' },
      ctx.actorOf,
      { list: 'all' },
    ),
    ...connectionHandlers(ctx, { sealer, targetOf, allowedHosts: allowedHostsOf(ctx), view }),
    ...scheduleHandlers(ctx, { sealer, targetOf, allowedHosts: allowedHostsOf(ctx) }),
    ...apiSourceHandlers(ctx, { sealer, targetOf, allowedHosts: allowedHostsOf(ctx), view }),
    listTargets: async () => ({
      status: 200 as const,
      body: {
        data: TARGETS.map((t) => ({
          resource: t.resource,
          name: t.name,
          label: t.label,
          naturalKey: [...t.naturalKey],
          columns: t.columns.map(({ target: _t, ...c }) => ({ ...c, codedValues: [...c.codedValues] })),
        })),
      },
    }),
    getTemplate: async ({ params, query }: Input) => {
      const target = targetOrThrow(params.resource!);
      return {
        status: 200 as const,
        body: { data: asFile(await templateFile(target, (query.format as 'csv' | 'xlsx') ?? 'csv')) },
      };
    },
    uploadFile: async ({ request }: Input) => {
      const auth = ctx.authOf(request);
      const upload = await readRunUpload(request);
      const run = await stage(auth.user.id, upload).finally(upload.discard);

      return { status: 201 as const, body: { data: await view(run) } };
    },
    listRuns: async ({ query }: Input) => {
      const q = query as unknown as { resource?: string; state?: string; page: number; limit: number };
      const { list, count } = await listRunRows(db, q, q.page, q.limit);
      return {
        status: 200 as const,
        body: { rows: list.map((r) => runView(r, targetNameOf(r.resource))), count },
      };
    },
    getRun: async ({ params }: Input) => ({ status: 200 as const, body: { data: await view(params.id!) } }),
    checkRun: start(true),
    startRun: start(false),
    getErrorFile: async ({ params, query }: Input) => {
      const row = await runRow(db, params.id!);
      const rejected = await rows<{ line: number; cells: Record<string, string>; error: string }>(
        db,
        sql`select line, cells, error from migration_rows where run_id = ${row.id} and outcome = 'rejected' order by line`,
      );
      if (!rejected.length) throw new HttpError(404, 'This run has no rejected rows.');
      // The line of the source first (a file's own `line` and `error` columns, from an earlier error file, give way),
      // then its columns, any cells past the header's last, and the error.
      const extra = [...new Set(rejected.flatMap((r) => Object.keys(r.cells).filter((k) => !row.headers.includes(k))))];
      const columns = [...row.headers.filter((h) => h !== 'error' && h !== 'line'), ...extra];
      const headers = ['line', ...columns, 'error'];
      const data = rejected.map((r) => [r.line, ...columns.map((h) => r.cells[h] ?? ''), r.error]);
      const base = `${row.source_name.replace(/\.[^.]+$/, '')}-errors`;
      return {
        status: 200 as const,
        body: {
          data: asFile(await rowsFile(base, headers, data, (query.format as 'csv' | 'xlsx') ?? 'csv')),
        },
      };
    },
    rerunRejected: async ({ params, request }: Input) => {
      const auth = ctx.authOf(request);
      const row = await runRow(db, params.id!);
      if (!['completed', 'failed'].includes(row.state))
        throw new HttpError(409, 'This run has not finished.');
      const id = await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const [created] = await rows<{ id: string }>(
          tx,
          sql`insert into migration_runs (resource, source_kind, source_name, headers, mapping, match_kinds, mode, date_format, parent_run_id, started_by_id, created_at)
              select resource, source_kind, source_name, headers, mapping, match_kinds, mode, date_format, id, ${auth.user.id}, ${ctx.config.now().toISOString()}
                from migration_runs where id = ${row.id} returning id`,
        );
        const inserted = await tx.execute(
          sql`insert into migration_rows (run_id, line, cells)
              select ${created!.id}, line, cells from migration_rows where run_id = ${row.id} and outcome = 'rejected'`,
        );
        const count =
          (inserted as { rowCount?: number; affectedRows?: number }).rowCount ??
          (inserted as { affectedRows?: number }).affectedRows ??
          1;
        if (!count) throw new HttpError(409, 'This run has no rejected rows.');
        return created!.id;
      });
      return { status: 201 as const, body: { data: await view(id) } };
    },
  };
}
