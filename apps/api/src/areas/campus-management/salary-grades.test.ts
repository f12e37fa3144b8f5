import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../../platform/db/client.js';
import { startTestApi } from '../../test/harness.js';

const B = '/core/v1.0';
const api = await startTestApi();
const admin = await api.signIn('admin@example.edu');
const auditor = await api.signIn('auditor@example.edu');

let serial = 0;
/** A grade of its own for each test, so tests never share a cell. */
async function newGrade(salaries: readonly number[]): Promise<{ grade: string; ids: string[] }> {
  serial += 1;
  const grade = `SG T${serial}`;
  const ids: string[] = [];
  for (const [i, salary] of salaries.entries()) {
    const r = await api.call('POST', `${B}/hris/create-salary-grade`, { token: admin, body: { name: grade, step: i + 1, salary } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    ids.push(r.body.data._id as string);
  }
  return { grade, ids };
}

async function newDesignation(body: Record<string, unknown>) {
  serial += 1;
  return api.call('POST', `${B}/hris/create-designation`, { token: admin, body: { name: `Analyst ${serial}`, category: 2, ...body } });
}

const salaryOf = async (id: string) => (await api.call('GET', `${B}/designations/${id}`, { token: admin })).body.data.monthlySalary;

describe('the salary grade table (grade × step)', () => {
  it('keeps one salary per grade and step, audited, and refuses a second cell for the same step', async () => {
    const { grade, ids } = await newGrade([30000, 30300]);
    const [audit] = await rows<{ activity: string }>(api.database.db, sql`select activity from audit_trails where resource = 'salary-grades' and record_id = ${ids[0]}`);
    expect(audit!.activity).toMatch(/^Created salary grade/);
    const again = await api.call('POST', `${B}/hris/create-salary-grade`, { token: admin, body: { name: grade.toLowerCase(), step: 1, salary: 1 } });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('Name is existing in');
    const badStep = await api.call('POST', `${B}/hris/create-salary-grade`, { token: admin, body: { name: grade, step: 9, salary: 1 } });
    expect(badStep.status).toBe(400);
    expect(badStep.body.fieldErrors.step.join(' ')).toContain('At most 8.');
  });

  it('is refused without CAMPUS (403)', async () => {
    expect((await api.call('POST', `${B}/hris/create-salary-grade`, { token: auditor, body: { name: 'SG 99', step: 1, salary: 1 } })).status).toBe(403);
    expect((await api.call('GET', `${B}/salary-grades`, { token: auditor })).status).toBe(403);
  });
});

describe("a designation's monthly salary follows its grade and step", () => {
  it('is worked out from the table when the designation is saved', async () => {
    const { grade } = await newGrade([40000, 40500, 41000]);
    const r = await newDesignation({ salaryGradeCode: grade, salaryGradeStep: 2 });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.data.monthlySalary).toBe(40500);
    const moved = await api.call('PUT', `${B}/designations/${r.body.data._id}`, { token: admin, body: { salaryGradeStep: 3 } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data.monthlySalary).toBe(41000);
  });

  it('is never typed', async () => {
    const { grade } = await newGrade([40000]);
    const r = await newDesignation({ salaryGradeCode: grade, salaryGradeStep: 1, monthlySalary: 99999 });
    expect(r.status).toBe(400);
    expect(r.body.fieldErrors).toHaveProperty('monthlySalary');
    const ok = await newDesignation({ salaryGradeCode: grade, salaryGradeStep: 1 });
    const typed = await api.call('PUT', `${B}/designations/${ok.body.data._id}`, { token: admin, body: { monthlySalary: 1 } });
    expect(typed.status).toBe(400);
    expect(await salaryOf(ok.body.data._id)).toBe(40000);
  });

  it('changes with the table: a new salary, a deactivated cell, a new cell', async () => {
    const { grade, ids } = await newGrade([50000, 50600]);
    const a = (await newDesignation({ salaryGradeCode: grade, salaryGradeStep: 1 })).body.data._id as string;
    const b = (await newDesignation({ salaryGradeCode: grade.toLowerCase(), salaryGradeStep: 2 })).body.data._id as string;
    expect(await salaryOf(b)).toBe(50600);

    const raised = await api.call('PUT', `${B}/salary-grades/${ids[0]}`, { token: admin, body: { salary: 52000 } });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    expect(await salaryOf(a)).toBe(52000);
    expect(await salaryOf(b)).toBe(50600);
    const listed = await api.call('GET', `${B}/designations?search=salaryGradeCode:${encodeURIComponent(grade)}&sort=monthlySalary`, { token: admin });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.rows.map((row: { monthlySalary: number }) => row.monthlySalary)).toEqual([50600, 52000]);

    await api.call('PUT', `${B}/salary-grades/${ids[1]}`, { token: admin, body: { isActive: false } });
    expect(await salaryOf(b)).toBeNull();
    await api.call('PUT', `${B}/salary-grades/${ids[1]}`, { token: admin, body: { isActive: true } });
    expect(await salaryOf(b)).toBe(50600);
  });

  it('refuses a grade or step the table does not hold, and a grade without its step', async () => {
    const { grade } = await newGrade([60000]);
    const missing = await newDesignation({ salaryGradeCode: grade, salaryGradeStep: 5 });
    expect(missing.status).toBe(400);
    expect(missing.body.fieldErrors.salaryGradeCode).toEqual([`The salary grade table has no step 5 of ${grade}.`]);
    const noStep = await newDesignation({ salaryGradeCode: grade });
    expect(noStep.status).toBe(400);
    expect(noStep.body.fieldErrors.salaryGradeStep).toEqual(['Choose the step of the salary grade.']);
    const ok = (await newDesignation({ salaryGradeCode: grade, salaryGradeStep: 1 })).body.data._id as string;
    const moved = await api.call('PUT', `${B}/designations/${ok}`, { token: admin, body: { salaryGradeStep: 2 } });
    expect(moved.status).toBe(400);
    expect(await salaryOf(ok)).toBe(60000);
  });

  it('a designation without a grade has no monthly salary', async () => {
    const r = await newDesignation({});
    expect(r.status).toBe(201);
    expect(r.body.data.monthlySalary).toBeNull();
  });
});
