import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db } from './client.js';

/** The node-postgres client (in a transaction) or pool under a drizzle database; none on the embedded database. */
function postgresOf(db: Db): pg.ClientBase | pg.Pool | undefined {
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client;
  return client instanceof pg.Client || client instanceof pg.Pool ? client : undefined;
}

/** A text as one field of COPY's text format: its backslashes, tabs and line ends escaped. */
export function copyField(value: string): string {
  return value.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}

/**
 * Writes rows with `COPY <into> FROM STDIN` on PostgreSQL — in `db`'s transaction when it is one — from `body()`, the
 * rows in COPY's text format, made only when they are copied (fields through `copyField`, separated by tabs, each row ending in a line feed).
 * Answers false, having written nothing, on the embedded database: its caller writes the rows another way.
 * `into` is the statement's own text (`table (columns)`), never a value from outside.
 */
export async function copyRows(db: Db, into: string, body: () => string): Promise<boolean> {
  const client = postgresOf(db);
  if (!client) return false;
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
  return true;
}
