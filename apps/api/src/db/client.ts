import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { createHash } from 'node:crypto';
import pg from 'pg';

/** A database or an open transaction: both run queries the same way. */
export type Db = PgDatabase<PgQueryResultHKT, Record<string, never>>;

export interface Database {
  readonly db: Db;
  readonly kind: 'pglite' | 'postgres';
  /** Whether the database answers a trivial query. */
  ping(): Promise<boolean>;
  /**
   * Runs a hot-path statement with a reusable plan: a named protocol statement on PostgreSQL, PREPARE/EXECUTE on
   * PGlite (whose single session keeps it). Parameters must be integers, plain tokens (ids, hex digests, names:
   * letters, digits, `-` and `_`) or uuid arrays in text form (`{…,…}`), which is what makes inlining them into
   * EXECUTE safe; anything else is refused.
   */
  prepared<T>(query: SQL): Promise<T[]>;
  /** Runs a statement compiled once (`statement(text)`) with a reusable plan; same parameter rules as `prepared`. */
  run<T>(statement: Statement, params: readonly unknown[]): Promise<T[]>;
  /**
   * A number that changes whenever anything may have been written, where this process is the database's only
   * writer (the embedded PGlite: its data directory opens in one process). A read remembered with the number it
   * was read at is current while the number is the same. `undefined` on PostgreSQL, which other processes share.
   */
  writeGeneration(): number | undefined;
  close(): Promise<void>;
}

/** SQL text with `$1…` placeholders and the name it is prepared under, built once for a hot path. */
export interface Statement {
  readonly name: string;
  readonly text: string;
}

/** A statement from its text; one text always gets one name. */
export function statement(text: string): Statement {
  return { name: statementName(text), text };
}

/** Committed drizzle-kit migrations (apps/api/drizzle), found from both src/ and dist/. */
export const MIGRATIONS_FOLDER = resolve(dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** Runs a query and returns its rows (PGlite and node-postgres both answer `{ rows }`). */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export interface OpenDatabaseOptions {
  /** `postgres://…` for PostgreSQL; otherwise PGlite in `dataDir`, or in memory when `dataDir` is unset. */
  readonly databaseUrl?: string | undefined;
  readonly dataDir?: string | undefined;
  /** Connections in the PostgreSQL pool. */
  readonly poolSize?: number;
  /** Start an in-memory PGlite from a dump of an already migrated one (tests: initdb once, not per file). */
  readonly pgliteDump?: Blob;
}

/** Opens the database and applies the committed migrations. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    const db = drizzlePg(pool) as unknown as Db;
    await migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_FOLDER });
    async function run<T>(statement: Statement, params: readonly unknown[]) {
      params.forEach(literal);
      const result = await pool.query({ name: statement.name, text: statement.text, values: params as unknown[] });
      return result.rows as T[];
    }
    return {
      db,
      kind: 'postgres',
      ping: () => ping(db),
      async prepared<T>(query: SQL) {
        const { sql: text, params } = dialect.sqlToQuery(query);
        return run<T>(statement(text), params);
      },
      run,
      writeGeneration: () => undefined,
      close: () => pool.end(),
    };
  }
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = join(options.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  const client = new PGlite({
    ...(dataDir ? { dataDir } : {}),
    ...(options.pgliteDump ? { loadDataDir: options.pgliteDump } : {}),
    extensions: { pg_trgm },
  });
  await client.waitReady;
  const generation = countWrites(client);
  const database = drizzlePglite(client);
  await migratePglite(database, { migrationsFolder: MIGRATIONS_FOLDER });
  const db = database as unknown as Db;
  // One PREPARE per name, even when the first requests for a statement arrive together.
  const preparing = new Map<string, Promise<unknown>>();
  async function run<T>(statement: Statement, params: readonly unknown[]) {
    const values = params.map(literal);
    let ready = preparing.get(statement.name);
    if (!ready) {
      ready = client.exec(`prepare ${statement.name} as ${statement.text}`);
      preparing.set(statement.name, ready);
      ready.catch(() => preparing.delete(statement.name));
    }
    await ready;
    // The compiled statements only read (they bump nothing).
    const result = await generation.read<T>(`execute ${statement.name}${values.length ? `(${values.join(', ')})` : ''}`);
    return result.rows;
  }
  return {
    db,
    kind: 'pglite',
    ping: () => ping(db),
    async prepared<T>(query: SQL) {
      const { sql: text, params } = dialect.sqlToQuery(query);
      return run<T>(statement(text), params);
    },
    run,
    writeGeneration: () => generation.value,
    close: () => client.close(),
  };
}

/**
 * Counts what may write on a PGlite client: every statement through `query` or `exec` that is not a plain
 * `select`, and every transaction (counted again when it ends, so nothing read while it ran is taken as current).
 * PGlite runs one statement or transaction at a time, so a read that starts after the count is taken sees every
 * write counted before it.
 */
function countWrites(client: PGlite) {
  const state = { value: 0 };
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  const isRead = (text: string) => /^\s*select\b/i.test(text) && !/\b(nextval|setval|set_config)\s*\(/i.test(text);
  client.query = ((text: string, ...rest: unknown[]) => {
    if (!isRead(text)) state.value += 1;
    return (query as (...args: unknown[]) => unknown)(text, ...rest);
  }) as typeof client.query;
  client.exec = ((text: string, ...rest: unknown[]) => {
    if (!isRead(text)) state.value += 1;
    return (exec as (...args: unknown[]) => unknown)(text, ...rest);
  }) as typeof client.exec;
  client.transaction = (async (callback: Parameters<typeof transaction>[0]) => {
    state.value += 1;
    try {
      return await transaction(callback);
    } finally {
      state.value += 1;
    }
  }) as typeof client.transaction;
  return {
    get value() {
      return state.value;
    },
    read: <T>(text: string) => query<T>(text),
  };
}

/** A migrated, empty in-memory database as a dump, to start test databases from. */
export async function migratedPgliteDump(): Promise<Blob> {
  const client = new PGlite({ extensions: { pg_trgm } });
  await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER });
  const dump = await client.dumpDataDir('none');
  await client.close();
  return dump;
}

const dialect = new PgDialect();

/** A statement's name from its text, so one text always runs under one name. */
function statementName(text: string): string {
  return `s_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
}

const PLAIN_TOKEN = /^[0-9A-Za-z_-]{1,128}$/;
const UUID_TEXT = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** A uuid[] in PostgreSQL's text form, `{…,…}` (a page of ids: at most the largest page). */
const UUID_ARRAY = new RegExp(`^\\{(${UUID_TEXT}(,${UUID_TEXT}){0,99})?\\}$`, 'i');

/** A parameter as an SQL literal, for the few shapes that cannot carry SQL. */
function literal(value: unknown): string {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value === 'string' && (PLAIN_TOKEN.test(value) || UUID_ARRAY.test(value))) return `'${value}'`;
  throw new Error('A prepared statement takes integers and plain tokens only, or a uuid array.');
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
