import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect } from 'drizzle-orm/pg-core';
import { createHash } from 'node:crypto';
import pg from 'pg';
import { forgetVersions, NoticeCounters, VersionTable, type TableChanges } from '../cache.js';
import { isDatabaseUnavailable } from './unavailable.js';
import { openThreadedPGlite } from './pglite-thread.js';
import { afterWrites, watchOwnChanges } from './writes.js';
import { trackCommits } from './after-commit.js';
import type { Db } from './db.js';

/** A database or an open transaction: both run queries the same way. */
export type { Db };

export interface Database {
  readonly db: Db;
  readonly kind: 'pglite' | 'postgres';
  /** Whether the database answers a trivial query. */
  ping(): Promise<boolean>;
  /**
   * Runs a hot-path statement with a reusable plan: a named protocol statement on PostgreSQL, PREPARE/EXECUTE on
   * PGlite (whose single session keeps it). Parameters must be safe integers or texts (arrays in their text form,
   * `{…,…}`); PGlite's EXECUTE takes them as escape-string literals (`literal`), anything else is refused.
   */
  prepared<T>(query: SQL): Promise<T[]>;
  /** Runs a statement compiled once (`statement(text)`) with a reusable plan; same parameter rules as `prepared`. */
  run<T>(statement: Statement, params: readonly unknown[]): Promise<T[]>;
  /**
   * Change counters of the tracked tables, for the answers the cache module remembers (`platform/cache.ts`): kept
   * from the `table_changed` notices on the embedded database, read from `list_versions` on PostgreSQL.
   */
  readonly tableChanges?: TableChanges;
  /**
   * Called with each error of a pooled PostgreSQL connection (the server went away, a backend was terminated).
   * Such a connection is dropped and the next query opens another, so the API carries on once the database is
   * back; the listener only reports. PGlite, in the process, has none.
   */
  onConnectionError(listener: (error: Error) => void): void;
  /** The PostgreSQL pool's connections (all, idle) and the queries waiting for one; PGlite has no pool. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** How the job engine (pg-boss) reaches the same database: PGlite's client, or PostgreSQL's connection string. */
  readonly jobConnection: JobConnection;
  /**
   * Calls `onMessage` with the payload of every NOTIFY on `channel` (a plain identifier) from any process using
   * the database; resolves once listening, to a function that stops it. On PostgreSQL this holds one connection.
   */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * For PGlite, the client's own `query`/`exec`/`listen`, not counted as writes: pg-boss writes only its own schema,
 * which no remembered read depends on, and counting its polls would forget every remembered read each poll.
 */
export type JobConnection =
  | { readonly kind: 'pglite'; readonly client: Pick<PGlite, 'query' | 'exec' | 'listen'> }
  | { readonly kind: 'postgres'; readonly url: string };

const CHANNEL = /^[a-z_][a-z0-9_]*$/;

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
export const MIGRATIONS_FOLDER = resolve(dirname(fileURLToPath(import.meta.url)), '../../../drizzle');

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
  /** How long a query waits for a PostgreSQL connection before failing (the database is away). */
  readonly connectTimeoutMs?: number;
  /** Start an in-memory PGlite from a dump of an already migrated one (tests: initdb once, not per file). */
  readonly pgliteDump?: Blob;
}

/** How long an idle connection of the pool is kept before it is closed. */
export const POOL_IDLE_MS = 5 * 60_000;

/** Opens the database and applies the committed migrations. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    /** The stop functions of the connections held for LISTEN (see `listen`). */
    const listening = new Set<() => Promise<void>>();
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
      // A new backend pays for its first statements (catalog caches filled, each shared buffer it touches mapped
      // into the process: a new search ran 10–30 ms on a new connection against 3–5 ms on a warm one), so idle
      // connections are kept for minutes instead of pg's default of 10 s, which dropped them between bursts.
      idleTimeoutMillis: POOL_IDLE_MS,
      // Idle connections alone do not keep a finished process (a script, a test worker) running.
      allowExitOnIdle: true,
      // Each connection listens for its own writes' notices before its first statement (see writes.ts).
      onConnect: watchOwnChanges,
    });
    // Without a listener, an 'error' event of the pool (an idle connection lost) or of a client checked out
    // between two statements ends the process. With one, the broken connection is dropped and replaced.
    const listeners = new Set<(error: Error) => void>();
    const report = (error: Error) => {
      for (const listener of listeners) listener(error);
    };
    pool.on('error', report);
    pool.on('connect', (client) => client.on('error', report));
    // After a statement that wrote (by what the driver reports it did: see writes.ts), the request's counters read
    // so far are forgotten, so the answers it looks up afterwards are checked against counters that include its own
    // write (see cache.ts).
    afterWrites(pool, forgetVersions);
    const db = drizzlePg(pool) as unknown as Db;
    // drizzle's pooled transaction sends BEGIN before its try/finally, so a connection lost at that moment is
    // never given back and the pool shrinks until every request waits. Each transaction here runs on a client
    // of its own that is always released — and destroyed when the database went away under it.
    db.transaction = (async (work: Parameters<Db['transaction']>[0], config?: Parameters<Db['transaction']>[1]) => {
      forgetVersions();
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        return await drizzlePg(client).transaction(work as never, config);
      } catch (error) {
        if (isDatabaseUnavailable(error)) broken = error as Error;
        throw error;
      } finally {
        client.release(broken);
        // Counters read during the transaction, outside it, predate its commit.
        forgetVersions();
      }
    }) as Db['transaction'];
    // Work a change leaves for after its commit (`afterCommit`, e.g. queueing a job it recorded) runs then.
    trackCommits(db);
    await migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_FOLDER });
    async function run<T>(statement: Statement, params: readonly unknown[]) {
      params.forEach(literal);
      const result = await pool.query({ name: statement.name, text: statement.text, values: params as unknown[] });
      return result.rows as T[];
    }
    const tableChanges = new VersionTable(
      await trackedTables(db),
      async () => (await run<{ versions: string | null }>(ALL_VERSIONS, []))[0]?.versions ?? '',
    );
    return {
      db,
      kind: 'postgres',
      tableChanges,
      ping: () => ping(db),
      async prepared<T>(query: SQL) {
        const { sql: text, params } = dialect.sqlToQuery(query);
        return run<T>(statement(text), params);
      },
      run,
      onConnectionError: (listener) => void listeners.add(listener),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      jobConnection: { kind: 'postgres', url: options.databaseUrl },
      async listen(channel, onMessage) {
        if (!CHANNEL.test(channel)) throw new Error(`Bad channel name ${channel}.`);
        const connection = await pool.connect();
        const handler = (message: pg.Notification) => {
          if (message.channel === channel) onMessage(message.payload ?? '');
        };
        connection.on('notification', handler);
        await connection.query(`listen ${channel}`);
        let stopped = false;
        const stop = async () => {
          if (stopped) return;
          stopped = true;
          listening.delete(stop);
          connection.off('notification', handler);
          try {
            await connection.query(`unlisten ${channel}`);
            connection.release();
          } catch (error) {
            // The connection went away (a restart, a terminated backend): it is dropped, not returned to the pool.
            connection.release(error instanceof Error ? error : true);
          }
        };
        listening.add(stop);
        return stop;
      },
      // Listening connections are checked out of the pool: they are given back first, or ending the pool would wait.
      close: async () => {
        await Promise.all([...listening].map((stop) => stop()));
        await pool.end();
      },
    };
  }
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = join(options.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
    // A new data directory is created and migrated by a thread of its own that then ends (unless it is filled from a
    // dump). Creating a database (initdb) and its first migrations grow PGlite's WebAssembly memory, which a running
    // thread never gives back: opened afterwards, the database starts at the size of any later start.
    if (!options.pgliteDump && !existsSync(join(dataDir, 'PG_VERSION'))) {
      const creating = await openThreadedPGlite({ dataDir });
      try {
        await migratePglite(drizzlePglite(creating), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await creating.close();
      }
    }
  }
  // PGlite runs in a thread of its own: the API's thread goes on with other requests while a statement runs.
  const client = await openThreadedPGlite({
    ...(dataDir ? { dataDir } : {}),
    ...(options.pgliteDump ? { dump: await options.pgliteDump.arrayBuffer() } : {}),
  });
  const database = drizzlePglite(client);
  await migratePglite(database, { migrationsFolder: MIGRATIONS_FOLDER });
  const db = database as unknown as Db;
  trackCommits(db);
  const tableChanges = new NoticeCounters(await trackedTables(db));
  await client.listen('table_changed', (table) => tableChanges.changed(table));
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
    const [result] = await client.exec(`execute ${statement.name}${values.length ? `(${values.join(', ')})` : ''}`);
    return (result?.rows ?? []) as T[];
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
    tableChanges,
    onConnectionError: () => undefined,
    // The job engine's tables carry no version trigger, so its polling leaves remembered answers alone.
    jobConnection: { kind: 'pglite', client },
    async listen(channel, onMessage) {
      if (!CHANNEL.test(channel)) throw new Error(`Bad channel name ${channel}.`);
      const stop = await client.listen(channel, onMessage);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    close: () => client.close(),
  };
}

/** A migrated, empty in-memory database as a dump, to start test databases from. */
export async function migratedPgliteDump(prepare?: (client: PGlite) => Promise<void>): Promise<Blob> {
  const client = new PGlite({ extensions: { pg_trgm } });
  await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER });
  await prepare?.(client);
  // Written out before the dump: a database started from it then has no write-ahead log to replay (a quarter of
  // its start, 0.95 s against 1.3 s).
  await client.exec('checkpoint');
  const dump = await client.dumpDataDir('none');
  await client.close();
  return dump;
}

const dialect = new PgDialect();

/** The tables carrying the `list_version` trigger: answers read from them can be remembered. */
async function trackedTables(db: Db): Promise<Set<string>> {
  const tracked = await rows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_trigger g join pg_class c on c.oid = g.tgrelid where g.tgname = 'list_version'`,
  );
  return new Set(tracked.map((t) => t.name));
}

/** Every table's change counter, `name=version,…`, in one row (see `VersionTable`). */
const ALL_VERSIONS = statement(`select string_agg(table_name || '=' || version, ',') as versions from list_versions`);

/** A statement's name from its text, so one text always runs under one name. */
function statementName(text: string): string {
  return `s_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
}

/** The longest text a prepared statement takes as a parameter (a search's pattern, a name, a page of ids). */
const MAX_TEXT_PARAMETER = 10_000;

/**
 * A parameter as an SQL literal: a safe integer, or a text PostgreSQL can hold (no NUL) of at most
 * `MAX_TEXT_PARAMETER` characters, written as an escape string (`E'…'`) with its backslashes and quotes doubled, so
 * it reads back as exactly the same text whatever `standard_conforming_strings` says. Anything else is refused.
 */
function literal(value: unknown): string {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value === 'string' && value.length <= MAX_TEXT_PARAMETER && !value.includes('\0')) {
    return `E'${value.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
  }
  throw new Error('A prepared statement takes integers and texts only (without NUL, at most 10,000 characters).');
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
