import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { entityRegistry } from '@campus/api-contract';
import { createSchemaOf, fastInputOf, updateSchemaOf, type AnyEntity } from '@campus/domain-core';
import { convertRow, keyOf, REJECTED_SAMPLE, type ImportTarget } from '@campus/domain-migration';
import { rows, type Db } from '../../platform/db/client.js';
import { snake } from '../../platform/db/table-for.js';
import { HttpError } from '../../platform/http/errors.js';
import { createRecord, pgErrorCode, saveMany, savePlanner, updateRecord, type ActorContext, type SaveOutcome, type SavePlan } from '../../resources/crud.js';
import type { ResourceServices } from '../../resources/service.js';
import { resourceUserOf, storedUserRefusal } from '../../resources/access.js';
import { defineJobType } from '../../platform/jobs/types.js';
import type { RunRow } from './runs.js';
import type { StagedRow } from './staging.js';

export const IMPORT_JOB = 'migration-import';
/** Rows per transaction of a "skip rejected rows" run: a killed run redoes at most one chunk. */
const CHUNK = 1000;
/** Chunks of a "skip rejected rows" run saved side by side on PostgreSQL (committed in turn). */
export const IMPORT_LANES = 2;
/** Rows checked between two looks at the event loop while the next chunk is checked ahead. */
const CHECK_SLICE = 20;
/**
 * The engine is told a run's progress at most this often, and of its last committed chunk at the end: each report is
 * a write of its own, and the run's screen asks for it every few seconds.
 */
const REPORT_EVERY_MS = 1_000;

export interface ImportDeps {
  readonly resources: ResourceServices;
  readonly targetOf: (resource: string) => ImportTarget | undefined;
  /**
   * Chunks of a "skip rejected rows" run saved side by side, each on a connection of its own (committed in turn):
   * more than one only where the database runs statements side by side (PostgreSQL, not the embedded database).
   */
  readonly lanes?: number;
}

class Rollback extends Error {}


interface Outcome {
  line: number;
  outcome: 'created' | 'updated' | 'rejected';
  error: string | null;
  cells: Record<string, string>;
}

async function actorFor(db: Db, userId: string, now: Date): Promise<ActorContext> {
  const [user] = await rows<{ email: string; admin_scopes: string[]; iam_admin: boolean }>(
    db,
    sql`select email, admin_scopes, iam_admin from users where id = ${userId}`,
  );
  if (!user) throw new Error('The user who started this run no longer exists.');
  return { id: userId, email: user.email, ip: null, adminScopes: user.admin_scopes, iamAdmin: user.iam_admin, now };
}

/** Natural key (lower-cased) → id of every record of a resource, for resolving codes and deciding create or update. */
async function keyIndex(db: Db, resources: ResourceServices, resource: string, fields: readonly string[]): Promise<Map<string, string>> {
  const model = resources.of(resource).model;
  const parts = fields.map((f) => sql`lower(${sql.identifier(snake(f))}::text)`);
  const found = await rows<{ id: string; k: string }>(
    db,
    sql`select id, concat_ws(${'\u0001'}, ${sql.join(parts, sql`, `)}) as k from ${sql.identifier(model.tableName)}`,
  );
  return new Map(found.map((r) => [r.k, r.id]));
}

/** Schema problems by import column; a missing required value reads as spec §5 words it. */
function problemsOf(target: ImportTarget, error: z.ZodError): { column: string; message: string }[] {
  return error.issues.map((issue) => {
    const field = String(issue.path[0] ?? '');
    const column =
      target.columns.find((c) => (c.target.kind === 'names' ? c.target.fields.includes(field as never) : c.target.field === field))?.name ?? field;
    return { column, message: issue.message === 'Required' ? 'Please fillup required fields.' : issue.message };
  });
}

/**
 * Imports a run's rows into its target entity: each row's cells go to the import columns by the run's mapping,
 * are converted, checked with the entity's own schema, references resolved by code; a row whose natural key
 * exists updates that record, otherwise a record is created (a line repeating the key of an earlier line of the
 * file, or holding more cells than the header, is rejected) — through the generic create and update, so each
 * record gets the same checks and audit row as one saved by hand. A dry run does the same in one transaction
 * and rolls it back. "All or nothing" is one transaction that is rolled back if any row is rejected; "skip
 * rejected rows" commits every chunk with its rejected rows marked and the run's progress, so a killed run resumes
 * where it stopped.
 */
export function importJob(deps: ImportDeps) {
  return defineJobType({
    name: IMPORT_JOB,
    title: 'Data import',
    params: z.object({ runId: z.string().uuid(), dryRun: z.boolean() }),
    retryLimit: 1,
    retryDelaySeconds: 2,
    timeoutSeconds: 3600,
    handler: async (job) => {
      const { runId, dryRun } = job.params;
      const db = job.db;
      const [run] = await rows<RunRow>(db, sql`select * from migration_runs where id = ${runId}`);
      if (!run) throw new Error('The run no longer exists.');
      const target = deps.targetOf(run.resource);
      const entity = entityRegistry.byResource(run.resource) as AnyEntity | undefined;
      if (!target || !entity) throw new Error(`Unknown import target ${run.resource}.`);
      const started = job.now();
      await db.execute(sql`update migration_runs set started_at = coalesce(started_at, ${started.toISOString()}) where id = ${runId}`);
      // The staged rows are read in chunks by line. Statistics taken before the upload (or none, on a new database)
      // would have the planner read every remaining row of the run and sort them for each chunk, which grows with the
      // file; with them taken now, each chunk is a short walk of the primary key.
      await db.execute(sql`analyze migration_rows`);
      try {
        // Checked again when the run runs, as each single change would be: a role taken away meanwhile stops it.
        const denied = storedUserRefusal(await resourceUserOf(db, run.started_by_id ?? ''), entity);
        if (denied) {
          await db.execute(sql`update migration_runs set state = 'failed', message = ${`Refused: ${denied.message} Nothing was imported.`}, finished_at = ${job.now().toISOString()} where id = ${runId}`);
          throw denied;
        }
        const actor = await actorFor(db, run.started_by_id ?? '', started);
        const model = deps.resources.of(run.resource).model;
        const createSchema = createSchemaOf(entity);
        const updateSchema = updateSchemaOf(entity);
        // Plain rows skip zod's steps (the same value, see `fastInputOf`); any other row is parsed by the schema.
        const fastCreate = fastInputOf(entity, 'create');
        const fastUpdate = fastInputOf(entity, 'update');
        const columnOf = new Map(Object.entries(run.mapping).filter(([, c]) => c));
        const headerOf = new Map([...columnOf].map(([header, column]) => [column, header]));
        const refs = new Map<string, Map<string, string>>();
        const refColumns = target.columns.filter((c) => c.target.kind === 'reference' && [...columnOf.values()].includes(c.name));
        for (const c of refColumns) {
          if (c.target.kind !== 'reference' || refs.has(c.target.resource)) continue;
          refs.set(c.target.resource, await keyIndex(db, deps.resources, c.target.resource, [c.target.keyField]));
        }
        const lookup = (resource: string, key: string) => refs.get(resource)?.get(key.toLowerCase());
        const headerSet = new Set(run.headers);
        /** The file's headers of the natural key, to name it in the message of a repeated key. */
        const keyHeaders = target.naturalKey.map((field) => {
          const column = target.columns.find((c) => c.target.kind !== 'names' && c.target.field === field);
          return column ? (headerOf.get(column.name) ?? column.name) : field;
        });
        /**
         * The first line of each natural key met: a later line with the same key is rejected, never merged into the
         * record of the first (two people, or two versions of one, in one file are for the person to settle).
         */
        const firstLineOf = new Map<string, number>();
        const cellsOf = (raw: Record<string, string>) => {
          const cells: Record<string, string> = {};
          for (const [header, value] of Object.entries(raw)) {
            const column = columnOf.get(header);
            if (column) cells[column] = value;
          }
          return cells;
        };
        const existing = target.naturalKey.length ? await keyIndex(db, deps.resources, run.resource, target.naturalKey) : new Map<string, string>();
        const [total] = await rows<{ n: number }>(db, sql`select count(*)::int as n from migration_rows where run_id = ${runId}`);
        const counts = { read: total?.n ?? 0, created: 0, updated: 0, rejected: 0 };

        /** A row's cells converted and checked with the entity's schema: rejected, or what to save. */
        type Checked = { line: number; raw: Record<string, string>; rejected?: Outcome; id?: string; key?: string; data?: Record<string, unknown> };
        const checkRow = (line: number, raw: Record<string, string>): Checked => {
          const converted = convertRow(target, entity, cellsOf(raw), lookup, run.date_format);
          const key = keyOf(target, converted.input);
          const id = key ? existing.get(key) : undefined;
          const problems = [...converted.problems];
          // What the line itself is wrong in, before its cells: more cells than the header has, a key met before.
          const notes: string[] = [];
          const extra = Object.keys(raw).filter((k) => !headerSet.has(k)).length;
          if (extra) notes.push(`The line has ${run.headers.length + extra} cells; the header has ${run.headers.length}.`);
          if (key) {
            const first = firstLineOf.get(key);
            if (first === undefined) firstLineOf.set(key, line);
            else if (first !== line) notes.push(`${keyHeaders.join(' + ')}: line ${line} repeats the key of line ${first}.`);
          }
          if (!problems.length && !notes.length) {
            const data = (id ? fastUpdate : fastCreate)(converted.input);
            if (data) return { line, raw, id, key, data };
          }
          const parsed = (id ? updateSchema : createSchema).safeParse(converted.input);
          if (!parsed.success) {
            // A column already reported (a code not found, a value not read) is not reported again as missing.
            const reported = new Set(problems.map((p) => p.column));
            problems.push(...problemsOf(target, parsed.error).filter((p) => !reported.has(p.column)));
          }
          if (problems.length || notes.length) {
            // Messages name the file's own header, so the person finds the cell to fix.
            const text = [...notes, ...problems.map((p) => `${headerOf.get(p.column) ?? p.column}: ${p.message}`)];
            return { line, raw, key, id, rejected: { line, outcome: 'rejected', error: [...new Set(text)].join('; '), cells: raw } };
          }
          return { line, raw, id, key, data: parsed.data as Record<string, unknown> };
        };
        const refusal = (error: HttpError) => {
          const fields = Object.entries(error.fieldErrors ?? {}).flatMap(([f, ms]) => ms.map((m) => `${f}: ${m}`));
          return fields.length ? fields.join('; ') : error.message;
        };

        /** One row through the generic create or update: the path of resources with hooks, and the fallback. */
        const importRow = async (tx: Db, line: number, raw: Record<string, string>): Promise<Outcome> => {
          const row = checkRow(line, raw);
          if (row.rejected) return row.rejected;
          const resourceDeps = deps.resources.depsOf(run.resource, tx);
          try {
            if (row.id) {
              await updateRecord(resourceDeps, model, row.id, row.data!, actor);
              return { line, outcome: 'updated', error: null, cells: raw };
            }
            const record = await createRecord(resourceDeps, model, row.data!, actor);
            if (row.key) existing.set(row.key, record._id);
            return { line, outcome: 'created', error: null, cells: raw };
          } catch (error) {
            if (!(error instanceof HttpError)) throw error;
            return { line, outcome: 'rejected', error: refusal(error), cells: raw };
          }
        };

        const hasHooks = Boolean(deps.resources.depsOf(run.resource, db).hooks);
        /**
         * Whether a chunk's statements are sent without waiting for the one before: with one lane (the embedded
         * database, which takes a transaction's statements in turn from a queue), so that it never waits for the
         * API between them; a PostgreSQL client is given one statement at a time.
         */
        const pipelined = Math.max(1, deps.lanes ?? 1) === 1;
        /**
         * Sends a statement of `tx`: settles once it is sent (pipelined) or done, with `done` settling when it is
         * done (a failure surfaces there, never as an unhandled rejection).
         */
        const send = async (tx: Db, statement: SQL): Promise<{ done: Promise<void> }> => {
          if (!pipelined) {
            await tx.execute(statement);
            return { done: Promise.resolve() };
          }
          return { done: sendNow(tx, statement) };
        };
        /** Sends a statement of `tx` without waiting for it (pipelined only); the answer settles when it is done. */
        const sendNow = (tx: Db, statement: SQL): Promise<void> => {
          // A query of the ORM runs each time it is awaited, `then` runs it once.
          const done = tx.execute(statement).then(() => undefined);
          done.catch(() => undefined);
          return done;
        };
        /** The chunk's progress, sent as soon as its outcomes are known (`send`), or dropped when its save failed. */
        interface ProgressAhead {
          send(chunkCounts: { created: number; updated: number; rejected: number }): void;
          drop(): void;
        }
        /**
         * A checked chunk sorted for saving: its rejected rows, the set saved together (with its plan, see `savePlanner`),
         * and the rows that wait for the set (a natural key an earlier row of the chunk carries, only as a safeguard:
         * the check rejects such a repeat). `seen` is what `existing` held for each row's key when it was sorted.
         */
        interface Sorted {
          readonly byLine: Map<number, Outcome>;
          readonly set: Checked[];
          readonly later: StagedRow[];
          readonly plan?: SavePlan;
          readonly seen: ReadonlyMap<string, string | undefined>;
        }
        /**
         * Sorts checked rows for saving, row by row (`add`, then `done` once), planning the set's save as it goes
         * when `plan` is set. A row checked before the chunk before it was saved is checked again if that chunk
         * created the record its natural key names.
         */
        const sorter = (plan: boolean) => {
          const byLine = new Map<number, Outcome>();
          const set: Checked[] = [];
          const later: StagedRow[] = [];
          const keys = new Set<string>();
          const seen = new Map<string, string | undefined>();
          const planner = plan ? savePlanner(model, actor) : undefined;
          return {
            add(checkedRow: Checked): void {
              if (checkedRow.key) seen.set(checkedRow.key, existing.get(checkedRow.key));
              const row = checkedRow.key && existing.get(checkedRow.key) !== checkedRow.id ? checkRow(checkedRow.line, checkedRow.raw) : checkedRow;
              if (row.rejected) byLine.set(row.line, row.rejected);
              else if (row.key && keys.has(row.key)) later.push({ line: row.line, cells: row.raw });
              else {
                if (row.key) keys.add(row.key);
                set.push(row);
                planner?.add({ id: row.id, input: row.data! });
              }
            },
            done: (): Sorted => ({ byLine, set, later, seen, ...(planner && set.length ? { plan: planner.plan() } : {}) }),
          };
        };
        /** A chunk's rows checked and sorted ahead of saving; nothing for resources with hooks (saved row by row). */
        interface CheckedChunk {
          readonly chunk: readonly StagedRow[];
          readonly rows: readonly Checked[];
          readonly sorted?: Sorted;
        }
        /**
         * Checks a chunk's rows (conversion and the entity's schema) and plans their save, yielding to the event loop
         * every few rows, so that the next chunk is made ready while the database saves the current one. Resources
         * with hooks are saved row by row and checked then.
         */
        const checkChunk = async (chunk: readonly StagedRow[]): Promise<CheckedChunk> => {
          if (hasHooks) return { chunk, rows: [] };
          const out: Checked[] = [];
          const sorting = sorter(true);
          for (let i = 0; i < chunk.length; i += 1) {
            if (i % CHECK_SLICE === CHECK_SLICE - 1) await new Promise((resolve) => setImmediate(resolve));
            const row = checkRow(chunk[i]!.line, chunk[i]!.cells);
            out.push(row);
            sorting.add(row);
          }
          await new Promise((resolve) => setImmediate(resolve));
          return { chunk, rows: out, sorted: sorting.done() };
        };
        /** Starts checking a chunk; a failure surfaces when the check is awaited, never as an unhandled rejection. */
        const checkSoon = (chunk: readonly StagedRow[]) => {
          const checking = checkChunk(chunk);
          checking.catch(() => undefined);
          return checking;
        };
        /**
         * Saves a checked chunk, set-based: the accepted rows go to `saveMany` (multi-row INSERT, UPDATE … FROM
         * VALUES, audit rows in bulk) inside a savepoint, with the plan made when the chunk was checked unless a
         * chunk saved since created a record one of its natural keys names (then it is sorted again). If the
         * database refuses the set (a clash no check foresaw), the savepoint is rolled back and the chunk is saved
         * row by row, so each row still gets its own outcome. Resources with hooks are saved row by row. On the
         * embedded database the savepoint and its release are not waited for: the statements after them follow at once.
         */
        const saveChunk = async (tx: Db, { chunk, rows: checked, sorted: ahead }: CheckedChunk, progress?: ProgressAhead): Promise<Outcome[]> => {
          if (!ahead) {
            const out: Outcome[] = [];
            for (const r of chunk) out.push(await importRow(tx, r.line, r.cells));
            return out;
          }
          const still = [...ahead.seen].every(([key, id]) => existing.get(key) === id);
          let sorted = ahead;
          if (!still) {
            const again = sorter(false);
            for (const row of checked) again.add(row);
            sorted = again.done();
          }
          const { byLine, set, later, plan } = sorted;
          let saved: SaveOutcome[] | undefined;
          let released: Promise<void> | undefined;
          if (set.length) {
            const opened = (await send(tx, sql`savepoint import_set`)).done;
            try {
              saved = await saveMany(deps.resources.depsOf(run.resource, tx), model, plan ?? set.map((r) => ({ id: r.id, input: r.data! })), actor, {
                pipelined,
                // Every row of the set is to be created: the savepoint's release and the chunk's progress follow the
                // INSERTs at once, while they run.
                decided: () => {
                  released = sendNow(tx, sql`release savepoint import_set`);
                  if (!later.length) progress?.send({ created: set.length, updated: 0, rejected: byLine.size });
                },
              });
              await opened;
              released ??= (await send(tx, sql`release savepoint import_set`)).done;
            } catch (error) {
              await opened;
              // What followed the failed statement failed with it, and is sent again below.
              released = undefined;
              progress?.drop();
              if (!pgErrorCode(error).code) throw error;
              await tx.execute(sql`rollback to savepoint import_set`);
              saved = undefined;
            }
          }
          if (saved) {
            set.forEach((row, n) => {
              const o = saved![n]!;
              if (o.ok && o.created && row.key) existing.set(row.key, o.id);
              byLine.set(row.line, o.ok
                ? { line: row.line, outcome: o.created ? 'created' : 'updated', error: null, cells: row.raw }
                : { line: row.line, outcome: 'rejected', error: refusal(o.error), cells: row.raw });
            });
          } else later.unshift(...set.map((r) => ({ line: r.line, cells: r.raw })));
          later.sort((a, b) => a.line - b.line);
          for (const r of later) byLine.set(r.line, await importRow(tx, r.line, r.cells));
          await released;
          return chunk.map((r) => byLine.get(r.line)!);
        };

        /**
         * The keys of the file's lines this run does not hold or has already saved: those of a resumed run's
         * committed chunks, and, for a run of rejected rows, those of the first run's other lines. A line of this run
         * that repeats one of them is rejected as a repeat, as it was the first time.
         */
        const seedKeys = async (after: number) => {
          const [root] = await rows<{ id: string }>(
            db,
            sql`with recursive up(id, parent_run_id) as (
                  select id, parent_run_id from migration_runs where id = ${runId}
                  union all select r.id, r.parent_run_id from migration_runs r join up on r.id = up.parent_run_id)
                select id from up where parent_run_id is null limit 1`,
          );
          const rootId = root?.id ?? runId;
          if (rootId === runId && after === 0) return;
          for (let from = 0; ; ) {
            const chunk = await rows<StagedRow>(
              db,
              sql`select line, cells from migration_rows m where m.run_id = ${rootId} and m.line > ${from}
                     and not exists (select 1 from migration_rows c where c.run_id = ${runId} and c.line = m.line and c.line > ${after})
                   order by m.line limit ${CHUNK}`,
            );
            if (!chunk.length) return;
            for (const r of chunk) {
              const key = keyOf(target, convertRow(target, entity, cellsOf(r.cells), lookup, run.date_format).input);
              if (key && !firstLineOf.has(key)) firstLineOf.set(key, r.line);
            }
            from = chunk.at(-1)!.line;
          }
        };

        const rejected: Outcome[] = [];
        const tally = (o: Outcome) => {
          counts[o.outcome] += 1;
          if (o.outcome === 'rejected' && rejected.length < REJECTED_SAMPLE) rejected.push(o);
        };
        /**
         * The next chunk of staged rows. Their cells come as JSON text, read here: on the embedded database the
         * database's thread then neither builds the objects nor copies them over.
         */
        const readChunk = async (tx: Db, after: number): Promise<StagedRow[]> => {
          const found = await rows<{ line: number; cells: string }>(
            tx,
            sql`select line, cells::text as cells from migration_rows where run_id = ${runId} and line > ${after} order by line limit ${CHUNK}`,
          );
          return found.map((r) => ({ line: r.line, cells: JSON.parse(r.cells) as Record<string, string> }));
        };
        /** Marks the rejected rows with their errors (for the error file and "re-run rejected rows only"). */
        const markRejected = async (tx: Db, outcomes: readonly Outcome[]) => {
          const marks = outcomes.flatMap(({ line, outcome, error }) => (outcome === 'rejected' ? [{ line, error }] : []));
          if (!marks.length) return;
          await tx.execute(sql`
            update migration_rows m set outcome = 'rejected', error = o.error
              from json_to_recordset(${JSON.stringify(marks)}::json) as o(line int, error text)
             where m.run_id = ${runId} and m.line = o.line`);
        };

        if (dryRun || run.mode === 'all') {
          await seedKeys(0);
          const rejectedAll: Outcome[] = [];
          try {
            await db.transaction(async (txRaw) => {
              const tx = txRaw as unknown as Db;
              let chunk = await readChunk(tx, 0);
              let checking = checkSoon(chunk);
              while (chunk.length) {
                const checked = await checking;
                const next = await readChunk(tx, chunk.at(-1)!.line);
                checking = checkSoon(next);
                for (const o of await saveChunk(tx, checked)) {
                  tally(o);
                  if (o.outcome === 'rejected') rejectedAll.push({ ...o, cells: {} });
                }
                chunk = next;
              }
              if (dryRun || counts.rejected > 0) throw new Rollback();
            });
          } catch (error) {
            if (!(error instanceof Rollback)) throw error;
          }
          // Progress goes through the engine's own connection, so it is reported once the transaction has ended.
          await job.progress(counts.created + counts.updated, counts.rejected);
          const finished = job.now().toISOString();
          if (dryRun) {
            await db.execute(sql`update migration_runs set state = 'checked', preview = ${JSON.stringify(counts)}::jsonb,
                rejected_rows = ${JSON.stringify(rejected)}::jsonb, message = null, started_at = null where id = ${runId}`);
            return;
          }
          if (counts.rejected > 0) {
            // Nothing was saved; the rejected rows are still marked for the error file.
            await markRejected(db, rejectedAll);
            const failed = { ...counts, created: 0, updated: 0 };
            await db.execute(sql`update migration_runs set state = 'failed', counts = ${JSON.stringify(failed)}::jsonb,
                rejected_rows = ${JSON.stringify(rejected)}::jsonb, finished_at = ${finished},
                message = ${`Nothing was saved: ${counts.rejected} of ${counts.read} rows were rejected.`} where id = ${runId}`);
            return;
          }
          await db.execute(sql`update migration_runs set state = 'completed', counts = ${JSON.stringify(counts)}::jsonb,
              rejected_rows = '[]'::jsonb, finished_at = ${finished}, message = null where id = ${runId}`);
          return;
        }

        // Skip rejected rows: chunk by chunk, each committed with its rejected rows marked and the run's progress (the
        // chunk's last line and the counts so far), from which a restarted run goes on.
        const progress = run.progress ?? { line: 0, created: 0, updated: 0, rejected: 0 };
        await seedKeys(progress.line);
        counts.created = progress.created;
        counts.updated = progress.updated;
        counts.rejected = progress.rejected;
        const earlier = await rows<{ line: number; error: string; cells: Record<string, string> }>(
          db,
          sql`select line, error, cells from migration_rows where run_id = ${runId} and outcome = 'rejected' order by line limit ${REJECTED_SAMPLE}`,
        );
        for (const e of earlier) rejected.push({ line: e.line, outcome: 'rejected', error: e.error, cells: e.cells });
        // Chunks are read and checked in order, one ahead of the saves. Each chunk is saved in a transaction of its
        // own; on PostgreSQL up to `lanes` of them are saved side by side, on connections of their own, and they commit
        // in turn: a chunk's progress line is written, and its transaction committed, only once the chunk before it
        // has committed, so the stored records are always exactly the rows up to the progress line. The change
        // counters of the tables a chunk writes (which lock their row from the first write to the commit) are raised
        // at its turn, just before its commit (`campus.list_versions = 'deferred'`, migration 0048), so the saves
        // themselves never wait for each other. A failed chunk fails every chunk after it before their turn.
        // With one lane (the embedded database, one connection that takes one transaction at a time) the next chunk
        // is read on the saving chunk's own transaction, as its first statement: read apart, it would wait for that
        // transaction to end, and the database would idle while the API then checked it. Staged rows never change
        // once uploaded, so either read finds the same rows.
        const lanes = Math.max(1, deps.lanes ?? 1);
        let chunk = await readChunk(db, progress.line);
        let checking = checkSoon(chunk);
        /** Settles once the latest chunk given a lane has committed (or failed, which fails every later one). */
        let turn: Promise<void> = Promise.resolve();
        let reported: Promise<void> = Promise.resolve();
        let reportedAt = -Infinity;
        let unreported: { done: number; failed: number } | undefined;
        /** Tells the engine the last committed chunk's progress, after what it was told before. */
        const report = () => {
          const counted = unreported;
          unreported = undefined;
          if (counted) reported = reported.then(() => job.progress(counted.done, counted.failed));
        };
        const saving = new Set<Promise<void>>();
        /** Saves a checked chunk in its turn; given `readNext`, reads the next chunk on the chunk's transaction first. */
        const saveInTurn = (checked: CheckedChunk, readNext?: (tx: Db) => void) => {
          const before = turn;
          const committed = db.transaction(async (txRaw) => {
            const tx = txRaw as unknown as Db;
            const line = checked.chunk.at(-1)!.line;
            readNext?.(tx);
            // The chunk's commit does not wait for its flush to disk: a database server that crashed could lose the
            // last chunks committed, but then loses their progress with them (one transaction), so the resumed run
            // saves them again — never twice, never half.
            const configured = (
              await send(
                tx,
                lanes > 1
                  ? sql`select set_config('synchronous_commit', 'off', true), set_config('campus.list_versions', 'deferred', true)`
                  : sql`select set_config('synchronous_commit', 'off', true)`,
              )
            ).done;
            const progressOf = (c: { created: number; updated: number; rejected: number }) =>
              JSON.stringify({ line, created: c.created, updated: c.updated, rejected: c.rejected });
            // On the embedded database the chunk's progress may be sent while its INSERTs run (see `saveChunk`).
            let sentAhead: { json: string; done: Promise<void> } | undefined;
            const outcomes = await saveChunk(
              tx,
              checked,
              pipelined
                ? {
                    send: (chunkCounts) => {
                      const json = progressOf({
                        created: counts.created + chunkCounts.created,
                        updated: counts.updated + chunkCounts.updated,
                        rejected: counts.rejected + chunkCounts.rejected,
                      });
                      sentAhead = { json, done: sendNow(tx, sql`update migration_runs set progress = ${json}::jsonb where id = ${runId}`) };
                    },
                    drop: () => (sentAhead = undefined),
                  }
                : undefined,
            );
            await configured;
            await markRejected(tx, outcomes);
            await before;
            for (const o of outcomes) tally(o);
            const { created, updated, rejected: refused } = counts;
            const json = progressOf(counts);
            if (sentAhead?.json === json) await sentAhead.done;
            else await tx.execute(sql`update migration_runs set progress = ${json}::jsonb where id = ${runId}`);
            if (lanes > 1) await tx.execute(sql`select raise_deferred_list_versions()`);
            return { done: created + updated, failed: refused };
          });
          turn = committed.then(() => undefined);
          // The engine hears of the committed chunks' progress, in order, on its own connection, at most once in
          // `REPORT_EVERY_MS` (the last chunk's is reported once the chunks are saved).
          committed.then((counted) => {
            unreported = counted;
            if (performance.now() - reportedAt < REPORT_EVERY_MS) return;
            reportedAt = performance.now();
            report();
          }, () => undefined);
          const lane = turn.finally(() => saving.delete(lane));
          lane.catch(() => undefined);
          saving.add(lane);
        };
        try {
          while (chunk.length) {
            const checked = await checking;
            const after = checked.chunk.at(-1)!.line;
            let reading: Promise<StagedRow[]>;
            if (lanes > 1) {
              // The next chunk is read while this one waits for a lane, and checked while the lanes save.
              reading = readChunk(db, after);
              reading.catch(() => undefined);
              while (saving.size >= lanes) await Promise.race(saving);
              saveInTurn(checked);
            } else {
              while (saving.size >= lanes) await Promise.race(saving);
              reading = new Promise<StagedRow[]>((read, failed) => {
                saveInTurn(checked, (tx) => readChunk(tx, after).then(read, failed));
                // A chunk whose transaction never began fails the read with it (once read, this changes nothing).
                turn.catch(failed);
              });
              reading.catch(() => undefined);
            }
            chunk = await reading;
            checking = checkSoon(chunk);
          }
          await turn;
        } finally {
          // A failure leaves no chunk's transaction behind it: the later ones roll back before the run is failed.
          await Promise.allSettled(saving);
          // The engine hears of every committed chunk, also when a later one failed.
          report();
          await reported.catch(() => undefined);
        }
        await reported;
        await db.execute(sql`update migration_runs set state = 'completed', counts = ${JSON.stringify(counts)}::jsonb,
            rejected_rows = ${JSON.stringify(rejected)}::jsonb, finished_at = ${job.now().toISOString()}, message = null where id = ${runId}`);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (job.attempt > 1) {
          await db.execute(sql`update migration_runs set state = 'failed', message = ${message}, finished_at = ${job.now().toISOString()} where id = ${runId}`);
        }
        throw error;
      }
    },
  });
}
