/**
 * `npm run backup`: the database (embedded or PostgreSQL), the files of DATA_DIR (generated secrets and keys) and the
 * secrets given in the environment, in one file encrypted with a passphrase (archive.ts, decision 0059).
 */
import { createReadStream, createWriteStream, existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { finished } from 'node:stream/promises';
import { join, relative, resolve, sep } from 'node:path';
import { ArchiveWriter, KDF_COST } from './archive.js';
import { dumpPglite, dumpPostgres, pgliteFolder, postgresLevel, type MigrationLevel } from './databases.js';

/** Secrets the API and the console read from the environment before DATA_DIR: kept in the backup when set. */
export const SECRET_VARIABLES = ['RESPONSE_ENCRYPTION_KEY', 'SESSION_SECRET', 'SSO_ENCRYPTION_KEY', 'FRS_ENCRYPTION_KEY', 'MIGRATION_SECRET_KEY'] as const;

/** What a backup holds, written as its first entry. */
export interface Manifest {
  readonly format: 1;
  readonly createdAt: string;
  readonly database: 'pglite' | 'postgres';
  readonly migrations: MigrationLevel;
  /** DATA_DIR's files, by path inside it. */
  readonly files: readonly string[];
  /** Names of the secrets taken from the environment (their values are in the entry `environment.json`). */
  readonly environment: readonly string[];
}

export const ENTRY = {
  manifest: 'manifest.json',
  environment: 'environment.json',
  pglite: 'database/pglite.tar.gz',
  postgres: 'database/postgres.dump',
  file: (path: string) => `files/${path}`,
} as const;

export interface BackupOptions {
  readonly dataDir: string;
  readonly databaseUrl?: string | undefined;
  readonly out: string;
  readonly passphrase: string;
  readonly env?: NodeJS.ProcessEnv;
  /** Progress lines (stderr for the command). */
  readonly log?: (line: string) => void;
  /** scrypt's cost (tests lower it; the file records it). */
  readonly kdfCost?: { N: number; r: number; p: number };
}

/**
 * The files of DATA_DIR to keep: everything but the embedded database's folder (dumped on its own), backups kept
 * there (`*.cab`, and one being written) and `skip`.
 */
function dataFiles(dataDir: string, skip: readonly string[]): string[] {
  if (!existsSync(dataDir)) return [];
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (path === pgliteFolder(dataDir) || path === `${pgliteFolder(dataDir)}.restoring` || skip.includes(path) || /\.cab(\.partial)?$/.test(entry.name)) continue;
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) found.push(relative(dataDir, path).split(sep).join('/'));
    }
  };
  walk(dataDir);
  return found.sort();
}

const MiB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** Prints `label` with the bytes done at most once a second. */
function progress(log: (line: string) => void, label: string) {
  let last = Date.now();
  return (bytes: number) => {
    if (Date.now() - last < 1000) return;
    last = Date.now();
    log(`  ${label}: ${MiB(bytes)}`);
  };
}

/** Writes the backup to `out` (refusing to replace a file); answers its manifest. */
export async function makeBackup(options: BackupOptions): Promise<Manifest> {
  const log = options.log ?? (() => undefined);
  const env = options.env ?? process.env;
  const out = resolve(options.out);
  if (existsSync(out)) throw new Error(`${out} exists already: choose another file name.`);
  const partial = `${out}.partial`;
  const dataDir = resolve(options.dataDir);
  const files = dataFiles(dataDir, [out, partial]);
  const environment = SECRET_VARIABLES.filter((name) => env[name]);

  // The embedded database is dumped before anything is written, so a database in use fails without leaving a file.
  const embedded = options.databaseUrl ? undefined : await dumpPglite(pgliteFolder(dataDir));
  const manifest: Manifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    database: options.databaseUrl ? 'postgres' : 'pglite',
    migrations: embedded ? embedded.level : await postgresLevel(options.databaseUrl!),
    files,
    environment,
  };

  const stream = createWriteStream(partial, { flags: 'wx', mode: 0o600 });
  try {
    const archive = await ArchiveWriter.open(stream, options.passphrase, options.kdfCost ?? KDF_COST);
    await archive.add(ENTRY.manifest, Buffer.from(JSON.stringify(manifest, null, 2), 'utf8'));
    if (environment.length) {
      await archive.add(ENTRY.environment, Buffer.from(JSON.stringify(Object.fromEntries(environment.map((name) => [name, env[name]])), null, 2), 'utf8'));
    }
    if (embedded) {
      log(`Embedded database: ${MiB(embedded.dump.length)} (compressed)`);
      await archive.add(ENTRY.pglite, embedded.dump);
    } else {
      log('PostgreSQL database (pg_dump):');
      const tick = progress(log, 'database');
      let tables = 0;
      let size = 0;
      await dumpPostgres(
        options.databaseUrl!,
        async (stdout) => {
          size = await archive.add(ENTRY.postgres, stdout, 0o600, tick);
        },
        () => (tables += 1),
      );
      log(`  ${tables} tables, ${MiB(size)}`);
    }
    for (const path of files) {
      const full = join(dataDir, ...path.split('/'));
      await archive.add(ENTRY.file(path), createReadStream(full), statSync(full).mode & 0o777);
    }
    log(`Files of ${dataDir}: ${files.length ? files.join(', ') : 'none'}`);
    if (environment.length) log(`Secrets from the environment: ${environment.join(', ')}`);
    await archive.finish();
    stream.end();
    await finished(stream);
    renameSync(partial, out);
  } catch (error) {
    stream.destroy();
    rmSync(partial, { force: true });
    throw error;
  }
  return manifest;
}
