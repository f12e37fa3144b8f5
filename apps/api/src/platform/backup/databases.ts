/**
 * The database half of a backup: the embedded database (PGlite) through its own dump of the data directory, and
 * PostgreSQL through `pg_dump` / `pg_restore` (custom format) of the machine's client tools.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

/** The last migration a database has applied (drizzle's journal), to tell a restored database's schema. */
export interface MigrationLevel {
  readonly count: number;
  readonly lastCreatedAt: number | null;
}

const LEVEL = `select count(*)::int as count, max(created_at)::bigint as last from drizzle.__drizzle_migrations`;
const levelOf = (row: { count: number; last: string | number | null } | undefined): MigrationLevel => ({
  count: row?.count ?? 0,
  lastCreatedAt: row?.last === null || row?.last === undefined ? null : Number(row.last),
});

/** The folder of the embedded database inside DATA_DIR (see `openDatabase`). */
export const pgliteFolder = (dataDir: string) => join(dataDir, 'pglite');

/**
 * PGlite keeps `postmaster.pid` in its folder while it is open and removes it when closed: a folder holding one is
 * in use by the API (one process per folder), or was left by a process that stopped without closing it.
 */
export function pgliteInUse(folder: string): boolean {
  return existsSync(join(folder, 'postmaster.pid'));
}

export function isEmptyFolder(folder: string): boolean {
  return !existsSync(folder) || readdirSync(folder).length === 0;
}

/** Dumps the embedded database of `folder` (closed) as PGlite's gzipped tar of its data directory. */
export async function dumpPglite(folder: string): Promise<{ dump: Uint8Array; level: MigrationLevel }> {
  if (!existsSync(join(folder, 'PG_VERSION'))) throw new Error(`${folder} holds no embedded database.`);
  if (pgliteInUse(folder)) {
    throw new Error(
      `The embedded database in ${folder} is open: stop the API first (one process at a time opens it). ` +
        `If no API runs, it stopped without closing the database: start it once and stop it with Ctrl-C.`,
    );
  }
  const client = new PGlite({ dataDir: folder, extensions: { pg_trgm } });
  try {
    const level = levelOf((await client.query<{ count: number; last: string | null }>(LEVEL)).rows[0]);
    const dump = new Uint8Array(await (await client.dumpDataDir('gzip')).arrayBuffer());
    return { dump, level };
  } finally {
    await client.close();
  }
}

/** Loads a dump made by `dumpPglite` into `folder`, which must be empty; answers the restored migration level. */
export async function loadPglite(folder: string, dump: Uint8Array): Promise<MigrationLevel> {
  const client = new PGlite({ dataDir: folder, loadDataDir: new Blob([new Uint8Array(dump)]), extensions: { pg_trgm } });
  try {
    return levelOf((await client.query<{ count: number; last: string | null }>(LEVEL)).rows[0]);
  } finally {
    await client.close();
  }
}

/** libpq's settings for a `postgres://` address, with the password in the environment rather than the command line. */
function clientTools(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const address = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (address.password) env.PGPASSWORD = decodeURIComponent(address.password);
  address.password = '';
  return { dbname: address.toString(), env };
}

/** The PostgreSQL client tool `name`, or a clear error when it is not installed. */
function tool(name: 'pg_dump' | 'pg_restore'): string {
  const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  const path = found.stdout.trim();
  if (found.status !== 0 || !path) {
    throw new Error(`${name} was not found: install PostgreSQL's client tools (Debian: apt-get install postgresql-client) of the server's version or newer.`);
  }
  return path;
}

export async function postgresLevel(url: string): Promise<MigrationLevel> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const exists = await client.query(`select to_regclass('drizzle.__drizzle_migrations') is not null as found`);
    if (!exists.rows[0].found) return { count: 0, lastCreatedAt: null };
    return levelOf((await client.query<{ count: number; last: string | null }>(LEVEL)).rows[0]);
  } finally {
    await client.end();
  }
}

/** Runs a client tool; `feed` writes its standard input, `drain` reads its standard output. */
async function runTool(
  name: 'pg_dump' | 'pg_restore',
  args: string[],
  env: NodeJS.ProcessEnv,
  io: { feed?: (stdin: Writable) => Promise<void>; drain?: (stdout: Readable) => Promise<void>; onLine?: (line: string) => void },
): Promise<void> {
  const child = spawn(tool(name), args, { env, stdio: [io.feed ? 'pipe' : 'ignore', io.drain ? 'pipe' : 'ignore', 'pipe'] });
  const errors: string[] = [];
  let partial = '';
  child.stderr!.setEncoding('utf8').on('data', (text: string) => {
    const lines = (partial + text).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (/error|fatal|warning/i.test(line)) errors.push(line);
      else io.onLine?.(line);
    }
  });
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  const work = Promise.all([io.feed?.(child.stdin!), io.drain?.(child.stdout!)]);
  let failure: unknown;
  try {
    await work;
  } catch (error) {
    failure = error;
    child.kill();
  }
  const code = await exited;
  if (partial && /error|fatal|warning/i.test(partial)) errors.push(partial);
  if (code !== 0) throw new Error(`${name} failed (exit ${code}):\n${errors.slice(-10).join('\n') || '(no message)'}`);
  if (failure) throw failure;
}

/** Streams `pg_dump --format=custom` of the database at `url` to `drain`. */
export async function dumpPostgres(url: string, drain: (stdout: Readable) => Promise<void>, onTable?: (table: string) => void): Promise<void> {
  const { dbname, env } = clientTools(url);
  await runTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', '--verbose', `--dbname=${dbname}`], env, {
    drain,
    onLine: (line) => {
      const table = /dumping contents of table "?([^"]+)"?/.exec(line)?.[1];
      if (table) onTable?.(table);
    },
  });
}

/** The tables, views and sequences of `url` outside PostgreSQL's own schemas. */
export async function postgresRelations(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'`,
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

/** Creates the database of `url` on its server when it does not exist; answers whether it did. */
export async function createPostgresDatabase(url: string): Promise<boolean> {
  const probe = new pg.Client({ connectionString: url });
  try {
    await probe.connect();
    await probe.end();
    return false;
  } catch (error) {
    if ((error as { code?: string }).code !== '3D000') throw error;
  }
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const server = new URL(url);
  server.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect();
  try {
    await admin.query(`create database ${pg.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
  return true;
}

/** Drops every schema of `url` but PostgreSQL's own, and gives it an empty `public` (an overwrite). */
export async function emptyPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query<{ name: string }>(
      `select nspname as name from pg_namespace
        where nspname not in ('pg_catalog', 'information_schema') and nspname not like 'pg\\_toast%' and nspname not like 'pg\\_temp%'`,
    );
    for (const { name } of rows) await client.query(`drop schema ${pg.escapeIdentifier(name)} cascade`);
    await client.query('create schema public');
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

/** Restores a `pg_dump --format=custom` stream into the (empty) database at `url`, in one transaction. */
export async function restorePostgres(url: string, feed: (stdin: Writable) => Promise<void>): Promise<void> {
  const { dbname, env } = clientTools(url);
  await runTool('pg_restore', ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${dbname}`], env, { feed });
}
