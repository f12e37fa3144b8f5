import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { entityRegistry } from '@campus/api-contract';
import { rows, type Statement } from '../platform/db/client.js';
import { insertRows } from '../platform/db/insert-rows.js';
import { startTestApi } from '../test/harness.js';
import { FIRST_NAMES, insertInstructors, LAST_NAMES, plainInstructorSearch, searchSampleRead } from '../test/instructors.js';
import { MATCH_CACHE_MAX_IDS, SEARCH_BLOCK_CHANGES_MAX, SEARCH_WALK_MIN_ROWS } from './list/index.js';
import { buildModel } from './model.js';
import { buildSearchBlocks, SEARCH_BLOCK_ROWS } from './reorder.js';

// Search blocks (decision 0074): a search whose matches lie late in an order starts its walk at the first block that
// can hold a match. Every answer is compared with the plain query, before and after rows are inserted, renamed and
// deleted behind the blocks' back.
const api = await startTestApi();
const token = await api.signIn('admin@example.edu');
const db = api.database.db;
const instructors = buildModel(entityRegistry.byResource('instructors')!, entityRegistry);
const TOTAL = SEARCH_WALK_MIN_ROWS + 2_500;
await insertInstructors(db, TOTAL, 13);
await db.execute(sql`analyze instructors`);

// The statements the list runs, by kind (the real ones run; this only notes which).
const ran: string[] = [];
const run = api.database.run.bind(api.database);
api.database.run = (<T>(statement: Statement, params: readonly unknown[]) => {
  const collected = statement.text.includes('with matches as materialized') || statement.text.includes('offset 0) m');
  ran.push(statement.text.includes('list_search_first_block') ? 'seek' : collected ? 'collect' : 'other');
  return run<T>(statement, params);
}) as typeof api.database.run;
afterEach(() => void ran.splice(0));

const get = async (url: string) => {
  const result = await api.call('GET', `/core/v1.0/${url}`, { token });
  expect(result.status).toBe(200);
  return result.body as { rows: { _id: string }[]; count: number; estimated?: true };
};

/** The sample is read in the background by the first search that could use it; wait until a search uses it. */
const sampleRead = () => searchSampleRead(get, MATCH_CACHE_MAX_IDS);

/**
 * The answer of the list and the plain query's, for one search; `seeked`: a walk from a block ran, `collected`: the
 * matches were collected (neither: the page came from a walk from the start or from remembered matches).
 */
async function compare(q: string, sort: string, limit: number, page: number, estimateChecked = true): Promise<{ seeked: boolean; collected: boolean }> {
  ran.splice(0);
  const body = await get(`instructors?q=${encodeURIComponent(q)}&sort=${sort}&limit=${limit}&page=${page}`);
  const seeked = ran.includes('seek');
  const collected = ran.includes('collect');
  const expected = await plainInstructorSearch(db, q, sort, limit, page);
  expect(body.rows.map((r) => r._id), `${q} ${sort} ${limit} ${page}`).toEqual(expected.ids);
  // An estimate is the sample's, read once for the test file: within a fifth while the table keeps its size.
  if (body.estimated) {
    if (estimateChecked) expect(Math.abs(body.count - expected.count) / expected.count).toBeLessThan(0.2);
  } else expect(body.count).toBe(expected.count);
  return { seeked, collected };
}

// Matches late in the order (the walk from its start finds too few), in both directions, with several words,
// an apostrophe and `Ñ`.
const LATE: [string, string, number, number][] = [
  ['santos', 'lastName', 20, 1],
  ['santos', 'lastName', 20, 2],
  ['SANTOS', 'lastName', 23, 3],
  ['rosa', 'firstName', 20, 1],
  ['ana', '-firstName', 21, 1],
  ['bautista', '-lastName', 20, 1],
  ["o'brien", 'lastName', 20, 1],
  ['emp santos', 'lastName', 20, 1],
  ['cruz', 'lastName', 22, 2],
];

describe('search blocks', () => {
  it('are built per sort field whose key is never null, with the triggers that list later writes', async () => {
    const built = await buildSearchBlocks(db, [instructors]);
    expect(built).toEqual([expect.objectContaining({ table: 'instructors', outcome: 'built', rows: TOTAL })]);
    expect([...built[0]!.fields].sort()).toEqual(['employeeNumber', 'firstName', 'lastName']);
    const [blocks] = await rows<{ n: number; rows: number }>(
      db,
      sql`select count(*)::int as n, count(distinct field)::int as rows from list_search_blocks where table_name = 'instructors'`,
    );
    expect(blocks).toEqual({ n: 3 * Math.ceil(TOTAL / SEARCH_BLOCK_ROWS), rows: 3 });
    // The blocks of an order follow one another: each begins after the one before it ends.
    const order = await rows<{ first_key: string; last_key: string }>(
      db,
      sql`select first_key, last_key from list_search_blocks where table_name = 'instructors' and field = 'employeeNumber' order by block`,
    );
    for (let i = 1; i < order.length; i += 1) expect(order[i]!.first_key >= order[i - 1]!.last_key).toBe(true);
    const triggers = await rows<{ name: string }>(
      db,
      sql`select tgname as name from pg_trigger where tgrelid = 'instructors'::regclass and tgname like 'list_search%' order by tgname`,
    );
    expect(triggers.map((t) => t.name)).toEqual(['list_search_inserted', 'list_search_updated']);
    expect(await buildSearchBlocks(db, [instructors])).toEqual([expect.objectContaining({ outcome: 'current' })]);
  });

  it.each(LATE)('q=%j&sort=%s&limit=%i&page=%i: the rows of the plain query, walked from the first block that can hold a match', async (q, sort, limit, page) => {
    await sampleRead();
    const { seeked, collected } = await compare(q, sort, limit, page);
    expect(collected).toBe(false);
    // Page 2 of the first search is cut from the matches its page 1 remembered.
    expect(seeked).toBe(!(q === 'santos' && page === 2));
  });

  it('answers as the plain query after rows are inserted before, inside and after the matches, renamed and deleted', async () => {
    await sampleRead();
    const original = async (offset: number) =>
      (await rows<{ id: string }>(db, sql`select id from instructors where last_name = 'Santos' and employee_number like 'EMP-%' order by id limit 1 offset ${offset}`))[0]!.id;
    // Inserted: sorting before every block, among the Santos rows, and after them; a Rosa before every Rosa.
    await insertRows(
      db,
      'instructors',
      ['Aaron Santos', 'Santos', 'Zz Santos', 'Abad Rosa'].flatMap((lastName, n) =>
        Array.from({ length: 3 }, (_, i) => ({ id: randomUUID(), employeeNumber: `NEW-${n}-${i}`, firstName: i ? 'Rosa' : 'Ana', lastName })),
      ),
    );
    const seeked: boolean[] = [];
    for (const [q, sort, limit, page] of LATE) {
      const answer = await compare(q, sort, limit, page);
      expect(answer.collected).toBe(false);
      seeked.push(answer.seeked);
    }
    expect(seeked.filter(Boolean).length).toBeGreaterThanOrEqual(LATE.length - 1);
    // Renamed through the API: a Santos of the blocks becomes an Abad (gone from the search), a Garcia becomes
    // "Abad Santos" (after the three Aaron Santos, before every other Santos).
    expect((await api.call('PUT', `/core/v1.0/instructors/${await original(1)}`, { token, body: { lastName: 'Abad' } })).status).toBe(200);
    const abad = (await rows<{ id: string }>(db, sql`select id from instructors where last_name = 'Garcia' order by id limit 1`))[0]!.id;
    expect((await api.call('PUT', `/core/v1.0/instructors/${abad}`, { token, body: { lastName: 'Abad Santos', firstName: 'Rosa' } })).status).toBe(200);
    expect((await plainInstructorSearch(db, 'santos', 'lastName', 20, 1)).ids[3]).toBe(abad);
    // Deleted: a Santos of the blocks.
    await db.execute(sql`delete from instructors where id = ${await original(0)}`);
    seeked.splice(0);
    for (const [q, sort, limit, page] of [...LATE, ['santos', '-lastName', 20, 1] as [string, string, number, number]]) {
      const answer = await compare(q, sort, limit, page);
      expect(answer.collected).toBe(false);
      seeked.push(answer.seeked);
    }
    expect(seeked.slice(0, LATE.length).filter(Boolean).length).toBeGreaterThanOrEqual(LATE.length - 1);
    // The rows written since the build: 12 inserted, 2 renamed.
    const [changes] = await rows<{ n: number }>(db, sql`select count(*)::int as n from list_search_changes where table_name = 'instructors'`);
    expect(changes!.n).toBe(14);
  });

  it('leaves a table with many rows written since its build to the collected search, until it is built again', async () => {
    await sampleRead();
    await insertRows(
      db,
      'instructors',
      Array.from({ length: SEARCH_BLOCK_CHANGES_MAX + 1 }, (_, i) => ({
        id: randomUUID(),
        employeeNumber: `BULK-${i}`,
        firstName: FIRST_NAMES[i % FIRST_NAMES.length],
        lastName: LAST_NAMES[(i * 3) % LAST_NAMES.length],
      })),
    );
    // The sample was read before these rows: its estimates are a third too low now.
    expect(await compare('santos', 'lastName', 20, 2, false)).toEqual({ seeked: true, collected: true });
    const built = await buildSearchBlocks(db, [instructors]);
    expect(built).toEqual([expect.objectContaining({ outcome: 'built' })]);
    const [changes] = await rows<{ n: number }>(db, sql`select count(*)::int as n from list_search_changes where table_name = 'instructors'`);
    expect(changes!.n).toBe(0);
    for (const [q, sort, limit, page] of LATE) await compare(q, sort, limit, page, false);
    // The failed walk from a block is remembered for that search and page end while the sample is kept; another
    // search walks from a block again.
    expect(await compare('pedro', 'firstName', 20, 1, false)).toEqual({ seeked: true, collected: false });
  });
});
