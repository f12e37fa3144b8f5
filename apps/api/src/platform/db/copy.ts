import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db } from './client.js';

/** The node-postgres client (in a transaction) or pool under a drizzle database; none on the embedded database. */
function postgresOf(db: Db): pg.ClientBase | pg.Pool | undefined {
  const client = sessionClient(db);
  return client instanceof pg.Client || client instanceof pg.Pool ? client : undefined;
}

/** The client a drizzle database (or transaction) runs its statements on. */
const sessionClient = (db: Db): unknown => (db as unknown as { session?: { client?: unknown } }).session?.client;

/** The embedded database's client under a drizzle database (PGlite or one of its transactions); none on PostgreSQL. */
function embeddedOf(db: Db): EmbeddedClient | undefined {
  const client = sessionClient(db);
  if (!client || postgresOf(db)) return undefined;
  const candidate = client as Partial<EmbeddedClient> & { exec?: unknown };
  return typeof candidate.query === 'function' && typeof candidate.exec === 'function' ? (client as EmbeddedClient) : undefined;
}

/** What of PGlite's client `COPY … FROM '/dev/blob'` uses: a query given the rows as a `Blob`. */
interface EmbeddedClient {
  query(text: string, params: unknown[], options: { blob: Blob }): Promise<unknown>;
}

/** A text as one field of COPY's text format: its backslashes, tabs and line ends escaped. */
export function copyField(value: string): string {
  return value.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}

/**
 * Writes rows with `COPY <into> FROM STDIN` on PostgreSQL — in `db`'s transaction when it is one — from `body()`, the
 * rows in COPY's text format, made only when they are copied (fields through `copyField`, separated by tabs, each row ending in a line feed).
 * On the embedded database the same rows go to PGlite's `COPY <into> FROM '/dev/blob'`, which reads them from a `Blob`.
 * `into` is the statement's own text (`table (columns)`), never a value from outside.
 */
export async function copyRows(db: Db, into: string, body: () => string): Promise<void> {
  const embedded = embeddedOf(db);
  if (embedded) {
    await embedded.query(`copy ${into} from '/dev/blob'`, [], { blob: new Blob([body()]) });
    return;
  }
  const client = postgresOf(db);
  if (!client) throw new Error('COPY needs a PostgreSQL or an embedded database.');
  const bytes = Buffer.from(body());
  const copy = async (connection: pg.ClientBase) => pipeline(Readable.from([bytes]), connection.query(copyFrom(`copy ${into} from stdin`)));
  if (client instanceof pg.Pool) {
    const connection = await client.connect();
    try {
      await copy(connection);
    } finally {
      connection.release();
    }
  } else await copy(client);
}

/** Rows written to one `COPY … FROM STDIN` as they come (see `copyWriter`). */
export interface CopyWriter {
  /** Writes rows in COPY's text format; waits while the server is behind, and fails once the COPY has failed. */
  write(text: string): Promise<void>;
  /** Ends the COPY and waits for the server to have stored every row. */
  end(): Promise<void>;
  /** Abandons the COPY (nothing of it is stored) and frees the connection for the transaction's rollback. */
  abort(): Promise<void>;
}

/**
 * One `COPY <into> FROM STDIN` kept open on `db`'s transaction while its rows are written, part by part, as the caller
 * makes them: the server stores one part while the next is made, with no round trip between parts. Answers undefined
 * on the embedded database, or where `db` is not a transaction on PostgreSQL: its caller writes the rows another way.
 * The caller ends or aborts it before anything else runs on the transaction. `into` is the statement's own text.
 */
export function copyWriter(db: Db, into: string): CopyWriter | undefined {
  const client = postgresOf(db);
  if (!client || client instanceof pg.Pool) return undefined;
  const source = new PassThrough();
  let failure: unknown;
  const copied = pipeline(source, client.query(copyFrom(`copy ${into} from stdin`)));
  copied.catch((error: unknown) => (failure ??= error));
  const failed = copied.then(() => {
    throw new Error('The COPY ended before its rows were written.');
  });
  failed.catch(() => undefined);
  return {
    async write(text) {
      if (failure) throw failure;
      if (!source.write(text)) await Promise.race([once(source, 'drain'), failed]);
    },
    async end() {
      if (failure) throw failure;
      source.end();
      await copied;
    },
    async abort() {
      source.destroy(new Error('The rows were not all read.'));
      await copied.catch(() => undefined);
    },
  };
}
