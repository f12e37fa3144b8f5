import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_FOLDER, rows, type Database } from '../db/client.js';
import type { Lifecycle } from './lifecycle.js';

/** What `/readyz` reports: each condition on its own, so an operator sees which one failed. */
export interface Readiness {
  readonly ready: boolean;
  readonly database: 'up' | 'down';
  readonly migrations: 'current' | 'behind' | 'unknown';
  readonly draining: boolean;
}

/** The `when` of the newest migration this build ships (drizzle-kit's journal), which the migrator records as `created_at`. */
export function newestShippedMigration(folder = MIGRATIONS_FOLDER): number {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

/**
 * Ready means: the database answers, it carries every migration this build ships (a database migrated further by a
 * newer release during a rolling upgrade still counts), and the process is not draining.
 */
export async function readiness(database: Database, lifecycle: Lifecycle, newest: number): Promise<Readiness> {
  const draining = lifecycle.draining;
  let applied: number | undefined;
  try {
    const [row] = await rows<{ newest: string | number | null }>(
      database.db,
      sql`select max(created_at) as newest from drizzle.__drizzle_migrations`,
    );
    applied = Number(row?.newest ?? 0);
  } catch {
    const up = await database.ping();
    return { ready: false, database: up ? 'up' : 'down', migrations: 'unknown', draining };
  }
  const migrations = applied >= newest ? 'current' : 'behind';
  return { ready: !draining && migrations === 'current', database: 'up', migrations, draining };
}
