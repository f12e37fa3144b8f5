// A database two processes can open in turn, for the tests that kill an API process and start it again.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { openDatabase, type Database } from '../platform/db/client.js';

/** A database a second process can open: a PostgreSQL database of its own, or a PGlite directory. */
export async function placeForTwoProcesses(): Promise<{ env: Record<string, string>; open: () => Promise<Database> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `${inject('databasePrefix')}${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    afterAll(async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    });
    return { env: { DATABASE_URL: url.toString() }, open: () => openDatabase({ databaseUrl: url.toString(), poolSize: 4 }) };
  }
  const dir = await mkdtemp(join(tmpdir(), 'campus-restart-'));
  afterAll(() => rm(dir, { recursive: true, force: true }));
  const dump = inject('pgliteDump');
  let first = true;
  return {
    env: { DATA_DIR: dir },
    open: async () => {
      const seed = first && dump ? { pgliteDump: new Blob([await readFile(dump)]) } : {};
      first = false;
      return openDatabase({ dataDir: dir, ...seed });
    },
  };
}
