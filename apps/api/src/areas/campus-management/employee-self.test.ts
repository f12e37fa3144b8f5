import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { employeeEntity } from '@campus/domain-hr';
import { rows } from '../../platform/db/client.js';
import { insertAccount } from '../../platform/db/users.js';
import { startTestApi, TEST_PASSWORD } from '../../test/harness.js';
import { ALREADY_DECIDED, NOT_AN_EMPLOYEE, NOT_YOUR_RECORD } from './employee-self.js';

const B = '/core/v1.0';
const E = '/employee/v1.0';
const api = await startTestApi();
const hr = await api.signIn('registrar@example.edu'); // CAMPUS
const auditor = await api.signIn('auditor@example.edu'); // no CAMPUS, no employee

async function create(resource: string, body: Record<string, unknown>) {
  const r = await api.call('POST', `${B}/${resource}`, { token: hr, body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data as Record<string, unknown> & { _id: string };
}

async function employeeWithAccount(tag: string) {
  const employee = await create('employees', employeeEntity.sample!(tag) as Record<string, unknown>);
  const userId = await insertAccount(
    api.database.db,
    { email: `${tag}@example.edu`, password: TEST_PASSWORD, firstName: 'Emp', lastName: tag, adminScopes: [] },
    api.config.argon2,
  );
  await api.database.db.execute(sql`update users set employee_id = ${employee._id} where id = ${userId}`);
  return { id: employee._id, token: await api.signIn(`${tag}@example.edu`) };
}

const a = await employeeWithAccount('empa');
const b = await employeeWithAccount('empb');
const bChild = await create('employee-family', { employeeId: b.id, relation: 'CHILD', lastName: 'Bee', firstName: 'Child' });
await create('leave-credits', { employeeId: a.id, typeCode: 'VL', credit: 1.25 });
await create('leave-credits', { employeeId: b.id, typeCode: 'VL', credit: 7 });

describe('/employee/v1.0: their own record only', () => {
  it('reads their own profile, PDS sections and credits', async () => {
    const me = await api.call('GET', `${E}/me`, { token: a.token });
    expect(me.status).toBe(200);
    expect(me.body.data._id).toBe(a.id);
    const family = await api.call('GET', `${E}/me/pds/family`, { token: a.token });
    expect(family.body.data).toEqual([]);
    const credits = await api.call('GET', `${E}/me/credits`, { token: a.token });
    expect(credits.body.data.leave.map((c: { balance: number }) => c.balance)).toEqual([1.25]);
    const attendance = await api.call('GET', `${E}/me/attendance`, { token: a.token });
    expect(attendance.body.data).toEqual({ dtr: [], timesheets: [] });
  });

  it("never shows B's entries to A", async () => {
    const bFamily = await api.call('GET', `${E}/me/pds/family`, { token: b.token });
    expect(bFamily.body.data.map((r: { _id: string }) => r._id)).toEqual([bChild._id]);
    const aFamily = await api.call('GET', `${E}/me/pds/family`, { token: a.token });
    expect(aFamily.body.data.map((r: { _id: string }) => r._id)).not.toContain(bChild._id);
    // A has no CAMPUS: the generic lists stay closed.
    expect((await api.call('GET', `${B}/employee-family?search=employeeId:${b.id}`, { token: a.token })).status).toBe(403);
    expect((await api.call('GET', `${B}/employees/${b.id}`, { token: a.token })).status).toBe(403);
  });

  it("refuses A's change to B's entry, and an employee id in the body changes nothing", async () => {
    const other = await api.call('POST', `${E}/me/update-requests`, {
      token: a.token,
      body: { section: 'family', recordId: bChild._id, data: { firstName: 'Changed by A' } },
    });
    expect(other.status).toBe(404);
    expect(other.body.message).toBe(NOT_YOUR_RECORD);

    const smuggled = await api.call('POST', `${E}/me/update-requests`, {
      token: a.token,
      body: { section: 'family', data: { employeeId: b.id, relation: 'SPOUSE', lastName: 'Ay', firstName: 'Spouse' } },
    });
    expect(smuggled.status).toBe(201);
    expect(smuggled.body.data.employeeId).toBe(a.id);
    expect(smuggled.body.data.data.employeeId).toBe(a.id);
    const bRequests = await api.call('GET', `${E}/me/update-requests`, { token: b.token });
    expect(bRequests.body.data).toEqual([]);
  });

  it('keeps a change pending until HR approves it in the queue, then applies it, audited', async () => {
    const asked = await api.call('POST', `${E}/me/update-requests`, {
      token: a.token,
      body: { section: 'learning', data: { title: 'Basic records management', from: '2026-05-04', to: '2026-05-05', hours: 16 } },
    });
    expect(asked.status).toBe(201);
    expect(asked.body.data.status).toBe('PENDING');
    expect((await api.call('GET', `${E}/me/pds/learning`, { token: a.token })).body.data).toEqual([]);

    const queue = await api.call('GET', `${B}/hris/update-requests`, { token: hr });
    expect(queue.status).toBe(200);
    expect(queue.body.data.map((r: { _id: string }) => r._id)).toContain(asked.body.data._id);

    const approved = await api.call('POST', `${B}/hris/update-requests/${asked.body.data._id}/approve`, { token: hr, body: {} });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data.status).toBe('APPROVED');
    const learning = await api.call('GET', `${E}/me/pds/learning`, { token: a.token });
    expect(learning.body.data.map((r: { title: string }) => r.title)).toEqual(['Basic records management']);
    const audits = await rows<{ activity: string }>(api.database.db, sql`select activity from audit_trails where resource in ('employee-learning', 'employee-update-requests') order by created_at, id`);
    expect(audits.map((x) => x.activity)).toEqual(
      expect.arrayContaining(['Asked HR to change learning and development', "Approved an employee's change to learning and development", 'Created learning and development Basic records management']),
    );

    const twice = await api.call('POST', `${B}/hris/update-requests/${asked.body.data._id}/reject`, { token: hr, body: {} });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(ALREADY_DECIDED);
  });

  it('applies an approved change to their own entry; a rejected one changes nothing', async () => {
    const own = await create('employee-family', { employeeId: a.id, relation: 'FATHER', lastName: 'Ay', firstName: 'Papa' });
    const change = await api.call('POST', `${E}/me/update-requests`, { token: a.token, body: { section: 'family', recordId: own._id, data: { firstName: 'Pedro' } } });
    expect(change.status).toBe(201);
    const reject = await api.call('POST', `${E}/me/update-requests`, { token: a.token, body: { section: 'family', recordId: own._id, data: { firstName: 'Wrong' } } });
    await api.call('POST', `${B}/hris/update-requests/${reject.body.data._id}/reject`, { token: hr, body: { note: 'Typo' } });
    await api.call('POST', `${B}/hris/update-requests/${change.body.data._id}/approve`, { token: hr, body: {} });
    const family = await api.call('GET', `${E}/me/pds/family`, { token: a.token });
    expect(family.body.data.find((r: { _id: string }) => r._id === own._id).firstName).toBe('Pedro');
  });

  it('validates a change like HR would', async () => {
    const bad = await api.call('POST', `${E}/me/update-requests`, {
      token: a.token,
      body: { section: 'learning', data: { title: 'X', from: '2026-05-05', to: '2026-05-01', hours: 8 } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.to).toContain('The end date cannot be before the start date.');
  });

  it('answers a user without an employee record, and keeps the HR queue to CAMPUS', async () => {
    const none = await api.call('GET', `${E}/me`, { token: auditor });
    expect(none.status).toBe(404);
    expect(none.body.message).toBe(NOT_AN_EMPLOYEE);
    expect((await api.call('GET', `${B}/hris/update-requests`, { token: a.token })).status).toBe(403);
    expect((await api.call('GET', `${E}/me`)).status).toBe(401);
  });
});

describe("HR's queue of employees' changes", () => {
  it('belongs to the HR records module: a registrar whose role grants only academic modules can neither see nor decide it', async () => {
    const admin = await api.signIn('admin@example.edu');
    const make = async (resource: string, body: Record<string, unknown>) => {
      const r = await api.call('POST', `${B}/${resource}`, { token: admin, body });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body.data._id as string;
    };
    const academic = await make('modules', { code: 'ACADEMIC_STRUCTURE', name: 'Academic Structure', applicationCode: 'CAMPUS' });
    await make('modules', { code: 'HR_RECORDS', name: 'Human Resource Records', applicationCode: 'CAMPUS' });
    const role = await make('roles', { name: 'Registrar', applicationCode: 'CAMPUS', moduleIds: [academic] });
    const own = await create('employee-family', { employeeId: a.id, relation: 'MOTHER', lastName: 'Ay', firstName: 'Mama' });
    const asked = await api.call('POST', `${E}/me/update-requests`, { token: a.token, body: { section: 'family', recordId: own._id, data: { firstName: 'Changed' } } });
    expect(asked.status).toBe(201);

    expect((await api.call('PUT', `${B}/users/${api.users.registrar}`, { token: admin, body: { roleIds: [role] } })).status).toBe(200);
    try {
      const registrar = await api.signIn('registrar@example.edu');
      const queue = await api.call('GET', `${B}/hris/update-requests`, { token: registrar });
      expect(queue.status).toBe(403);
      expect(queue.body).toEqual({ message: 'Your roles in this application do not include this module.' });
      for (const decision of ['approve', 'reject']) {
        const decided = await api.call('POST', `${B}/hris/update-requests/${asked.body.data._id}/${decision}`, { token: registrar, body: {} });
        expect(decided.status, decision).toBe(403);
      }
      const family = await api.call('GET', `${E}/me/pds/family`, { token: a.token });
      expect(family.body.data.find((r: { _id: string }) => r._id === own._id).firstName).toBe('Mama');
      const pending = await api.call('GET', `${B}/hris/update-requests`, { token: admin });
      expect(pending.body.data.map((r: { _id: string }) => r._id)).toContain(asked.body.data._id);
    } finally {
      await api.call('PUT', `${B}/users/${api.users.registrar}`, { token: admin, body: { roleIds: [] } });
    }
  });
});
