import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { entityRegistry } from '@campus/api-contract';
import { rows } from '../../platform/db/client.js';
import { insertAccount } from '../../platform/db/users.js';
import { startTestApi, TEST_PASSWORD } from '../../test/harness.js';
import { until } from '../../test/until.js';

// A batch over a resource is allowed exactly when the same user may list (export) or change (state) that resource
// one record at a time: the application's scope and the module their roles grant, when the batch starts and again
// in each of its jobs.
const api = await startTestApi();
const admin = await api.signIn('admin@example.edu');
const call = (method: string, url: string, token: string, body?: unknown) =>
  api.call(method, `/core/v1.0/${url}`, { token, body });
const MODULE_NOT_GRANTED = 'Your roles in this application do not include this module.';

async function create(resource: string, body: Record<string, unknown>): Promise<string> {
  const result = await call('POST', resource, admin, body);
  if (result.status !== 201) throw new Error(`${resource}: ${result.status} ${JSON.stringify(result.body)}`);
  return result.body.data._id as string;
}

// The Registrar role of the demo: the module students belong to, not the one employees belong to.
const studentsModule = entityRegistry.byResource('students')!.module!;
const employeesModule = entityRegistry.byResource('employees')!.module!;
const academic = await create('modules', {
  code: studentsModule,
  name: 'Students',
  applicationCode: 'CAMPUS',
});
await create('modules', { code: employeesModule, name: 'Human Resource Records', applicationCode: 'CAMPUS' });
const registrarRole = await create('roles', {
  name: 'Registrar',
  applicationCode: 'CAMPUS',
  moduleIds: [academic],
});
const giveRoles = async (userId: string, roleIds: string[]) =>
  expect((await call('PUT', `users/${userId}`, admin, { roleIds })).status).toBe(200);

const EMPLOYEES = 5;
await api.database.db.execute(
  sql`insert into hr_departments (name, created_at, updated_at) values ('Payroll Office', now(), now())`,
);
for (let i = 1; i <= EMPLOYEES; i++)
  await create('employees', { ...entityRegistry.byResource('employees')!.sample(`perm${i}`) });
const activeEmployees = async () =>
  (
    await rows<{ n: number }>(api.database.db, sql`select count(*)::int as n from employees where is_active`)
  )[0]!.n;

const finished = (b: { state: string }) => ['completed', 'failed', 'cancelled'].includes(b.state);

describe('a batch over a resource needs what one record at a time needs', () => {
  it('refuses a registrar an export or a state change of employees they cannot list, and queues nothing', async () => {
    await giveRoles(api.users.registrar, [registrarRole]);
    const registrar = await api.signIn('registrar@example.edu');
    expect((await call('GET', 'employees', registrar)).status).toBe(403);
    const exported = await call('POST', 'batches', registrar, {
      type: 'list-export',
      params: { resource: 'employees' },
    });
    expect(exported.status).toBe(403);
    expect(exported.body.message).toBe(MODULE_NOT_GRANTED);
    const deactivated = await call('POST', 'batches', registrar, {
      type: 'bulk-state-change',
      params: { resource: 'employees', set: { isActive: false } },
    });
    expect(deactivated.status).toBe(403);
    expect(deactivated.body.message).toBe(MODULE_NOT_GRANTED);
    expect((await call('GET', 'batches', registrar)).body.count).toBe(0);
    expect(await activeEmployees()).toBe(EMPLOYEES);
    // Within their module the same registrar may start one; its filters are the list's, checked the same way.
    expect((await call('GET', 'students?limit=1', registrar)).status).toBe(200);
    const badSearch = await call('POST', 'batches', registrar, {
      type: 'list-export',
      params: { resource: 'students', search: 'salary:1' },
    });
    expect(badSearch.status).toBe(400);
    expect(Object.keys(badSearch.body.fieldErrors)).toEqual(['params.search']);
    expect(
      (await call('POST', 'batches', registrar, { type: 'list-export', params: { resource: 'students' } }))
        .status,
    ).toBe(202);
  });

  it('stops the jobs of a requester whose role was narrowed while the batch waited: nothing changed, no file', async () => {
    const clerkId = await insertAccount(
      api.database.db,
      {
        email: 'clerk@example.edu',
        password: TEST_PASSWORD,
        firstName: 'Melchora',
        lastName: 'Aquino',
        adminScopes: ['CAMPUS'],
      },
      api.config.argon2,
    );
    const clerk = await api.signIn('clerk@example.edu');
    // No role in CAMPUS yet: the whole application, employees included.
    expect((await call('GET', 'employees', clerk)).status).toBe(200);
    const exported = await call('POST', 'batches', clerk, {
      type: 'list-export',
      params: { resource: 'employees' },
    });
    const deactivated = await call('POST', 'batches', clerk, {
      type: 'bulk-state-change',
      params: { resource: 'employees', set: { isActive: false } },
    });
    expect([exported.status, deactivated.status]).toEqual([202, 202]);
    await giveRoles(clerkId, [registrarRole]);
    await api.app.jobs.start();
    const batchOf = async (id: string) => (await call('GET', `batches/${id}`, admin)).body.data;
    const [exportBatch, changeBatch] = await Promise.all([
      until(() => batchOf(exported.body.data._id), finished),
      until(() => batchOf(deactivated.body.data._id), finished),
    ]);
    expect(exportBatch).toMatchObject({ state: 'failed', result: null });
    expect(changeBatch).toMatchObject({ state: 'failed', done: 0, failed: EMPLOYEES });
    expect(await activeEmployees()).toBe(EMPLOYEES);
    expect((await call('GET', `batches/${exportBatch._id}/file`, admin)).status).toBe(404);
    const [job] = (await call('GET', `jobs?batchId=${changeBatch._id}`, admin)).body.rows;
    const log = (await call('GET', `jobs/${job._id}`, admin)).body.data.log.map(
      (l: { message: string }) => l.message,
    );
    expect(log).toContain(`Refused: ${MODULE_NOT_GRANTED} No record of this job was changed.`);
  }, 90_000);
});
