import { sql } from 'drizzle-orm';
import { detectDateFormat, matchColumns, type ImportTarget } from '@campus/domain-migration';
import { rows, type Db } from '../../platform/db/client.js';
import { stageRows } from './staging.js';

/** A run in state `reading`, as a connector's reader sees it. */
export interface ReadRunRow {
  id: string;
  resource: string;
  connection_id: string | null;
  api_source_id: string | null;
  source_table: string | null;
  source_query: string | null;
  cursor_column: string | null;
  cursor_from: string | null;
}

export type SourceCells = Record<string, string>;

/** What a connector's read found: every header met (in order of first appearance), the rows, the last cursor. */
export interface ReadResult {
  readonly headers: readonly string[];
  readonly count: number;
  readonly lastCursor: string | null;
}

const DATE_LIKE = /^\d{1,2}[/.-]\d{1,2}[/.-]\d{4}$/;

const withoutNul = (cells: SourceCells): SourceCells =>
  Object.entries(cells).some(([k, v]) => k.includes('\0') || v.includes('\0')) ? Object.fromEntries(Object.entries(cells).map(([k, v]) => [k.replaceAll('\0', ''), v.replaceAll('\0', '')])) : cells;

/**
 * Reads a connector's source into a run's `migration_rows`, chunk by chunk as `read` hands them over, then matches
 * the headers to the target's columns as an upload does, so the run is `uploaded` and goes on like a file's. In the
 * same transaction `remember` keeps the highest cursor value read for the next incremental read. A failure fails
 * the run with its message (never a connection's settings or secrets: the readers' messages name neither).
 */
export async function readIntoRun(
  db: Db,
  input: {
    runId: string;
    targetOf: (resource: string) => ImportTarget | undefined;
    now: () => Date;
    progress: (done: number) => Promise<void>;
    read: (run: ReadRunRow, onChunk: (chunk: readonly SourceCells[]) => Promise<void>) => Promise<ReadResult>;
    remember: (tx: Db, run: ReadRunRow, lastCursor: string, at: string) => Promise<void>;
  },
): Promise<number> {
  const { runId, now } = input;
  try {
    const [run] = await rows<ReadRunRow>(db, sql`select * from migration_runs where id = ${runId}`);
    if (!run) throw new Error('The run no longer exists.');
    const target = input.targetOf(run.resource);
    if (!target) throw new Error(`Unknown import target ${run.resource}.`);
    await db.execute(sql`delete from migration_rows where run_id = ${runId}`);
    await db.execute(sql`update migration_runs set started_at = ${now().toISOString()} where id = ${runId}`);
    const dateSamples: string[] = [];
    let line = 0;
    const read = await input.read(run, async (chunk) => {
      if (dateSamples.length < 200)
        for (const r of chunk.slice(0, 200)) dateSamples.push(...Object.values(r).filter((v) => DATE_LIKE.test(v.trim())));
      // A database cannot store NUL characters (old systems pad values with them): they are left out.
      const staged = chunk.map((cells) => ({ line: (line += 1), cells: withoutNul(cells) }));
      await stageRows(db, runId, staged);
      await input.progress(line);
    });
    const headers = read.headers.map((h) => h.replaceAll('\0', ''));
    const matches = matchColumns(headers, target.columns.map((c) => c.name));
    const mapping = Object.fromEntries(matches.map((m) => [m.header, m.column ?? '']));
    const kinds = Object.fromEntries(matches.map((m) => [m.header, m.kind]));
    const at = now().toISOString();
    const empty = run.cursor_from !== null ? 'There are no rows newer than the last read.' : 'The source has no rows to import.';
    await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      await tx.execute(sql`update migration_runs set headers = ${JSON.stringify(headers)}::jsonb, mapping = ${JSON.stringify(mapping)}::jsonb,
          match_kinds = ${JSON.stringify(kinds)}::jsonb, date_format = ${detectDateFormat(dateSamples)},
          state = ${read.count ? 'uploaded' : 'failed'}, message = ${read.count ? null : empty},
          finished_at = ${read.count ? null : at}
        where id = ${runId}`);
      if (read.lastCursor !== null) await input.remember(tx, run, read.lastCursor, at);
    });
    return read.count;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db.execute(sql`update migration_runs set state = 'failed', message = ${message}, finished_at = ${now().toISOString()} where id = ${runId}`);
    throw error;
  }
}
