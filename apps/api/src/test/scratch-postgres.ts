// A PostgreSQL database of a test file's own, on the server of TEST_DATABASE_URL, dropped when the file ends.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, inject } from 'vitest';

/**
 * Creates a database named with the run's prefix on the server at `serverUrl` and answers its address. It is dropped
 * after the file's other `afterAll` steps (`closeFirst`, e.g. closing the pool that reads it, runs just before).
 */
export async function scratchPostgres(serverUrl: string, closeFirst?: () => Promise<void>): Promise<string> {
  const name = `${inject('databasePrefix')}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  afterAll(async () => {
    try {
      await closeFirst?.();
    } finally {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    }
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
