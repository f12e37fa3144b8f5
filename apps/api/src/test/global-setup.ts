import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migratedPgliteDump } from '../db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string | undefined;
  }
}

/**
 * Creating a PGlite database runs initdb in WebAssembly (seconds); it is done once per run, migrated, and
 * dumped, and every test file starts its own in-memory database from the dump.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteDump', undefined);
    return;
  }
  const file = join(tmpdir(), `campus-api-test-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await (await migratedPgliteDump()).arrayBuffer()));
  project.provide('pgliteDump', file);
  return async () => {
    await rm(file, { force: true });
  };
}
