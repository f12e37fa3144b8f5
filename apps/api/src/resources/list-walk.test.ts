import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../platform/db/client.js';
import { startTestApi } from '../test/harness.js';
import { insertInstructors, plainInstructorSearch, searchSampleRead } from '../test/instructors.js';
import { MATCH_CACHE_MAX_IDS, SEARCH_ESTIMATE_FROM, SEARCH_WALK_MIN_ROWS, walkWindow } from './list/index.js';

// Searches with many matches over a large table are read by a walk along the list's order (decision 0043). Every
// answer is compared with the plain query: the rows and their order exactly; the count exactly, or, where the
// answer says it is estimated, within the sample's error.
const api = await startTestApi();
const token = await api.signIn('admin@example.edu');
const get = async (url: string) => {
  const result = await api.call('GET', `/core/v1.0/${url}`, { token });
  expect(result.status).toBe(200);
  return result.body as { rows: { _id: string }[]; count: number; estimated?: true };
};

const TOTAL = SEARCH_WALK_MIN_ROWS + 2_500;
// First names spread across last names (step 13), so that each name is spread through the other orders.
await insertInstructors(api.database.db, TOTAL, 13);
await api.database.db.execute(sql`analyze instructors`);

const plain = (q: string, sort: string, limit: number, page: number) => plainInstructorSearch(api.database.db, q, sort, limit, page);

/** The sample is read in the background by the first search that could use it; wait until a search uses it. */
const sampleRead = () => searchSampleRead(get, MATCH_CACHE_MAX_IDS);

describe('the window a walk reads', () => {
  it('is about twice the entries a page needs for a surname, more for a rarer word, none for a share the sample cannot bound', () => {
    // A surname in 2 % of 5,000 sampled texts, a page of 22: 1,100 entries expected, 2,241 read.
    expect(walkWindow(22, 0.02, 5_000)).toBe(2_241);
    const rare = walkWindow(22, 0.006, 5_000)!;
    expect(rare / (22 / 0.006)).toBeGreaterThan(2.5);
    expect(walkWindow(22, 0.001, 5_000)).toBeUndefined();
  });
});

describe('searches with many matches, read by a walk along the order', () => {
  it('carries the search column in the sort indexes', async () => {
    const [row] = await rows<{ n: number }>(
      api.database.db,
      sql`select count(*)::int as n from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey::int2[])
           where i.indexrelid in ('instructors_last_name_sort'::regclass, 'instructors_first_name_sort'::regclass, 'instructors_employee_number_sort'::regclass)
             and a.attname = 'list_search'`,
    );
    expect(row!.n).toBe(3);
  });

  it.each([
    // Matches spread through the order: the window holds the page, the count is estimated.
    ['ana', 'lastName', 20, 1, true],
    ['ANA', '-lastName', 20, 3, true],
    ['a', 'employeeNumber', 50, 2, true],
    ['emp', '-employeeNumber', 20, 1, true],
    ['cruz', 'firstName', 20, 1, true],
    ['dela cruz', '-firstName', 23, 2, true],
    // Matches at the start of the order.
    ['ana', 'firstName', 20, 4, true],
    // Matches at the end of the order, beyond the window: the matches are collected, the first ones sorted, and the
    // count is still the sample's estimate.
    ['ana', '-firstName', 20, 1, true],
    ['santos', 'lastName', 20, 1, true],
    ['santos', 'lastName', 20, 2, true],
    // Too few matches for an estimate, or a page beyond the matches a window finds (the last of 10,356): exact.
    ['ñiguez jose', 'lastName', 20, 1, false],
    ['emp-000', 'lastName', 20, 1, false],
    ['a', 'lastName', 100, 104, false],
    // A deep page inside a window: walked.
    ['a', 'lastName', 20, 300, true],
  ])('q=%j&sort=%s&limit=%i&page=%i answers the rows of the plain query (estimated: %s)', async (q, sort, limit, page, estimated) => {
    await sampleRead();
    const body = await get(`instructors?q=${encodeURIComponent(q)}&sort=${sort}&limit=${limit}&page=${page}`);
    const expected = await plain(q, sort, limit, page);
    expect(body.rows.map((r) => r._id)).toEqual(expected.ids);
    if (estimated) {
      expect(body.estimated).toBe(true);
      expect(expected.count).toBeGreaterThanOrEqual(SEARCH_ESTIMATE_FROM / 2);
      // Two significant digits, within a fifth of the true count (5,000 sampled rows).
      expect(String(body.count).replace(/0+$/, '').length).toBeLessThanOrEqual(2);
      expect(Math.abs(body.count - expected.count) / expected.count).toBeLessThan(0.2);
    } else {
      expect(body.estimated).toBeUndefined();
      expect(body.count).toBe(expected.count);
    }
  });

  it('answers the next pages inside a walk\'s matches from them, still as an estimate', async () => {
    await sampleRead();
    const first = await get('instructors?q=jose&sort=employeeNumber&limit=20');
    expect(first.estimated).toBe(true);
    for (const [limit, page] of [[10, 2], [5, 4], [20, 1]] as const) {
      const body = await get(`instructors?q=jose&sort=employeeNumber&limit=${limit}&page=${page}`);
      expect(body.rows.map((r) => r._id)).toEqual((await plain('jose', 'employeeNumber', limit, page)).ids);
      expect(body).toMatchObject({ count: first.count, estimated: true });
    }
  });

  it('sees a renamed record at once, and a search with a filter is counted exactly', async () => {
    await sampleRead();
    const url = 'instructors?q=ana&sort=lastName&limit=20';
    const before = await get(url);
    expect(before.estimated).toBe(true);
    const renamed = before.rows[0]!._id;
    const update = await api.call('PUT', `/core/v1.0/instructors/${renamed}`, { token, body: { firstName: 'Zenaida', lastName: 'Zabala' } });
    expect(update.status).toBe(200);
    const after = await get(url);
    expect(after.rows.map((r) => r._id)).not.toContain(renamed);
    expect(after.rows.map((r) => r._id)).toEqual((await plain('ana', 'lastName', 20, 1)).ids);

    const filtered = await get('instructors?q=ana&search=isActive:true&sort=lastName&limit=20');
    expect(filtered.estimated).toBeUndefined();
    expect(filtered.count).toBe((await plain('ana', 'lastName', 20, 1)).count);
  });
});
