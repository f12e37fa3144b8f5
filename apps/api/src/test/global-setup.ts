import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migratedPgliteDump } from '../platform/db/client.js';
import { installJobSchema } from '../platform/jobs/engine.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string | undefined;
    /** Name prefix of this run's PostgreSQL test databases; whatever a file leaves behind is dropped at the end. */
    databasePrefix: string;
  }
}

/**
 * Creating a PGlite database runs initdb in WebAssembly (seconds); it is done once per run, migrated, and
 * dumped, and every test file starts its own in-memory database from the dump.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const prefix = `campus_test_${process.pid}_`;
    project.provide('pgliteDump', undefined);
    project.provide('databasePrefix', prefix);
    return async () => {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      const left = await admin.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [prefix]);
      for (const { datname } of left.rows) await admin.query(`drop database if exists "${datname}" with (force)`);
      await admin.end();
    };
  }
  project.provide('databasePrefix', 'campus_test_');
  const file = join(tmpdir(), `campus-api-test-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await (await migratedPgliteDump(installJobSchema)).arrayBuffer()));
  project.provide('pgliteDump', file);
  return async () => {
    await rm(file, { force: true });
  };
}
