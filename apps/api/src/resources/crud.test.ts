import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../platform/db/client.js';
import { startTestApi } from '../test/harness.js';
import { saveMany, savePlanner, type ActorContext, type SaveOutcome } from './crud.js';

const api = await startTestApi();
const token = await api.signIn('admin@example.edu');
const post = (resource: string, body: unknown) => api.call('POST', `/core/v1.0/${resource}`, { token, body });
const put = (resource: string, id: string, body: unknown) => api.call('PUT', `/core/v1.0/${resource}/${id}`, { token, body });
const get = (url: string) => api.call('GET', `/core/v1.0/${url}`, { token });

const main = (await post('campuses', { code: 'MAIN', name: 'Main Campus', isMain: true })).body.data;
const college = (await post('colleges', { code: 'CEIT', name: 'College of Engineering and Information Technology', campusId: main._id })).body.data;

async function auditOf(recordId: string) {
  return rows<{ activity: string; actor_id: string; changes: Record<string, { before: unknown; after: unknown }> }>(
    api.database.db,
    sql`select activity, actor_id, changes from audit_trails where record_id = ${recordId} order by created_at, activity`,
  );
}

describe('create', () => {
  it('creates a record with base fields, the initial state and the actor as modifier', async () => {
    expect(main).toMatchObject({ code: 'MAIN', name: 'Main Campus', isActive: true, isMain: true, modifiedById: api.users.admin });
    expect(main._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(main.createdAt).toBe('2026-11-23T08:00:00.000Z');
  });

  it('carries the labels of referenced records', () => {
    expect(college._labels).toEqual({ campusId: 'Main Campus' });
  });

  it('writes the audit row with the created values', async () => {
    const [entry] = await auditOf(main._id);
    expect(entry).toMatchObject({ activity: 'Created campus Main Campus', actor_id: api.users.admin });
    expect(entry!.changes.code).toEqual({ before: null, after: 'MAIN' });
  });

  it('rejects a campus code that another campus already uses, naming the holder', async () => {
    const result = await post('campuses', { code: 'main', name: 'Another Campus' });
    expect(result.status).toBe(409);
    expect(result.body.message).toBe('Code is existing in Main Campus.');
  });

  it('rejects a campus name that another campus already uses', async () => {
    const result = await post('campuses', { code: 'MAIN2', name: 'main campus' });
    expect(result.status).toBe(409);
    expect(result.body.message).toBe('Name is existing in Main Campus.');
  });

  it('rejects a reference to a record that does not exist', async () => {
    const result = await post('colleges', { code: 'CAS', name: 'College of Arts and Sciences', campusId: '0b8a3c5e-2f1d-4c3b-9a8e-7d6c5b4a3f2e' });
    expect(result.status).toBe(400);
    expect(result.body.fieldErrors.campusId).toEqual(['Choose an existing campus.']);
  });

  it('rejects a multi-reference with an unknown id', async () => {
    const result = await post('roles', { name: 'Registrar', applicationCode: 'CAMPUS', moduleIds: ['0b8a3c5e-2f1d-4c3b-9a8e-7d6c5b4a3f2e'] });
    expect(result.status).toBe(400);
    expect(Object.keys(result.body.fieldErrors)).toEqual(['moduleIds']);
  });

  it('answers missing required fields with fieldErrors', async () => {
    const result = await post('campuses', { code: 'X' });
    expect(result.status).toBe(400);
    expect(result.body.fieldErrors.name).toBeDefined();
  });

  it('maps a unique violation that slips past the pre-check to the same 409', async () => {
    const attempts = await Promise.all([post('campuses', { code: 'RACE', name: 'Race One' }), post('campuses', { code: 'race', name: 'Race Two' })]);
    expect(attempts.map((a) => a.status).sort()).toEqual([201, 409]);
    const loser = attempts.find((a) => a.status === 409)!;
    expect(loser.body.message).toMatch(/^Code is existing in Race (One|Two)\.$/);
  });
});

describe('update and state changes', () => {
  it('changes isActive with { isActive, modifiedById } and records it', async () => {
    const campus = (await post('campuses', { code: 'OLD', name: 'Old Campus' })).body.data;
    const result = await put('campuses', campus._id, { isActive: false, modifiedById: api.users.admin });
    expect(result.status).toBe(200);
    expect(result.body.data.isActive).toBe(false);
    const entries = await auditOf(campus._id);
    expect(entries.at(-1)).toMatchObject({ activity: 'Deactivated campus Old Campus', changes: { isActive: { before: true, after: false } } });
  });

  it('records before and after of changed fields only', async () => {
    const result = await put('campuses', main._id, { name: 'Main Campus (Santa Cruz)', address: 'Santa Cruz, Laguna' });
    expect(result.status).toBe(200);
    const entries = await auditOf(main._id);
    expect(entries.at(-1)!.changes).toEqual({
      name: { before: 'Main Campus', after: 'Main Campus (Santa Cruz)' },
      address: { before: null, after: 'Santa Cruz, Laguna' },
    });
  });

  it('lets a record keep its own code', async () => {
    expect((await put('campuses', main._id, { code: 'MAIN' })).status).toBe(200);
  });

  it('rejects a new code that another record holds', async () => {
    const other = (await post('campuses', { code: 'SPC', name: 'San Pablo City Campus' })).body.data;
    const result = await put('campuses', other._id, { code: 'MAIN' });
    expect(result.status).toBe(409);
    expect(result.body.message).toBe('Code is existing in Main Campus (Santa Cruz).');
  });

  it('moves a status only along the lifecycle', async () => {
    const year = (await post('academic-years', { code: 'AY2026-2027', description: 'Academic Year 2026–2027', from: 2026, to: 2027 })).body.data;
    expect(year.status).toBe('UPCOMING');
    api.clock.advance(1000);
    const skip = await put('academic-years', year._id, { status: 'ARCHIVED', modifiedById: api.users.admin });
    expect(skip.status).toBe(400);
    expect(skip.body.message).toBe('Cannot change status from UPCOMING to ARCHIVED.');
    const open = await put('academic-years', year._id, { status: 'OPEN', modifiedById: api.users.admin });
    expect(open.body.data.status).toBe('OPEN');
    const entries = await auditOf(year._id);
    expect(entries.at(-1)!.activity).toBe('Changed status of academic year Academic Year 2026–2027 to OPEN');
  });

  it('runs cross-field rules on the merged record', async () => {
    const year = (await post('academic-years', { code: 'AY2030-2031', description: 'Academic Year 2030–2031', from: 2030, to: 2031 })).body.data;
    const result = await put('academic-years', year._id, { to: 2029 });
    expect(result.status).toBe(400);
    expect(result.body.fieldErrors).toBeDefined();
    expect((await get(`academic-years/${year._id}`)).body.data.to).toBe(2031);
  });

  it('answers 404 for a record that does not exist', async () => {
    expect((await put('campuses', '0b8a3c5e-2f1d-4c3b-9a8e-7d6c5b4a3f2e', { name: 'Nowhere' })).status).toBe(404);
    expect((await get('campuses/0b8a3c5e-2f1d-4c3b-9a8e-7d6c5b4a3f2e')).status).toBe(404);
    expect((await get('campuses/not-a-uuid')).status).toBe(404);
  });

  it('rejects fields that cannot be updated', async () => {
    const result = await put('campuses', main._id, { _id: main._id, createdAt: '2020-01-01' });
    expect(result.status).toBe(400);
  });
});

describe('list', () => {
  const names = ['Andres', 'Apolinario', 'Emilio', 'Gregoria', 'Melchora', 'Teodora'];
  const created: string[] = [];
  it('prepares instructors', async () => {
    for (const [i, firstName] of names.entries()) {
      const result = await post('instructors', { employeeNumber: `FAC-${100 + i}`, firstName, lastName: i % 2 ? 'Santos' : 'Reyes', isDean: i === 0 });
      expect(result.status).toBe(201);
      created.push(result.body.data._id);
    }
  });

  it.each([
    ['search=lastName:santos', 3],
    ['search=lastName:Santos,isDean:false', 3],
    ['search=isDean:true', 1],
    ['q=mel', 1],
    ['q=reyes greg', 0],
    ['q=santos greg', 1],
    ['search=employeeNumber:FAC-102', 1],
    ['search=isActive:true', 6],
  ])('%s finds %i', async (query, count) => {
    const result = await get(`instructors?${query}`);
    expect(result.status).toBe(200);
    expect(result.body.count).toBe(count);
    expect(result.body.rows).toHaveLength(count);
  });

  it('finds a record by _id', async () => {
    const result = await get(`instructors?search=_id:${created[2]}`);
    expect(result.body.rows.map((r: { firstName: string }) => r.firstName)).toEqual(['Emilio']);
  });

  it('sorts both ways and pages', async () => {
    const asc = await get('instructors?sort=firstName&limit=2&page=2');
    expect(asc.body.rows.map((r: { firstName: string }) => r.firstName)).toEqual(['Emilio', 'Gregoria']);
    expect(asc.body.count).toBe(6);
    const desc = await get('instructors?sort=-firstName&limit=2');
    expect(desc.body.rows.map((r: { firstName: string }) => r.firstName)).toEqual(['Teodora', 'Melchora']);
    const beyond = await get('instructors?page=9');
    expect(beyond.body).toEqual({ rows: [], count: 6 });
    const filteredBeyond = await get('instructors?search=lastName:santos&page=5');
    expect(filteredBeyond.body).toEqual({ rows: [], count: 3 });
    const filteredPage = await get('instructors?search=lastName:santos&sort=-firstName&limit=2&page=2');
    expect(filteredPage.body.rows.map((r: { firstName: string }) => r.firstName)).toEqual(['Apolinario']);
    expect(filteredPage.body.count).toBe(3);
  });

  it('treats LIKE wildcards in q as plain characters', async () => {
    expect((await get('instructors?q=%25')).body.count).toBe(0);
    expect((await get('instructors?q=_')).body.count).toBe(0);
  });

  it('filters array fields by one value', async () => {
    const result = await get('users?search=adminScopes:REPORTS&sort=email');
    expect(result.body.rows.map((r: { email: string }) => r.email)).toEqual(['admin@example.edu', 'auditor@example.edu']);
  });
});

describe('HR create paths of spec §7', () => {
  it('creates an HR department through POST /core/v1.0/hris/create-department, with the audit row', async () => {
    const result = await post('hris/create-department', { name: 'Office of Student Affairs', description: 'Student services.' });
    expect(result.status).toBe(201);
    expect(result.body.data.name).toBe('Office of Student Affairs');
    const listed = await get(`hr-departments?search=_id:${result.body.data._id}`);
    expect(listed.body.count).toBe(1);
    expect((await auditOf(result.body.data._id))[0]!.activity).toMatch(/^Created /);
    const clash = await post('hris/create-department', { name: 'office of student affairs' });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe('Name is existing in Office of Student Affairs.');
  });
});

describe('saveMany with a plan saved ahead of its check', () => {
  const { model } = api.app.resources.of('campuses');
  const actor: ActorContext = { id: api.users.admin, email: 'admin@example.edu', ip: null, adminScopes: ['CAMPUS'], iamAdmin: false, now: new Date() };
  // Statements sent without waiting for each other need a connection that takes them in turn: the embedded database.
  const pipelined = api.database.jobConnection.kind === 'pglite';
  /** Saves the campuses in one transaction (rolled back when `keep` is false), with what `decided` was told. */
  async function save(items: { code: string; name: string }[], keep = true) {
    const planner = savePlanner(model, actor);
    for (const input of items) planner.add({ input });
    let told: readonly SaveOutcome[] | undefined;
    const outcomes = await api.database.db
      .transaction(async (tx) => {
        const deps = api.app.resources.depsOf('campuses', tx as unknown as Db);
        const out = await saveMany(deps, model, planner.plan(), actor, { pipelined, decided: (o) => (told = o) });
        if (!keep) tx.rollback();
        return out;
      })
      .catch((error: unknown) => {
        if (keep) throw error;
        return undefined;
      });
    return { outcomes, told };
  }
  const stored = (codes: string[]) =>
    rows<{ code: string; audits: number }>(
      api.database.db,
      sql`select c.code, (select count(*)::int from audit_trails a where a.record_id = c.id::text) as audits
            from campuses c where c.code = any(${`{${codes.join(',')}}`}::text[]) order by c.code`,
    );

  it('creates every record with its audit row, telling the outcomes before the INSERTs are waited for', async () => {
    const { outcomes, told } = await save([
      { code: 'AHD1', name: 'Ahead One' },
      { code: 'AHD2', name: 'Ahead Two' },
    ]);
    expect(outcomes!.map((o) => o.ok && o.created)).toEqual([true, true]);
    if (pipelined) expect(told).toEqual(outcomes);
    expect(await stored(['AHD1', 'AHD2'])).toEqual([
      { code: 'AHD1', audits: 1 },
      { code: 'AHD2', audits: 1 },
    ]);
  });

  it('undoes the planned INSERTs when a stored record or an earlier item holds a value, and saves the others', async () => {
    const { outcomes, told } = await save([
      { code: 'AHD3', name: 'ahead one' },
      { code: 'AHD4', name: 'Ahead Four' },
      { code: 'AHD5', name: 'ahead four' },
    ]);
    expect(told).toBeUndefined();
    expect(outcomes!.map((o) => (o.ok ? 'created' : o.error.message))).toEqual([
      'Name is existing in Ahead One.',
      'created',
      'Name is existing in Ahead Four.',
    ]);
    expect(await stored(['AHD3', 'AHD4', 'AHD5'])).toEqual([{ code: 'AHD4', audits: 1 }]);
  });

  it('fails as a whole when the database refuses a planned INSERT, leaving nothing', async () => {
    await api.database.db.execute(sql`create unique index crud_test_ahead on campuses (length(code)) where code like 'AHX%'`);
    try {
      const { outcomes } = await save(
        [
          { code: 'AHX1', name: 'Ahead Clash One' },
          { code: 'AHX2', name: 'Ahead Clash Two' },
        ],
        false,
      );
      expect(outcomes).toBeUndefined();
      expect(await stored(['AHX1', 'AHX2'])).toEqual([]);
    } finally {
      await api.database.db.execute(sql`drop index crud_test_ahead`);
    }
  });
});
