import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { ReadSource } from '@campus/api-contract';
import {
  COLUMN_NAME,
  readOnlySelectProblem,
  TABLE_NAME,
  type DbKind,
  type DbSource,
  type ImportTarget,
} from '@campus/domain-migration';
import { rows, type Db } from '../../platform/db/client.js';
import { HttpError } from '../../platform/http/errors.js';
import { defineJobType } from '../../platform/jobs/types.js';
import { sealer, secretKey, type Sealer } from '../../platform/sealer.js';
import type { AreaContext } from '../../platform/area.js';
import { listTables, previewSource, readSource, sourceError, testSource, type SourceConnection } from './sources.js';
import { readIntoRun, type ReadRunRow } from './read-run.js';

export const DB_READ_JOB = 'migration-db-read';
/** Statement timeout of a full read (each FETCH on PostgreSQL; the one streamed statement on MySQL/MariaDB). */
const READ_TIMEOUT_MS = 30 * 60_000;
const CHUNK = 1000;

type Input = { params: Record<string, string>; body: unknown; request: FastifyRequest };

interface ConnectionRow {
  id: string;
  name: string;
  kind: DbKind;
  host: string;
  port: number;
  database: string;
  username: string;
  password_sealed: Buffer | Uint8Array | null;
  tls: boolean;
  tls_ca: string;
  created_at: string;
  updated_at: string;
  cursors: { source: string; cursorColumn: string; lastValue: string; updatedAt: string }[] | null;
}

const CONNECTION_SELECT = sql`
  select c.*, (select coalesce(jsonb_agg(jsonb_build_object('source', k.source, 'cursorColumn', k.cursor_column,
                'lastValue', k.last_value, 'updatedAt', k.updated_at) order by k.source, k.cursor_column), '[]'::jsonb)
                 from migration_cursors k where k.connection_id = c.id) as cursors
    from migration_connections c`;

export async function connectionRow(db: Db, id: string): Promise<ConnectionRow> {
  const [row] = await rows<ConnectionRow>(db, sql`${CONNECTION_SELECT} where c.id = ${id}`);
  if (!row) throw new HttpError(404, 'Connection not found.');
  return row;
}

/** A saved connection with its opened password and the allow-list in force now. */
async function openConnection(deps: Pick<ReadDeps, 'sealer' | 'allowedHosts'>, r: ConnectionRow): Promise<SourceConnection> {
  const sealed = r.password_sealed;
  const { sealer } = deps;
  return {
    kind: r.kind,
    host: r.host,
    port: r.port,
    database: r.database,
    username: r.username,
    password: sealed && sealed.length ? sealer.open(sealed).toString('utf8') : '',
    tls: r.tls,
    tlsCa: r.tls_ca,
    allowedHosts: await deps.allowedHosts(),
  };
}

/** Checks what to read: a table name or a read-only SELECT (one of them), and a plain cursor column name. */
export function checkedSource(source: DbSource): DbSource {
  const errors: Record<string, string[]> = {};
  if (!source.table && !source.query) errors.table = ['Choose a table or write a SELECT.'];
  else if (source.table && source.query) errors.query = ['Choose a table or write a SELECT, not both.'];
  else if (source.table && !TABLE_NAME.test(source.table)) errors.table = ['Choose a table from the list.'];
  else if (source.query) {
    const problem = readOnlySelectProblem(source.query);
    if (problem) errors.query = [problem];
  }
  if (source.cursorColumn && !COLUMN_NAME.test(source.cursorColumn)) errors.cursorColumn = ['Enter a column name of the source.'];
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new HttpError(400, first, errors);
  return source;
}

/** The key the cursor of a source is remembered under: the table's name, or the SELECT itself. */
const sourceKey = (s: DbSource) => (s.table ? s.table : `query:${s.query.trim().replace(/;\s*$/, '').replace(/\s+/g, ' ')}`);

export function connectionSealer(ctx: Pick<AreaContext, 'config'>): Sealer {
  return sealer(secretKey(process.env, ctx.config.dataDir, 'MIGRATION_SECRET_KEY', 'migration-secret-key'));
}

export type ReadDeps = {
  sealer: Sealer;
  targetOf: (resource: string) => ImportTarget | undefined;
  /** The settings' allow-list of hosts data sources may reach, read at each use so a change applies at once. */
  allowedHosts: () => Promise<readonly string[]>;
};

/**
 * Reads a run's database source into the run (see `readIntoRun`); with a cursor column, the highest value read is
 * remembered for the connection and source, so the next incremental read fetches only newer rows.
 */
/** What a run reads from its connection: the table or SELECT and the cursor column it was created with. */
const specOf = (run: ReadRunRow): DbSource => ({ table: run.source_table ?? '', query: run.source_query ?? '', cursorColumn: run.cursor_column ?? '' });

function readDbIntoRun(db: Db, deps: ReadDeps, runId: string, now: () => Date, progress: (done: number) => Promise<void>): Promise<number> {
  return readIntoRun(db, {
    runId,
    targetOf: deps.targetOf,
    now,
    progress,
    read: async (run, onChunk) => {
      if (!run.connection_id) throw new Error('The connection of this run was deleted.');
      const conn = await openConnection(deps, await connectionRow(db, run.connection_id));
      return readSource(conn, specOf(run), { after: run.cursor_from, chunkSize: CHUNK, timeoutMs: READ_TIMEOUT_MS }, (_h, chunk) => onChunk(chunk));
    },
    remember: async (tx, run, lastCursor, at) => {
      const spec = specOf(run);
      if (!spec.cursorColumn) return;
      await tx.execute(sql`insert into migration_cursors (connection_id, source, cursor_column, last_value, updated_at)
          values (${run.connection_id}, ${sourceKey(spec)}, ${spec.cursorColumn}, ${lastCursor}, ${at})
          on conflict (connection_id, source, cursor_column) do update set last_value = excluded.last_value, updated_at = excluded.updated_at`);
    },
  });
}

/** A new run in state `reading` for a connection's source; an incremental one starts past the remembered cursor. */
async function createReadRun(
  db: Db,
  input: { connection: ConnectionRow; source: DbSource; resource: string; incremental: boolean; userId: string | null; now: Date },
) {
  const { connection, source } = input;
  const remembered = input.incremental
    ? (connection.cursors?.find((k) => k.source === sourceKey(source) && k.cursorColumn === source.cursorColumn)?.lastValue ?? null)
    : null;
  const name = `${connection.name}: ${source.table || 'SELECT'}${remembered !== null ? ` (after ${source.cursorColumn} ${remembered})` : ''}`;
  const [created] = await rows<{ id: string }>(
    db,
    sql`insert into migration_runs (resource, source_kind, source_name, state, connection_id, source_table, source_query, cursor_column, cursor_from, started_by_id, created_at)
        values (${input.resource}, 'database', ${name}, 'reading', ${connection.id}, ${source.table || null}, ${source.query || null},
                ${source.cursorColumn || null}, ${remembered}, ${input.userId}, ${input.now.toISOString()})
        returning id`,
  );
  return { runId: created!.id, name };
}

/** Checks a read's target, source and cursor; field errors as a 400. */
export function checkedRead(deps: ReadDeps, input: { resource: string; incremental: boolean } & DbSource) {
  const target = deps.targetOf(input.resource);
  if (!target) throw new HttpError(400, 'Choose what to import.', { resource: ['Choose what to import.'] });
  const source = checkedSource(input);
  if (input.incremental && !source.cursorColumn)
    throw new HttpError(400, 'Enter the cursor column for an incremental read.', { cursorColumn: ['Enter the cursor column for an incremental read.'] });
  return { target, source };
}

/** Reads a run created by `POST …/connections/:id/read`. */
export function dbReadJob(deps: ReadDeps) {
  return defineJobType({
    name: DB_READ_JOB,
    title: 'Read from a database connection',
    params: z.object({ runId: z.string().uuid() }),
    retryLimit: 0,
    timeoutSeconds: 3600,
    handler: async (job) => {
      const count = await readDbIntoRun(job.db, deps, job.params.runId, () => job.now(), (done) => job.progress(done));
      await job.log(`Read ${count} rows.`);
    },
  });
}

export const DB_SCHEDULED_READ_JOB = 'migration-db-scheduled-read';

/**
 * A read on a schedule (a job schedule of this type, its parameters naming the connection, the source, the target
 * and whether to read only rows past the cursor): each time, a new run is read and left `uploaded` for a person to
 * check and run — an import is always started by someone, whose name its audit rows carry.
 */
export function dbScheduledReadJob(deps: ReadDeps) {
  return defineJobType({
    name: DB_SCHEDULED_READ_JOB,
    title: 'Scheduled read from a database connection',
    params: z
      .object({
        connectionId: z.string().uuid(),
        resource: z.string().min(1).max(60),
        table: z.string().max(200).default(''),
        query: z.string().max(20_000).default(''),
        cursorColumn: z.string().max(128).default(''),
        incremental: z.boolean().default(true),
      })
      .strict(),
    retryLimit: 0,
    timeoutSeconds: 3600,
    handler: async (job) => {
      const p = job.params;
      const { target, source } = checkedRead(deps, p);
      const connection = await connectionRow(job.db, p.connectionId);
      const { runId, name } = await createReadRun(job.db, { connection, source, resource: target.resource, incremental: p.incremental, userId: null, now: job.now() });
      if (job.batchId) await job.db.execute(sql`update migration_runs set batch_id = ${job.batchId} where id = ${runId}`);
      const count = await readDbIntoRun(job.db, deps, runId, () => job.now(), (done) => job.progress(done));
      await job.log(`Read ${count} rows of ${name} into run ${runId}.`);
    },
  });
}

/** A saved connection's test, tables, previews and reads (the records themselves: `records.ts`). */
export function connectionHandlers(
  ctx: AreaContext,
  deps: ReadDeps & { view: (runId: string) => Promise<unknown> },
) {
  const db = ctx.db;
  const opened = async (id: string) => openConnection(deps, await connectionRow(db, id));

  return {
    testConnection: async ({ params }: Input) => ({ status: 200 as const, body: { data: await testSource(await opened(params.id!)) } }),
    listSourceTables: async ({ params }: Input) => ({ status: 200 as const, body: { data: await listTables(await opened(params.id!)) } }),
    previewSource: async ({ params, body }: Input) => {
      const source = checkedSource(body as DbSource);
      const conn = await opened(params.id!);
      return { status: 200 as const, body: { data: await previewSource(conn, source).catch((e: unknown) => Promise.reject(sourceError(e))) } };
    },
    readSource: async ({ params, body, request }: Input) => {
      const input = body as ReadSource;
      const auth = ctx.authOf(request);
      const { target, source } = checkedRead(deps, input);
      const connection = await connectionRow(db, params.id!);
      const { runId, name } = await createReadRun(db, { connection, source, resource: target.resource, incremental: input.incremental, userId: auth.user.id, now: ctx.config.now() });
      const batchId = await ctx.jobs.createBatch({
        type: DB_READ_JOB,
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
