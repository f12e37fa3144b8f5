import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { employeeEntity } from '@campus/domain-hr';
import { rows } from '../../platform/db/client.js';
import { startTestApi } from '../../test/harness.js';

const B = '/core/v1.0';
const api = await startTestApi();
const admin = await api.signIn('admin@example.edu');
const auditor = await api.signIn('auditor@example.edu');

async function create(resource: string, body: Record<string, unknown>, token = admin): Promise<Record<string, unknown>> {
  const r = await api.call('POST', `${B}/${resource}`, { token, body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data;
}

let serial = 0;
async function newEmployee(): Promise<string> {
  serial += 1;
  return (await create('employees', employeeEntity.sample!(`hr${serial}`) as Record<string, unknown>))._id as string;
}

const employeeId = await newEmployee();
const allowanceTypeId = (await create('allowance-types', { code: 'RATA', name: 'Representation and transportation allowance', amount: 5000 }))._id;
const deductionTypeId = (await create('deduction-types', { code: 'PHIC', name: 'PhilHealth contribution', amount: 450 }))._id;

/** Each spec §7 path, a valid body, an invalid body with the field and message it must name. */
const endpoints: [string, string, Record<string, unknown>, Record<string, unknown>, string, string][] = [
  ['create-allowance-type', 'allowance-types', { code: 'PERA', name: 'Personnel economic relief allowance', amount: 2000 }, { code: 'pe ra!', name: 'x' }, 'code', 'Use letters, digits, - or _.'],
  ['create-deduction-type', 'deduction-types', { code: 'GSIS', name: 'GSIS personal share', amount: 1500 }, { code: 'GSIS2', name: '' }, 'name', 'Required'],
  ['create-employee-allowance', 'employee-allowances', { employeeId, allowanceTypeId, amount: 5000, effectiveFrom: '2026-01-01' }, { employeeId, allowanceTypeId, amount: 5000, effectiveFrom: '2026-02-01', effectiveTo: '2026-01-01' }, 'effectiveTo', 'The end date cannot be before the start date.'],
  ['create-employee-deduction', 'employee-deductions', { employeeId, deductionTypeId, amount: 450, effectiveFrom: '2026-01-01' }, { employeeId, deductionTypeId, amount: -5, effectiveFrom: '2026-01-01' }, 'amount', 'At least 0.'],
  ['create-training', 'trainings', { employeeId, title: 'Records management', from: '2026-03-02', to: '2026-03-04', hours: 24, type: 'TECHNICAL' }, { employeeId, title: 'X', from: '2026-03-04', to: '2026-03-02', hours: 8 }, 'to', 'The end date cannot be before the start date.'],
  ['update-employee-fam', 'employee-family', { employeeId, relation: 'CHILD', lastName: 'Rizal', firstName: 'Francisco', birthDate: '2016-02-01' }, { employeeId, relation: 'COUSIN', lastName: 'Rizal', firstName: 'F' }, 'relation', 'Choose one of'],
  ['update-employee-educ', 'employee-education', { employeeId, level: 'COLLEGE', school: 'University of Santo Tomas', degreeCourse: 'Medicine', fromYear: 1990, toYear: 1994 }, { employeeId, level: 'COLLEGE', school: 'UST', fromYear: 1990, toYear: 1980 }, 'toYear', 'The end cannot be before the start.'],
  ['update-employee-civser', 'employee-eligibilities', { employeeId, eligibility: 'Career Service Professional', rating: 84.2, examDate: '2012-08-05' }, { employeeId, eligibility: 'CSP', rating: 120 }, 'rating', 'At most 100.'],
  ['update-employee-volwork', 'employee-voluntary-work', { employeeId, organization: 'Philippine Red Cross, Albay', from: '2020-01-05', hours: 40 }, { employeeId, organization: '' , from: '2020-01-05' }, 'organization', 'Required'],
  ['update-employee-learndev', 'employee-learning', { employeeId, title: 'Supervisory development course', from: '2024-05-06', to: '2024-05-10', hours: 40, type: 'SUPERVISORY' }, { employeeId, title: 'SDC', from: '2024-05-06', to: '2024-05-10' }, 'hours', 'Required'],
  ['update-employee-otherinfo', 'employee-other-info', { employeeId, kind: 'SKILL', text: 'Fencing' }, { employeeId, kind: 'SKILL', text: 'x'.repeat(301) }, 'text', 'At most 300 characters.'],
];

describe.each(endpoints)('POST /hris/%s', (path, resource, valid, invalid, field, message) => {
  it('creates the record, audited, and lists it for the employee', async () => {
    const r = await api.call('POST', `${B}/hris/${path}`, { token: admin, body: valid });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const id = r.body.data._id as string;
    const [audit] = await rows<{ activity: string; changes: Record<string, unknown> }>(
      api.database.db,
      sql`select activity, changes from audit_trails where resource = ${resource} and record_id = ${id}`,
    );
    expect(audit!.activity).toMatch(/^Created /);
    expect(Object.keys(audit!.changes).length).toBeGreaterThan(1);
    const list = await api.call('GET', `${B}/${resource}`, { token: admin });
    expect(list.status).toBe(200);
    expect(list.body.rows.map((row: { _id: string }) => row._id)).toContain(id);
  });

  it('refuses bad input with the field and its message, saving nothing', async () => {
    const before = (await api.call('GET', `${B}/${resource}`, { token: admin })).body.count;
    const r = await api.call('POST', `${B}/hris/${path}`, { token: admin, body: invalid });
    expect(r.status).toBe(400);
    expect(r.body.fieldErrors[field].join(' ')).toContain(message);
    expect((await api.call('GET', `${B}/${resource}`, { token: admin })).body.count).toBe(before);
  });

  it('refuses a user without CAMPUS (403)', async () => {
    expect((await api.call('POST', `${B}/hris/${path}`, { token: auditor, body: valid })).status).toBe(403);
    expect((await api.call('GET', `${B}/${resource}`, { token: auditor })).status).toBe(403);
  });
});

describe('leave and service credits as a ledger', () => {
  const entry = (id: string, body: Record<string, unknown>) => api.call('POST', `${B}/hris/create-leave-credit`, { token: admin, body: { employeeId: id, typeCode: 'VL', asOf: '2026-01-31', ...body } });

  it('works out each running balance in the database', async () => {
    const id = await newEmployee();
    expect((await entry(id, { credit: 1.25 })).body.data.balance).toBe(1.25);
    expect((await entry(id, { credit: 1.25 })).body.data.balance).toBe(2.5);
    expect((await entry(id, { debit: 1 })).body.data.balance).toBe(1.5);
    // Another type keeps its own balance.
    expect((await entry(id, { typeCode: 'SL', credit: 1.25 })).body.data.balance).toBe(1.25);
  });

  it('never takes a typed balance', async () => {
    const id = await newEmployee();
    const r = await entry(id, { credit: 1, balance: 99 });
    expect(r.status).toBe(400);
  });

  it('refuses a debit below zero with a clear message, saving nothing', async () => {
    const id = await newEmployee();
    await entry(id, { credit: 2 });
    const r = await entry(id, { debit: 3 });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Not enough VL credits: 2 days left, 3 days asked. The balance cannot fall below zero.');
    const [left] = await rows<{ n: number }>(api.database.db, sql`select count(*)::int as n from leave_credits where employee_id = ${id}`);
    expect(left!.n).toBe(1);
  });

  it('lets concurrent debits through only while the balance lasts', async () => {
    const id = await newEmployee();
    await entry(id, { credit: 3 });
    const answers = await Promise.all(Array.from({ length: 8 }, () => entry(id, { debit: 1 })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(5);
    const balances = answers.filter((a) => a.status === 201).map((a) => a.body.data.balance).sort();
    expect(balances).toEqual([0, 1, 2]);
    const [sum] = await rows<{ total: number }>(api.database.db, sql`select sum(coalesce(credit,0) - coalesce(debit,0))::float8 as total from leave_credits where employee_id = ${id}`);
    expect(sum!.total).toBe(0);
  });

  it('keeps an entry fixed once written', async () => {
    const id = await newEmployee();
    const made = await entry(id, { credit: 2 });
    const r = await api.call('PUT', `${B}/leave-credits/${made.body.data._id}`, { token: admin, body: { debit: 5 } });
    expect(r.status).toBe(400);
    const ok = await api.call('PUT', `${B}/leave-credits/${made.body.data._id}`, { token: admin, body: { remarks: 'Monthly accrual' } });
    expect(ok.status).toBe(200);
    expect(ok.body.data.balance).toBe(2);
  });

  it('service credits keep their own ledger', async () => {
    const id = await newEmployee();
    const r = await api.call('POST', `${B}/hris/create-service-credit`, { token: admin, body: { employeeId: id, typeCode: 'ELECTION', credit: 3 } });
    expect(r.body.data.balance).toBe(3);
    const over = await api.call('POST', `${B}/hris/create-service-credit`, { token: admin, body: { employeeId: id, typeCode: 'ELECTION', debit: 4 } });
    expect(over.status).toBe(400);
  });

  it('an LWOP debits the chosen credit while it lasts; the rest stays without pay', async () => {
    const id = await newEmployee();
    await entry(id, { credit: 0.5 });
    const r = await api.call('POST', `${B}/hris/create-lwops`, { token: admin, body: { employeeId: id, date: '2026-02-02', days: 2, creditKind: 'LEAVE', typeCode: 'VL' } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.data).toMatchObject({ coveredDays: 0.5, uncoveredDays: 1.5 });
    const ledger = await api.call('GET', `${B}/leave-credits?search=employeeId:${id}`, { token: admin });
    const debit = ledger.body.rows.find((row: { debit: number | null }) => row.debit === 0.5);
    expect(debit).toMatchObject({ balance: 0, remarks: 'Leave without pay on 2026-02-02' });

    const service = await api.call('POST', `${B}/hris/create-lwops`, { token: admin, body: { employeeId: id, date: '2026-02-03', days: 1, creditKind: 'SERVICE', typeCode: 'ELECTION' } });
    expect(service.body.data).toMatchObject({ coveredDays: 0, uncoveredDays: 1 });
    const wrongType = await api.call('POST', `${B}/hris/create-lwops`, { token: admin, body: { employeeId: id, date: '2026-02-03', days: 1, creditKind: 'SERVICE', typeCode: 'VL' } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.fieldErrors.typeCode[0]).toContain('Choose one of ELECTION');
  });
});
