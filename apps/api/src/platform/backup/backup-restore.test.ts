// Backup and restore as the operator runs them: the demo seeded, `npm run backup`, records and files changed and
// deleted, `npm run restore` into a fresh data directory (embedded database) or a fresh PostgreSQL database, and the
// API started on what was restored. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it, inject } from 'vitest';
import { decodeEnvelope } from '@campus/api-contract';
import { ensureSecrets, type SecretsFile } from '../../config.js';
import { scratchPostgres } from '../../test/scratch-postgres.js';
import { openDatabase, rows } from '../db/client.js';
import { DEMO_PASSWORD, seedDemo } from '../db/seed.js';
import { secretKey } from '../sealer.js';
import { fingerprint, onDatabase, readJson, runCommand, startApiProcess, tempFolder, unmadePostgres } from './test/places.js';

const PASSPHRASE = 'a long passphrase for the test backup';
const SERVER = process.env.TEST_DATABASE_URL;
const KIND = SERVER ? 'PostgreSQL' : 'the embedded database';
/** Cheap hashes for the seeded accounts (the API reads the cost from each hash when it checks a password). */
const CHEAP_ARGON2 = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
const SECRET_FILES = ['secrets.json', 'frs-key', 'migration-secret-key'];

describe(`backup and restore on ${KIND}`, () => {
  it('restores every record and file as at the backup into a fresh place, where the API starts and signs in', async () => {
    // 1. A running installation: the demo seeded, the generated secrets in DATA_DIR, a file attached to a ticket.
    const sourceDir = await tempFolder('backup-source');
    const sourceUrl = SERVER ? await scratchPostgres(SERVER) : undefined;
    const dump = inject('pgliteDump');
    const source = await openDatabase(
      sourceUrl ? { databaseUrl: sourceUrl, poolSize: 2 } : { dataDir: sourceDir, ...(dump ? { pgliteDump: new Blob([await readFile(dump)]) } : {}) },
    );
    ensureSecrets(sourceDir);
    secretKey({}, sourceDir, 'FRS_ENCRYPTION_KEY', 'frs-key');
    secretKey({}, sourceDir, 'MIGRATION_SECRET_KEY', 'migration-secret-key');
    await seedDemo(source.db, { argon2: CHEAP_ARGON2, students: 60 });
    const attachment = randomBytes(70_000);
    const [message] = await rows<{ id: string }>(source.db, sql`select id from support_ticket_messages order by id limit 1`);
    const [file] = await rows<{ id: string }>(
      source.db,
      sql`insert into support_attachments (message_id, filename, content_type, size, content)
          values (${message!.id}, 'transcript.pdf', 'application/pdf', ${attachment.length}, decode(${attachment.toString('hex')}, 'hex')) returning id`,
    );
    const [student] = await rows<{ id: string; first_name: string }>(source.db, sql`select id, first_name from students order by student_number limit 1`);
    const atBackup = await fingerprint((text) => rows(source.db, sql.raw(text)));
    await source.close();
    const sourcePlace = sourceUrl ? { databaseUrl: sourceUrl } : { pgliteFolder: join(sourceDir, 'pglite') };
    const filesAtBackup = await Promise.all(SECRET_FILES.map((name) => readFile(join(sourceDir, name))));
    expect(Object.keys(atBackup).length).toBeGreaterThan(50);

    // 2. The backup.
    const work = await tempFolder('backup-file');
    const backupFile = join(work, 'campus.cab');
    const sourceEnv = { DATA_DIR: sourceDir, ...(sourceUrl ? { DATABASE_URL: sourceUrl } : {}) };
    const made = await runCommand(['backup', '--out', backupFile], { ...sourceEnv, BACKUP_PASSPHRASE: PASSPHRASE });
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toContain(`Backup written to ${backupFile}`);
    const bytes = await readFile(backupFile);
    expect(bytes.includes(Buffer.from('admin@example.edu'))).toBe(false);
    expect(bytes.includes(attachment.subarray(0, 64))).toBe(false);

    // 3. After the backup: a record changed, records and a file deleted, the secrets replaced.
    const changed = await onDatabase(sourcePlace, async (query) => {
      await query(`update students set first_name = 'Changed' where id = '${student!.id}'`);
      await query(`delete from support_attachments where id = '${file!.id}'`);
      await query(`delete from announcements`);
      return fingerprint(query);
    });
    expect(changed).not.toEqual(atBackup);
    await rm(join(sourceDir, 'frs-key'));
    await writeFile(join(sourceDir, 'secrets.json'), JSON.stringify({ responseEncryptionKey: 'other', sessionSecret: 'other' }));

    // 4. A wrong passphrase writes nothing; then the restore into a fresh place.
    const targetDir = join(work, 'restored');
    const targetUrl = SERVER ? unmadePostgres(SERVER) : undefined;
    const targetEnv = { DATA_DIR: targetDir, ...(targetUrl ? { DATABASE_URL: targetUrl } : {}) };
    const wrong = await runCommand(['restore', backupFile], { ...targetEnv, BACKUP_PASSPHRASE: 'not the passphrase at all' });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr.trim()).toBe('The passphrase does not open this backup.');
    expect(existsSync(targetDir)).toBe(false);

    const restored = await runCommand(['restore', backupFile], { ...targetEnv, BACKUP_PASSPHRASE: PASSPHRASE });
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain('Restored in');

    // 5. Every table holds the same rows as at the backup, and DATA_DIR the same secrets.
    const targetPlace = targetUrl ? { databaseUrl: targetUrl } : { pgliteFolder: join(targetDir, 'pglite') };
    expect(await onDatabase(targetPlace, fingerprint)).toEqual(atBackup);
    expect(await Promise.all(SECRET_FILES.map((name) => readFile(join(targetDir, name))))).toEqual(filesAtBackup);

    // 6. The API starts on the restored place: the demo administrator signs in, the record and the file are back.
    const api = await startApiProcess(targetEnv);
    try {
      const { responseEncryptionKey } = await readJson<SecretsFile>(join(targetDir, 'secrets.json'));
      const call = async (path: string, init: RequestInit = {}) => {
        const answer = await fetch(`${api.url}${path}`, init);
        return { status: answer.status, body: decodeEnvelope(await answer.text(), responseEncryptionKey) as { data: Record<string, unknown> } };
      };
      const signIn = await call('/core/v1.0/auth', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@example.edu', password: DEMO_PASSWORD }),
      });
      expect(signIn.status).toBe(200);
      const headers = { authorization: `Bearer ${signIn.body.data.token as string}` };
      const got = await call(`/core/v1.0/students/${student!.id}`, { headers });
      expect(got.status).toBe(200);
      expect(got.body.data.firstName).toBe(student!.first_name);
      const download = await call(`/core/v1.0/support/attachments/${file!.id}`, { headers });
      expect(download.status).toBe(200);
      expect(Buffer.from(download.body.data.contentBase64 as string, 'base64').equals(attachment)).toBe(true);
    } finally {
      await api.stop();
    }
  }, 240_000);
});
