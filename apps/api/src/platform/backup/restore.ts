/**
 * `npm run restore`: a backup made by `npm run backup` into a fresh data directory or a fresh PostgreSQL database.
 * The whole file is read and checked first (passphrase, every chunk, every entry's SHA-256), so a wrong passphrase or a
 * damaged file writes nothing; a target that already holds data is refused unless the caller says to overwrite it.
 */
import { createReadStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Writable } from 'node:stream';
import { DamagedBackupError, readArchive, type ArchiveEntry } from './archive.js';
import { ENTRY, type Manifest } from './backup.js';
import {
  createPostgresDatabase,
  emptyPostgres,
  isEmptyFolder,
  loadPglite,
  pgliteFolder,
  postgresLevel,
  postgresRelations,
  restorePostgres,
  type MigrationLevel,
} from './databases.js';

/** The committed migrations (as `MIGRATIONS_FOLDER` of db/client.ts, which the command does not load). */
const MIGRATIONS_FOLDER = resolve(dirname(fileURLToPath(import.meta.url)), '../../../drizzle');

/** Where the secrets given in the environment at backup time are written, for the operator to set again. */
export const ENVIRONMENT_FILE = 'environment-at-backup.env';

export interface RestoreOptions {
  readonly file: string;
  readonly dataDir: string;
  readonly databaseUrl?: string | undefined;
  readonly passphrase: string;
  /** Replace the data already in the target (the embedded database's folder, DATA_DIR's files, the database's schemas). */
  readonly overwrite?: boolean;
  readonly log?: (line: string) => void;
}

/** Where a restore would overwrite something; empty when the target is fresh. */
async function occupied(options: RestoreOptions, files: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  const dataDir = resolve(options.dataDir);
  if (options.databaseUrl) {
    await createPostgresDatabase(options.databaseUrl);
    const relations = await postgresRelations(options.databaseUrl);
    if (relations) found.push(`the PostgreSQL database holds ${relations} tables, views or sequences`);
  } else if (!isEmptyFolder(pgliteFolder(dataDir))) {
    found.push(`${pgliteFolder(dataDir)} holds an embedded database`);
  }
  for (const path of files) if (existsSync(join(dataDir, ...path.split('/')))) found.push(`${join(dataDir, path)} exists`);
  return found;
}

/** Reads an entry's content to the end (checking it), into memory when `keep` says so. */
async function readAll(entry: ArchiveEntry, keep: boolean): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for await (const piece of entry.content) if (keep) pieces.push(piece);
  return Buffer.concat(pieces);
}

async function write(stdin: Writable, content: AsyncIterable<Buffer>): Promise<void> {
  for await (const piece of content) if (!stdin.write(piece)) await once(stdin, 'drain');
  stdin.end();
}

const MiB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** Restores the backup in `options.file`; answers its manifest and the restored database's migration level. */
export async function restoreBackup(options: RestoreOptions): Promise<{ manifest: Manifest; migrations: MigrationLevel | undefined }> {
  const log = options.log ?? (() => undefined);
  const file = resolve(options.file);
  const dataDir = resolve(options.dataDir);
  if (!existsSync(file)) throw new Error(`${file} does not exist.`);

  const manifest = await check();

  /** Steps 1–3; the file is closed whatever they find. */
  async function check(): Promise<Manifest> {
    const input = createReadStream(file);
    try {
      // 1. The manifest (the first entry) says what the backup holds; a wrong passphrase stops at the header.
      const entries = readArchive(input, options.passphrase);
      const first = await entries.next();
      if (first.done || first.value.name !== ENTRY.manifest) throw new DamagedBackupError('The backup has no manifest.');
      const manifest = JSON.parse((await readAll(first.value, true)).toString('utf8')) as Manifest;
      if (manifest.format !== 1) throw new DamagedBackupError('This backup was written by a newer version.');
      log(`Backup of ${manifest.createdAt}: ${manifest.database === 'pglite' ? 'embedded database' : 'PostgreSQL'}, ${manifest.migrations.count} migrations, ${manifest.files.length} files.`);

      const known = (JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;
      if (manifest.migrations.count > known) {
        throw new Error(`This backup was made by a newer version (${manifest.migrations.count} migrations; this one knows ${known}): restore it with that version or a later one.`);
      }

      // 2. The target: the same kind of database as the backup's, and fresh unless told to overwrite.
      const want = manifest.database;
      if (want === 'pglite' && options.databaseUrl) throw new Error('This backup holds an embedded database: restore it without DATABASE_URL, into DATA_DIR.');
      if (want === 'postgres' && !options.databaseUrl) throw new Error('This backup holds a PostgreSQL database: set DATABASE_URL to the (empty) database to restore it into.');
      const taken = await occupied(options, [...manifest.files, ...(manifest.environment.length ? [ENVIRONMENT_FILE] : [])]);
      if (taken.length && !options.overwrite) {
        throw new Error(`The target is not empty (${taken.join('; ')}). Restore into a fresh DATA_DIR and database, or pass --overwrite to replace them.`);
      }

      // 3. The rest of the file read and checked (every chunk, every entry's SHA-256) before anything is written.
      let checked = 0;
      let last = Date.now();
      for await (const entry of entries) {
        for await (const piece of entry.content) {
          checked += piece.length;
          if (Date.now() - last > 1000) {
            last = Date.now();
            log(`  checking the backup: ${MiB(checked)}`);
          }
        }
      }
      log(`Checked ${MiB(checked)}.`);
      if (taken.length) log(`Overwriting: ${taken.join('; ')}`);
      return manifest;
    } finally {
      input.destroy();
    }
  }

  // 4. Write: the database first (in one transaction on PostgreSQL), then DATA_DIR's files.
  let migrations: MigrationLevel | undefined;
  const written: string[] = [];
  const folder = pgliteFolder(dataDir);
  try {
    for await (const entry of readArchive(createReadStream(file), options.passphrase)) {
      if (entry.name === ENTRY.pglite) {
        const dump = await readAll(entry, true);
        // Loaded beside the folder and moved into place once complete, so an overwritten database is replaced whole.
        const staging = `${folder}.restoring`;
        rmSync(staging, { recursive: true, force: true });
        mkdirSync(staging, { recursive: true });
        written.push(staging);
        log(`Embedded database: loading ${MiB(dump.length)} into ${folder}`);
        migrations = await loadPglite(staging, dump);
        rmSync(folder, { recursive: true, force: true });
        renameSync(staging, folder);
        written.push(folder);
      } else if (entry.name === ENTRY.postgres) {
        if (options.overwrite) await emptyPostgres(options.databaseUrl!);
        log('PostgreSQL database: pg_restore');
        await restorePostgres(options.databaseUrl!, (stdin) => write(stdin, entry.content));
      } else if (entry.name.startsWith('files/')) {
        const path = entry.name.slice('files/'.length);
        if (path.split('/').some((part) => part === '..' || part === '' || part === '.')) throw new DamagedBackupError(`The backup names a file outside DATA_DIR: ${path}`);
        const target = join(dataDir, ...path.split('/'));
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(target, await readAll(entry, true), { mode: entry.mode & 0o777, flag: options.overwrite ? 'w' : 'wx' });
        written.push(target);
      } else if (entry.name === ENTRY.environment) {
        // Secrets that were given in the environment at backup time: the operator sets them again.
        const target = join(dataDir, ENVIRONMENT_FILE);
        const values = JSON.parse((await readAll(entry, true)).toString('utf8')) as Record<string, string>;
        mkdirSync(dataDir, { recursive: true });
        writeFileSync(target, Object.entries(values).map(([name, value]) => `${name}=${value}\n`).join(''), { mode: 0o600 });
        written.push(target);
        log(`The backup was made with ${Object.keys(values).join(', ')} set in the environment: set them again to the values in ${target}.`);
      }
    }
  } catch (error) {
    // A fresh target is left as it was found. Over an installation, what was already replaced stays replaced (on
    // PostgreSQL the schemas were emptied first): the operator runs the restore again.
    if (!options.overwrite) for (const path of written) rmSync(path, { recursive: true, force: true });
    else rmSync(`${folder}.restoring`, { recursive: true, force: true });
    throw error;
  }
  if (manifest.database === 'postgres') migrations = await postgresLevel(options.databaseUrl!);
  log(`Restored into ${manifest.database === 'pglite' ? folder : 'the PostgreSQL database'} and ${dataDir}.`);
  return { manifest, migrations };
}
