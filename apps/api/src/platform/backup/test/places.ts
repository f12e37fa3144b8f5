// Helpers of the backup tests: databases and data directories that outlive one process, table fingerprints, the
// commands and the API run as the operator runs them (child processes).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { onServer } from '../../../test/postgres.js';

export const API_ROOT = resolve(import.meta.dirname, '../../../..');
const CLI = resolve(API_ROOT, 'src/platform/backup/cli.ts');
const MAIN = resolve(API_ROOT, 'src/main.ts');

/** A temporary folder removed when the file ends. */
export async function tempFolder(label: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), `campus-${label}-`));
  afterAll(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** The address of a database on the test server that does not exist yet, dropped (if made) when the file ends. */
export function unmadePostgres(serverUrl: string): string {
  const name = `${inject('databasePrefix')}${randomBytes(6).toString('hex')}`;
  afterAll(() => onServer(serverUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`)));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs SQL on a database given as a PostgreSQL address or an embedded database's folder, then closes it. */
export async function onDatabase<T>(place: { databaseUrl?: string; pgliteFolder?: string }, work: (query: <R>(text: string) => Promise<R[]>) => Promise<T>): Promise<T> {
  if (place.databaseUrl) {
    const client = new pg.Client({ connectionString: place.databaseUrl });
    await client.connect();
    try {
      return await work(async (text) => (await client.query(text)).rows);
    } finally {
      await client.end();
    }
  }
  const client = new PGlite({ dataDir: place.pgliteFolder!, extensions: { pg_trgm } });
  try {
    return await work(async <R>(text: string) => (await client.query<R>(text)).rows);
  } finally {
    await client.close();
  }
}

/**
 * Every table outside PostgreSQL's own schemas with its row count and a digest of its rows (order-free): two
 * databases with equal fingerprints hold the same records.
 */
export async function fingerprint(query: <R>(text: string) => Promise<R[]>): Promise<Record<string, string>> {
  const tables = await query<{ name: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
      order by 1`,
  );
  const result: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await query<{ n: number; digest: string }>(
      `select count(*)::int as n, md5(coalesce(string_agg(md5(t::text), '' order by md5(t::text)), '')) as digest from ${name} t`,
    );
    result[name] = `${row!.n} ${row!.digest}`;
  }
  return result;
}

export interface CommandResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** `npm run backup` / `npm run restore` as a process (the source through tsx, as the build would run it). */
export function runCommand(args: string[], env: Record<string, string>): Promise<CommandResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { cwd: API_ROOT, env: cleanEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  return new Promise((done, fail) => {
    child.once('error', fail);
    child.once('close', (code) => done({ code, stdout, stderr }));
  });
}

/** The environment of a child: this process's, without the settings a test sets for it. */
function cleanEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base = { ...process.env };
  for (const name of ['DATA_DIR', 'DATABASE_URL', 'RESPONSE_ENCRYPTION_KEY', 'SESSION_SECRET', 'SSO_ENCRYPTION_KEY', 'FRS_ENCRYPTION_KEY', 'MIGRATION_SECRET_KEY', 'BACKUP_PASSPHRASE', 'INIT_CWD']) {
    delete base[name];
  }
  return { ...base, ...env };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

/** The API (src/main.ts) started as a process on `env`; answers its address and a way to stop it. */
export async function startApiProcess(env: Record<string, string>): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: API_ROOT,
    env: cleanEnv({ API_PORT: String(port), LOG_LEVEL: 'warn', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  await new Promise<void>((done, fail) => {
    const early = () => fail(new Error(`the API exited before listening:\n${stderr}`));
    child.once('exit', early);
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.startsWith('Campus Administration System API on')) {
        child.off('exit', early);
        done();
      }
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export const readJson = async <T>(file: string): Promise<T> => JSON.parse(await readFile(file, 'utf8')) as T;
