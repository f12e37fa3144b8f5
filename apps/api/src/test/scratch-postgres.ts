// A PostgreSQL database of a test file's own, on the server of TEST_DATABASE_URL, dropped when the file ends.
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { closeAtFileEnd } from './file-end.js';
import { onServer } from './postgres.js';

/**
 * Creates a database named with the run's prefix on the server at `serverUrl` and answers its address. It is a copy of
 * the run's template (already migrated and holding pg-boss's schema, see global-setup.ts) when there is one. It is
 * dropped after the file's other `afterAll` steps (`closeFirst`, e.g. closing the pool that reads it, runs just before).
 */
export async function scratchPostgres(serverUrl: string, closeFirst?: () => Promise<void>): Promise<string> {
  const name = `${inject('databasePrefix')}${randomBytes(6).toString('hex')}`;
  const template = inject('databaseTemplate');
  await onServer(serverUrl, (admin) => admin.query(`create database ${name}${template ? ` template ${template}` : ''}`));
  closeAtFileEnd(async () => {
    try {
      await closeFirst?.();
    } finally {
      await onServer(serverUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    }
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
