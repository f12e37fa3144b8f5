import type { Db } from '../../platform/db/client.js';
import { copyField, copyRows, copyWriter, type CopyWriter } from '../../platform/db/copy.js';

/** A row as a run stages it: its line in the source and its cells by header. */
export interface StagedRow {
  line: number;
  cells: Record<string, string>;
}

/**
 * Stores rows of a run in `migration_rows`, one `COPY` per chunk (PostgreSQL's from its client, the embedded database's
 * from a `Blob`), which checks each row's cells are JSON and keeps them as given.
 */
export async function stageRows(db: Db, runId: string, chunk: readonly StagedRow[]): Promise<void> {
  await copyRows(db, STAGED, () => copyText(runId, chunk));
}

const STAGED = 'migration_rows (run_id, line, cells)';

/** Rows of a run in COPY's text format for `migration_rows (run_id, line, cells)`. */
function copyText(runId: string, chunk: readonly StagedRow[]): string {
  const run = copyField(runId);
  let text = '';
  for (const row of chunk) text += `${run}\t${row.line}\t${copyField(JSON.stringify(row.cells))}\n`;
  return text;
}

/**
 * Stages chunks as they come while the next one is read, in the transaction `db`. On PostgreSQL the chunks go to one
 * `COPY` kept open for the whole file, which stores a chunk while the next is parsed; `add` waits only while the
 * server is behind. On the embedded database at most one chunk is being stored while the caller goes on reading, and
 * `add` waits for the chunk before (so memory holds two chunks at most). `done` waits for the last one; `abort` (for a
 * file given up halfway) leaves nothing of the COPY behind, so the transaction can roll back. A failed store surfaces
 * from the next `add` or from `done`, never as an unhandled rejection.
 */
export function stager(db: Db, runId: string) {
  const copy: CopyWriter | undefined = copyWriter(db, STAGED);
  let storing: Promise<void> = Promise.resolve();
  return {
    async add(chunk: readonly StagedRow[]): Promise<void> {
      if (copy) return copy.write(copyText(runId, chunk));
      await storing;
      storing = stageRows(db, runId, chunk);
      storing.catch(() => undefined);
    },
    done: (): Promise<void> => (copy ? copy.end() : storing),
    abort: async (): Promise<void> => {
      if (copy) await copy.abort();
      else await storing.catch(() => undefined);
    },
  };
}
