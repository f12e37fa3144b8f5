// PostgreSQL databases for tests (TEST_DATABASE_URL): each test file works in a database of its own, copied from
// one the run migrated once (`CREATE DATABASE … TEMPLATE`), and dropped when the file ends.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, inject } from 'vitest';

async function onServer<T>(serverUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/**
 * A new database for this test file, already migrated and holding pg-boss's schema (a copy of the run's template,
 * see global-setup.ts); it is dropped after the file's last test. Answers its address.
 */
export async function newTestDatabase(serverUrl: string): Promise<string> {
  const name = `${inject('databasePrefix')}${randomBytes(6).toString('hex')}`;
  const template = inject('databaseTemplate');
  await onServer(serverUrl, (admin) => admin.query(`create database ${name}${template ? ` template ${template}` : ''}`));
  afterAll(() => onServer(serverUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`)));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
