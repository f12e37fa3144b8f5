import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PgBoss } from 'pg-boss';
import type { TestProject } from 'vitest/node';
import { migratedPgliteDump, openDatabase } from '../platform/db/client.js';
import { installJobSchema } from '../platform/jobs/engine.js';
import { onServer } from './postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string | undefined;
    /** Name prefix of this run's PostgreSQL test databases; whatever a file leaves behind is dropped at the end. */
    databasePrefix: string;
    /** The migrated PostgreSQL database each test file's database is copied from. */
    databaseTemplate: string | undefined;
  }
}

/**
 * The database every PostgreSQL test file copies (`CREATE DATABASE … TEMPLATE`): migrated, with pg-boss's schema,
 * and with nobody connected, as a copy requires.
 */
async function createTemplateDatabase(serverUrl: string, name: string): Promise<void> {
  await onServer(serverUrl, (admin) => admin.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
  await database.close();
  const boss = new PgBoss({ connectionString: url.toString(), max: 1, schedule: false, supervise: false, registerInstance: false });
  await boss.start();
  await boss.stop({ graceful: false, close: true });
  // Closed connections' backends end a moment later.
  await onServer(serverUrl, async (admin) => {
    for (let waited = 0; ; waited += 50) {
      const { rows } = await admin.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
      if (rows[0]!.n === 0) return;
      if (waited > 10_000) throw new Error(`${rows[0]!.n} connections stay open on the template database ${name}.`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
}

/**
 * Creating a database runs its migrations (PGlite also runs initdb in WebAssembly: seconds). That is done once
 * per run: on PGlite the migrated database is dumped and every test file starts its own in-memory database from
 * the dump; on PostgreSQL every test file's database is a copy of a migrated template.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const prefix = `campus_test_${process.pid}_`;
    const template = `${prefix}template`;
    await createTemplateDatabase(serverUrl, template);
    project.provide('pgliteDump', undefined);
    project.provide('databasePrefix', prefix);
    project.provide('databaseTemplate', template);
    return () =>
      onServer(serverUrl, async (admin) => {
        const left = await admin.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [prefix]);
        for (const { datname } of left.rows) await admin.query(`drop database if exists "${datname}" with (force)`);
      });
  }
  project.provide('databasePrefix', 'campus_test_');
  project.provide('databaseTemplate', undefined);
  const file = join(tmpdir(), `campus-api-test-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await (await migratedPgliteDump(installJobSchema)).arrayBuffer()));
  project.provide('pgliteDump', file);
  return async () => {
    await rm(file, { force: true });
  };
}
