import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../platform/db/client.js';
import { forgetAnswers as forgetRememberedAnswers } from '../platform/cache.js';
import { startTestApi } from '../test/harness.js';
import { INSTRUCTOR_COLUMNS, insertInstructors, plainInstructorSearch } from '../test/instructors.js';
import { ANCHOR_STEP, COUNT_ESTIMATE_THRESHOLD, MATCH_CACHE_MAX_IDS } from './list/index.js';

const api = await startTestApi();
const token = await api.signIn('admin@example.edu');
const get = (url: string) => api.call('GET', `/core/v1.0/${url}`, { token });

// Enough instructors for several remembered positions, with many equal names so the id decides ties.
const TOTAL = 2 * ANCHOR_STEP + 650;
await insertInstructors(api.database.db, TOTAL);

const COLUMN = INSTRUCTOR_COLUMNS;

/** The ids of a page as a plain `offset` along the whole order reads them (of the last names containing `lastName`). */
async function offsetPage(sort: string, limit: number, page: number, lastName?: string): Promise<string[]> {
  const desc = sort.startsWith('-');
  const column = sql.raw(COLUMN[desc ? sort.slice(1) : sort]!);
  const direction = sql.raw(desc ? 'desc' : 'asc');
  const found = await rows<{ id: string }>(
    api.database.db,
    sql`select id from instructors ${lastName ? sql`where last_name ilike ${`%${lastName}%`}` : sql``}
        order by ${column} ${direction}, id ${direction} limit ${limit} offset ${(page - 1) * limit}`,
  );
  return found.map((r) => r.id);
}

async function countOf(lastName: string): Promise<number> {
  const [row] = await rows<{ n: string }>(api.database.db, sql`select count(*) as n from instructors where last_name ilike ${`%${lastName}%`}`);
  return Number(row!.n);
}

const execute = (statement: ReturnType<typeof sql>) => api.database.db.execute(statement);
const idsOf = (body: { rows: { _id: string }[] }) => body.rows.map((r) => r._id);

describe('deep pages of an unfiltered list', () => {
  it.each([
    ['lastName', 20, Math.floor(ANCHOR_STEP / 20) + 1],
    ['lastName', 20, Math.floor((2 * ANCHOR_STEP) / 20) + 3],
    ['-lastName', 50, Math.floor((2 * ANCHOR_STEP) / 50) + 2],
    ['firstName', 20, Math.floor(ANCHOR_STEP / 20)],
    ['-firstName', 100, Math.floor(ANCHOR_STEP / 100) + 7],
    ['employeeNumber', 20, Math.floor((2 * ANCHOR_STEP + 600) / 20)],
    ['createdAt', 20, Math.floor(ANCHOR_STEP / 20) + 5],
    ['-createdAt', 20, Math.floor((2 * ANCHOR_STEP) / 20) + 1],
  ])('sort=%s&limit=%i&page=%i answers the rows a plain offset reads', async (sort, limit, page) => {
    const result = await get(`instructors?sort=${sort}&limit=${limit}&page=${page}`);
    expect(result.status).toBe(200);
    expect(result.body.count).toBe(TOTAL);
    expect(idsOf(result.body)).toEqual(await offsetPage(sort, limit, page));
    expect(result.body.rows).toHaveLength(limit);
  });

  it('answers the last partial page and an empty page past the end', async () => {
    const lastPage = Math.ceil(TOTAL / 20);
    const last = await get(`instructors?sort=lastName&limit=20&page=${lastPage}`);
    expect(idsOf(last.body)).toEqual(await offsetPage('lastName', 20, lastPage));
    expect(last.body.rows).toHaveLength(TOTAL % 20 || 20);
    expect((await get(`instructors?sort=lastName&limit=20&page=${lastPage + 40}`)).body).toEqual({ rows: [], count: TOTAL });
  });

  it('sees a record created before a remembered position on the next read', async () => {
    const page = Math.floor((2 * ANCHOR_STEP) / 20) + 2;
    const before = await get(`instructors?sort=lastName&limit=20&page=${page}`);
    expect(idsOf(before.body)).toEqual(await offsetPage('lastName', 20, page));
    const created = await api.call('POST', '/core/v1.0/instructors', {
      token,
      body: { employeeNumber: 'EMP-FIRST', firstName: 'Andres', lastName: 'Aaron' },
    });
    expect(created.status).toBe(201);
    const after = await get(`instructors?sort=lastName&limit=20&page=${page}`);
    expect(idsOf(after.body)).toEqual(await offsetPage('lastName', 20, page));
    expect(idsOf(after.body)[1]).toBe(idsOf(before.body)[0]);
  });

  it('sees a changed sort key on the next read', async () => {
    const page = Math.floor(ANCHOR_STEP / 20) + 4;
    const before = await get(`instructors?sort=-lastName&limit=20&page=${page}`);
    const moved = idsOf(before.body)[0]!;
    expect((await api.call('PUT', `/core/v1.0/instructors/${moved}`, { token, body: { lastName: 'Zzyzx' } })).status).toBe(200);
    const after = await get(`instructors?sort=-lastName&limit=20&page=${page}`);
    expect(idsOf(after.body)).toEqual(await offsetPage('-lastName', 20, page));
    expect(idsOf(after.body)).not.toContain(moved);
  });

  it('raises the version of a table with every statement that writes it', async () => {
    const versionOf = async () =>
      Number((await rows<{ version: string }>(api.database.db, sql`select version from list_versions where table_name = 'instructors'`))[0]?.version);
    const start = await versionOf();
    const created = await api.call('POST', '/core/v1.0/instructors', {
      token,
      body: { employeeNumber: 'EMP-VERSION', firstName: 'Melchora', lastName: 'Aquino' },
    });
    expect(created.status).toBe(201);
    expect(await versionOf()).toBeGreaterThan(start);
  });
});

describe('searches and filters read again', () => {
  it.each([
    ['q=bautista&sort=firstName&limit=20', [1, 3, 14, 1, 3]],
    ['q=bautista&sort=-firstName&limit=50', [2, 1, 2]],
    // More matches than are remembered: pages inside, across and beyond the remembered ones.
    ['q=cruz&sort=lastName&limit=20', [1, 25, 26, 25, 27]],
    ['q=cruz&sort=-firstName&limit=30', [1, 17, 16, 17, 18]],
  ])('%s answers every page, read again, as a fresh search does', async (query, pages) => {
    const sort = /sort=([^&]+)/.exec(query)![1]!;
    const limit = Number(/limit=(\d+)/.exec(query)![1]);
    const name = /q=([^&]+)/.exec(query)![1]!;
    for (const page of pages) {
      const result = await get(`instructors?${query}&page=${page}`);
      expect(result.body.count).toBe(await countOf(name));
      expect(idsOf(result.body)).toEqual(await offsetPage(sort, limit, page, name));
    }
  });

  it('has more matches of "cruz" than it remembers', async () => {
    expect(await countOf('cruz')).toBeGreaterThan(MATCH_CACHE_MAX_IDS + 20);
  });

  it('sees a created, a changed and a deactivated record on the next read of the same search', async () => {
    const search = 'instructors?q=bautista&sort=firstName&limit=20';
    const before = (await get(search)).body;
    expect(before.count).toBe(await countOf('bautista'));
    const created = await api.call('POST', '/core/v1.0/instructors', {
      token,
      body: { employeeNumber: 'EMP-NEW-1', firstName: 'Aa', lastName: 'Bautista' },
    });
    expect(created.status).toBe(201);
    const afterCreate = (await get(search)).body;
    expect(afterCreate.count).toBe(before.count + 1);
    expect(idsOf(afterCreate)[0]).toBe(created.body.data._id);
    const renamed = await api.call('PUT', `/core/v1.0/instructors/${created.body.data._id}`, { token, body: { lastName: 'Reyes' } });
    expect(renamed.status).toBe(200);
    const afterRename = (await get(search)).body;
    expect(afterRename.count).toBe(before.count);
    expect(idsOf(afterRename)).toEqual(idsOf(before));
    const [first] = idsOf(before);
    expect((await api.call('PUT', `/core/v1.0/instructors/${first}`, { token, body: { isActive: false, modifiedById: api.users.admin } })).status).toBe(200);
    const filtered = (await get(`${search}&search=isActive:true`)).body;
    expect(filtered.count).toBe(before.count - 1);
    expect(idsOf(filtered)).not.toContain(first);
    expect((await get(search)).body.rows[0].isActive).toBe(false);
  });
});

describe('remembered matches', () => {
  it('serve a repeated search while the table version is unchanged, and are dropped once it changes', async () => {
    const search = 'instructors?q=garcia&sort=lastName&limit=10';
    const first = (await get(search)).body;
    expect(first.count).toBe(await countOf('garcia'));
    // A change the version does not see (triggers skipped): the remembered matches still answer.
    const hidden = idsOf(first)[0]!;
    await api.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update instructors set last_name = 'Reyes' where id = ${hidden}`);
    });
    expect((await get(search)).body.count).toBe(first.count);
    // Any write the version sees: the search runs again.
    await execute(sql`update instructors set first_name = first_name where id = ${hidden}`);
    const again = (await get(search)).body;
    expect(again.count).toBe(first.count - 1);
    expect(idsOf(again)).not.toContain(hidden);
  });
});

/** Forgets the whole answers remembered, leaving the page ids remembered with the table's version. */
const forgetAnswers = () => forgetRememberedAnswers(api.database);

describe('remembered pages', () => {
  it.each([['instructors?sort=lastName&limit=10'], [`instructors?sort=-firstName&limit=20&page=${Math.floor(ANCHOR_STEP / 20) + 2}`]])(
    '%s is read again from its ids while the table version is unchanged, and afresh once it changes',
    async (url) => {
      const first = (await get(url)).body;
      const hidden = idsOf(first)[0]!;
      await api.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(sql`update instructors set is_active = false where id = ${hidden}`);
      });
      // The trigger was bypassed and the whole answers are forgotten, so what is checked here is the layer beneath
      // them: the page's ids remembered with the table's version.
      forgetAnswers();
      // The version did not see the change: the same ids, the records as they are now.
      const again = (await get(url)).body;
      expect(idsOf(again)).toEqual(idsOf(first));
      expect(again.rows[0].isActive).toBe(false);
      await api.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(sql`delete from instructors where id = ${hidden}`);
      });
      forgetAnswers();
      // Still the remembered ids: the one the version did not see go is simply missing.
      const limit = first.rows.length;
      expect(idsOf((await get(url)).body)).toEqual(idsOf(first).slice(1));
      // A statement the version sees (even one that changes no row): the page is read afresh.
      await execute(sql`update instructors set first_name = first_name where false`);
      const fresh = (await get(url)).body;
      expect(fresh.rows).toHaveLength(limit);
      expect(idsOf(fresh)).not.toContain(hidden);
      expect(idsOf(fresh).slice(0, limit - 1)).toEqual(idsOf(first).slice(1));
    },
  );
});

describe('list rows', () => {
  it('prepares records with references, an empty optional reference and references to many', async () => {
    const post = (resource: string, body: unknown) => api.call('POST', `/core/v1.0/${resource}`, { token, body });
    const campus = (await post('campuses', { code: 'MAIN', name: 'Main Campus', isMain: true })).body.data;
    expect((await post('colleges', { code: 'CEIT', name: 'College of Engineering', campusId: campus._id })).status).toBe(201);
    expect((await post('rooms', { code: 'R-101', name: 'Room 101', campusId: campus._id })).status).toBe(201);
    const modules = [];
    for (const [code, name] of [['ROOMS', 'Rooms'], ['CAMPUSES', 'Campuses']]) {
      const created = await post('modules', { code, name, applicationCode: 'CAMPUS' });
      expect(created.status).toBe(201);
      modules.push(created.body.data._id);
    }
    const role = await post('roles', { name: 'Facilities', applicationCode: 'CAMPUS', moduleIds: modules });
    expect(role.status).toBe(201);
    expect(role.body.data._labels.moduleIds).toBe('Campuses, Rooms');
  });

  it.each([['users'], ['campuses'], ['colleges'], ['rooms'], ['modules'], ['roles'], ['instructors?sort=-lastName&limit=5']])(
    'GET %s answers every row exactly as GET of that record does, labels included',
    async (list) => {
      const result = await get(list);
      expect(result.status).toBe(200);
      expect(result.body.rows.length).toBeGreaterThan(0);
      for (const row of result.body.rows as { _id: string }[]) {
        const resource = list.split('?')[0]!;
        const one = await get(`${resource}/${row._id}`);
        expect(row).toEqual(one.body.data);
      }
    },
  );
});

describe('counts', () => {
  it('says when an unfiltered count is the planner estimate of a large table, and counts filtered lists exactly', async () => {
    const exact = (await get('instructors?limit=5')).body;
    expect(exact.estimated).toBeUndefined();
    // A stale planner figure above the threshold, as after a bulk import before the table is analysed again.
    await execute(sql`update pg_class set reltuples = ${COUNT_ESTIMATE_THRESHOLD + 10_000} where oid = 'instructors'::regclass`);
    await execute(sql`update instructors set first_name = first_name where false`); // a statement the version sees: nothing remembered
    const estimated = (await get('instructors?limit=5')).body;
    expect(estimated).toMatchObject({ count: COUNT_ESTIMATE_THRESHOLD + 10_000, estimated: true });
    const filtered = (await get(`instructors?limit=5&search=_id:${exact.rows[0]._id}`)).body;
    expect(filtered).toEqual({ rows: [expect.objectContaining({ _id: exact.rows[0]._id })], count: 1 });
    await execute(sql`analyze instructors`);
  });
});

describe('searches read through the search column', () => {
  const plain = (q: string, sort: string, limit: number, page: number, activeOnly = false) =>
    plainInstructorSearch(api.database.db, q, sort, limit, page, activeOnly);

  it('exists on the table the API searches', async () => {
    const [row] = await rows<{ n: number }>(
      api.database.db,
      sql`select count(*)::int as n from pg_attribute where attrelid = 'instructors'::regclass and attname = 'list_search' and not attisdropped`,
    );
    expect(row!.n).toBe(1);
  });

  it.each([
    ['cruz', 'lastName', 20, 1],
    ['CRUZ', '-firstName', 20, 2],
    ['dela cruz', 'lastName', 50, 1],
    ['Dela   CRUZ', 'employeeNumber', 10, 3],
    ['ñig', 'firstName', 20, 1],
    ['ÑIGUEZ', '-lastName', 20, 1],
    ["o'b", 'lastName', 20, 1],
    ['emp-00', '-employeeNumber', 20, 2],
    ['emp 00', 'lastName', 20, 1],
    ['a', 'lastName', 20, 1],
    ['a', '-firstName', 100, 3],
    ['a', 'employeeNumber', 20, 12],
    ['an', 'createdAt', 20, 40],
    ['%', 'lastName', 20, 1],
    ['_', 'lastName', 20, 1],
    ['\\', 'lastName', 20, 1],
    ["o\\'b", 'lastName', 20, 1],
    ['a e i n r', 'firstName', 20, 1],
    ['z\nana', 'lastName', 20, 1],
    ['santos maria', 'firstName', 20, 1],
    ['nobody-by-this-name', 'lastName', 20, 1],
  ])('q=%j&sort=%s&limit=%i&page=%i answers the rows, order and count of the plain query', async (q, sort, limit, page) => {
    const result = await get(`instructors?q=${encodeURIComponent(q)}&sort=${sort}&limit=${limit}&page=${page}`);
    expect(result.status).toBe(200);
    const expected = await plain(q, sort, limit, page);
    expect(result.body.count).toBe(expected.count);
    expect(result.body.estimated).toBeUndefined();
    expect(idsOf(result.body)).toEqual(expected.ids);
  });

  it('answers a search with a filter as the plain query does, and sees a renamed record at once', async () => {
    const url = 'instructors?q=reyes&search=isActive:true&sort=firstName&limit=20';
    const before = (await get(url)).body;
    const expected = await plain('reyes', 'firstName', 20, 1, true);
    expect(before.count).toBe(expected.count);
    expect(idsOf(before)).toEqual(expected.ids);
    const renamed = idsOf(before)[0]!;
    expect((await api.call('PUT', `/core/v1.0/instructors/${renamed}`, { token, body: { lastName: 'Zabala' } })).status).toBe(200);
    const after = (await get(url)).body;
    expect(idsOf(after)).not.toContain(renamed);
    expect(after.count).toBe(expected.count - 1);
    expect(idsOf(after)).toEqual((await plain('reyes', 'firstName', 20, 1, true)).ids);
    // Found by its new name, through the column the database keeps.
    expect(idsOf((await get('instructors?q=zabala&limit=20')).body)).toContain(renamed);
  });
});
