// A database two processes can open in turn, for the tests that kill an API process and start it again.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { closeAtFileEnd } from './file-end.js';
import { openDatabase, type Database } from '../platform/db/client.js';
import { scratchPostgres } from './scratch-postgres.js';

/** A database a second process can open: a PostgreSQL database of its own, or a PGlite directory. */
export async function placeForTwoProcesses(): Promise<{ env: Record<string, string>; open: () => Promise<Database> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const url = await scratchPostgres(serverUrl);
    return { env: { DATABASE_URL: url }, open: () => openDatabase({ databaseUrl: url, poolSize: 4 }) };
  }
  const dir = await mkdtemp(join(tmpdir(), 'campus-restart-'));
  closeAtFileEnd(() => rm(dir, { recursive: true, force: true }));
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
