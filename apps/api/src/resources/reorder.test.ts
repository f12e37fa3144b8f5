import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { entityRegistry } from '@campus/api-contract';
import { rows } from '../platform/db/client.js';
import { startTestApi, testDatabaseUrls } from '../test/harness.js';
import { insertInstructors, plainInstructorSearch } from '../test/instructors.js';
import { SEARCH_WALK_MIN_ROWS } from './list/index.js';
import { buildModel } from './model.js';
import { reorderLargeTables, REORDER_BELOW_CORRELATION } from './reorder.js';

// Housekeeping stores a large searchable table in its default list order (decision 0044). The rows, every list
// answer and the covering walk must come out of it unchanged.
const api = await startTestApi();
const token = await api.signIn('admin@example.edu');
const db = api.database.db;
const instructors = buildModel(entityRegistry.byResource('instructors')!, entityRegistry);
const campuses = buildModel(entityRegistry.byResource('campuses')!, entityRegistry);

await insertInstructors(db, SEARCH_WALK_MIN_ROWS + 2_500, 13);
await db.execute(sql`analyze instructors`);

const correlation = async () =>
  Number((await rows<{ c: number }>(db, sql`select correlation::float8 as c from pg_stats where tablename = 'instructors' and attname = 'last_name'`))[0]?.c);

/** Every answer below, compared with the plain query. */
const CASES: [string, string, number, number][] = [
  ['santos', 'lastName', 20, 1],
  ['santos', '-lastName', 20, 3],
  ['ana', 'firstName', 20, 2],
  ['cruz ana', 'employeeNumber', 25, 1],
  ['', 'lastName', 20, 40],
];
async function answersMatchThePlainQuery(): Promise<void> {
  for (const [q, sort, limit, page] of CASES) {
    const result = await api.call('GET', `/core/v1.0/instructors?q=${encodeURIComponent(q)}&sort=${sort}&limit=${limit}&page=${page}`, { token });
    expect(result.status).toBe(200);
    const plain = await plainInstructorSearch(db, q, sort, limit, page);
    expect(result.body.rows.map((r: { _id: string }) => r._id)).toEqual(plain.ids);
    if (!result.body.estimated) expect(result.body.count).toBe(plain.count);
  }
}

describe('reordering large tables', () => {
  it('stores a drifted table in its default order, vacuumed, with every row and answer unchanged', async () => {
    await answersMatchThePlainQuery();
    expect(await correlation()).toBeLessThan(REORDER_BELOW_CORRELATION);
    const before = await rows<{ id: string; list_search: string }>(db, sql`select id, list_search from instructors order by id`);

    const done = await reorderLargeTables(db, [instructors, campuses]);
    // The campuses table is too small to matter: left alone, not even reported.
    expect(done).toEqual([
      expect.objectContaining({ table: 'instructors', field: 'lastName', outcome: 'reordered', rows: SEARCH_WALK_MIN_ROWS + 2_500 }),
    ]);
    expect(await correlation()).toBeGreaterThanOrEqual(REORDER_BELOW_CORRELATION);
    // The rows are stored in the order of the sort index: last name, then id.
    const stored = await rows<{ id: string }>(db, sql`select id from instructors`);
    const ordered = await rows<{ id: string }>(db, sql`select id from instructors order by last_name, id`);
    expect(stored.length).toBe(SEARCH_WALK_MIN_ROWS + 2_500);
    expect(stored).toEqual(ordered);
    // Vacuumed: the pages are marked all-visible, so the sort indexes can still be read without the table.
    const [visible] = await rows<{ all: number; pages: number }>(db, sql`select relallvisible as all, relpages as pages from pg_class where relname = 'instructors'`);
    expect(visible!.all).toBeGreaterThan(0);
    expect(visible!.all).toBe(visible!.pages);
    expect(await rows(db, sql`select id, list_search from instructors order by id`)).toEqual(before);
    await answersMatchThePlainQuery();
  });

  it('leaves a table that is still in order alone', async () => {
    const done = await reorderLargeTables(db, [instructors]);
    expect(done).toEqual([expect.objectContaining({ table: 'instructors', outcome: 'in order' })]);
  });

  it.runIf(api.database.kind === 'postgres')('leaves a table in use for the next run instead of waiting for it', async () => {
    // Drift the order again: changed rows move to the end of the table.
    await db.execute(sql`update instructors set first_name = first_name where employee_number < 'EMP-050000'`);
    await db.execute(sql`analyze instructors`);
    expect(await correlation()).toBeLessThan(REORDER_BELOW_CORRELATION);
    const other = new pg.Client({ connectionString: testDatabaseUrls.get(api.database) });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('lock table instructors in access share mode');
      const done = await reorderLargeTables(db, [instructors], { lockWaitMs: 200 });
      expect(done).toEqual([expect.objectContaining({ table: 'instructors', outcome: 'busy' })]);
      await other.query('rollback');
      expect(await reorderLargeTables(db, [instructors])).toEqual([expect.objectContaining({ outcome: 'reordered' })]);
    } finally {
      await other.end();
    }
    await answersMatchThePlainQuery();
  });
});
