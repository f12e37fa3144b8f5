/**
 * `npm run backup -- [--out FILE]` and `npm run restore -- FILE [--overwrite]`, on the database the API would open:
 * `DATABASE_URL` (PostgreSQL) or the embedded database in `DATA_DIR` (default `.data` at the repository root).
 * The passphrase comes from `BACKUP_PASSPHRASE`, else it is asked for in the terminal (backup: twice).
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { REPOSITORY_DATA_DIR } from '../../config.js';
import { DamagedBackupError, WrongPassphraseError } from './archive.js';
import { makeBackup } from './backup.js';
import { askPassphrase } from './passphrase.js';
import { restoreBackup } from './restore.js';

/** The minimum length of a new backup's passphrase. */
export const MIN_PASSPHRASE = 12;

const USAGE = `Usage:
  npm run backup -- [--out FILE]            back up the database, DATA_DIR's files and the secrets
  npm run restore -- FILE [--overwrite]     restore into a fresh DATA_DIR / DATABASE_URL
Settings: DATA_DIR, DATABASE_URL (PostgreSQL), BACKUP_PASSPHRASE (else asked for in the terminal).`;

/** Paths on the command line are read from where the command was typed (npm runs scripts in the package folder). */
const here = (path: string) => resolve(process.env.INIT_CWD ?? process.cwd(), path);

async function passphraseFor(command: 'backup' | 'restore'): Promise<string> {
  const given = process.env.BACKUP_PASSPHRASE;
  const passphrase = given ?? (await askPassphrase('Backup passphrase: ', command === 'backup' ? 'Again: ' : undefined));
  if (!passphrase) throw new Error('No passphrase: set BACKUP_PASSPHRASE or run the command in a terminal.');
  if (command === 'backup' && passphrase.length < MIN_PASSPHRASE) throw new Error(`The passphrase must be at least ${MIN_PASSPHRASE} characters.`);
  return passphrase;
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { out: { type: 'string', short: 'o' }, overwrite: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help || (command !== 'backup' && command !== 'restore')) {
    console.log(USAGE);
    return;
  }
  const dataDir = process.env.DATA_DIR ? here(process.env.DATA_DIR) : REPOSITORY_DATA_DIR;
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const log = (line: string) => console.error(line);
  const started = Date.now();
  if (command === 'backup') {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
    const out = here(values.out ?? positionals[0] ?? `campus-backup-${stamp}.cab`);
    const passphrase = await passphraseFor('backup');
    await makeBackup({ dataDir, databaseUrl, out, passphrase, log });
    console.log(`Backup written to ${out} in ${((Date.now() - started) / 1000).toFixed(1)} s. Keep the passphrase: without it the file cannot be read.`);
    return;
  }
  const file = positionals[0];
  if (!file) throw new Error(`Name the backup file to restore.\n${USAGE}`);
  const passphrase = await passphraseFor('restore');
  const { migrations } = await restoreBackup({ file: here(file), dataDir, databaseUrl, passphrase, overwrite: values.overwrite ?? false, log });
  console.log(
    `Restored in ${((Date.now() - started) / 1000).toFixed(1)} s. The database has ${migrations?.count ?? 0} migrations; ` +
      'the API applies any newer ones when it starts.',
  );
}

main(process.argv.slice(2)).catch((error: unknown) => {
  // Expected failures (a wrong passphrase, a damaged file, a target in use) are one clear line, not a stack.
  console.error(error instanceof Error ? error.message : error);
  process.exit(error instanceof WrongPassphraseError ? 2 : error instanceof DamagedBackupError ? 3 : 1);
});
