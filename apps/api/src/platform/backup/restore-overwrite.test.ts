// Restoring over the place a backup came from (last night's backup over today's damage): refused unless the operator
// says --overwrite, then the database and DATA_DIR are as at the backup, newer tables included. Also: a backup of one
// kind of database is not restored into the other. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, inject } from 'vitest';
import { ensureSecrets } from '../../config.js';
import { scratchPostgres } from '../../test/scratch-postgres.js';
import { openDatabase } from '../db/client.js';
import { fingerprint, onDatabase, runCommand, tempFolder } from './test/places.js';

const SERVER = process.env.TEST_DATABASE_URL;
const PASSPHRASE = 'another long test passphrase';

describe(`restoring over an installation on ${SERVER ? 'PostgreSQL' : 'the embedded database'}`, () => {
  it('refuses without --overwrite, and with it puts back the database and the secrets as at the backup', async () => {
    const dir = await tempFolder('overwrite');
    const databaseUrl = SERVER ? await scratchPostgres(SERVER) : undefined;
    const dump = inject('pgliteDump');
    const database = await openDatabase(
      databaseUrl ? { databaseUrl, poolSize: 2 } : { dataDir: dir, ...(dump ? { pgliteDump: new Blob([await readFile(dump)]) } : {}) },
    );
    await database.close();
    ensureSecrets(dir);
    const place = databaseUrl ? { databaseUrl } : { pgliteFolder: join(dir, 'pglite') };
    await onDatabase(place, (query) => query(`insert into campuses (code, name) values ('MAIN', 'Main Campus'), ('EAST', 'East Campus')`));
    const atBackup = await onDatabase(place, fingerprint);
    const secrets = await readFile(join(dir, 'secrets.json'), 'utf8');

    const env = { DATA_DIR: dir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), BACKUP_PASSPHRASE: PASSPHRASE };
    const file = join(await tempFolder('overwrite-file'), 'nightly.cab');
    const made = await runCommand(['backup', file], env);
    expect(made.code, made.stderr).toBe(0);

    // Today's damage: a record changed, one deleted, a table added, the secrets replaced.
    await onDatabase(place, async (query) => {
      await query(`update campuses set name = 'Renamed' where code = 'MAIN'`);
      await query(`delete from campuses where code = 'EAST'`);
      await query(`create table stray (id int)`);
    });
    await writeFile(join(dir, 'secrets.json'), '{}');

    const refused = await runCommand(['restore', file], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('The target is not empty');
    expect(refused.stderr).toContain('secrets.json exists');
    expect(await readFile(join(dir, 'secrets.json'), 'utf8')).toBe('{}');

    const restored = await runCommand(['restore', file, '--overwrite'], env);
    expect(restored.code, restored.stderr).toBe(0);
    expect(await onDatabase(place, fingerprint)).toEqual(atBackup);
    expect(await readFile(join(dir, 'secrets.json'), 'utf8')).toBe(secrets);

    // The backup's kind of database decides where it can go.
    const elsewhere: Record<string, string> = SERVER ? { DATA_DIR: join(dir, 'other') } : { DATA_DIR: join(dir, 'other'), DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' };
    const mismatch = await runCommand(['restore', file], { ...elsewhere, BACKUP_PASSPHRASE: PASSPHRASE });
    expect(mismatch.code).toBe(1);
    expect(mismatch.stderr.trim().split('\n').at(-1)).toBe(
      SERVER
        ? 'This backup holds a PostgreSQL database: set DATABASE_URL to the (empty) database to restore it into.'
        : 'This backup holds an embedded database: restore it without DATABASE_URL, into DATA_DIR.',
    );
  }, 240_000);
});
