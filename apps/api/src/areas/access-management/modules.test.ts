import { describe, expect, it } from 'vitest';
import { startTestApi } from '../../test/harness.js';

// Access within an application: a user's roles decide which modules of an application they may use; the API
// refuses every resource of another module with 403. Users with the scope but no role there keep the whole
// application.
const api = await startTestApi();
const admin = await api.signIn('admin@example.edu');

async function create(resource: string, body: Record<string, unknown>): Promise<string> {
  const result = await api.call('POST', `/core/v1.0/${resource}`, { token: admin, body });
  if (result.status !== 201) throw new Error(`${resource}: ${result.status} ${JSON.stringify(result.body)}`);
  return result.body.data._id as string;
}

const academic = await create('modules', { code: 'ACADEMIC_STRUCTURE', name: 'Academic Structure', applicationCode: 'CAMPUS' });
const classes = await create('modules', { code: 'CLASSES', name: 'Classes and Enrolment', applicationCode: 'CAMPUS' });
await create('modules', { code: 'HR_RECORDS', name: 'Human Resource Records', applicationCode: 'CAMPUS' });
const registrarRole = await create('roles', {
  name: 'Registrar',
  applicationCode: 'CAMPUS',
  moduleIds: [academic, classes],
});

const giveRoles = async (userId: string, roleIds: string[]) =>
  expect((await api.call('PUT', `/core/v1.0/users/${userId}`, { token: admin, body: { roleIds } })).status).toBe(200);

describe('modules of an application, granted by roles', () => {
  it('keeps the whole application for a user with its scope and no role in it', async () => {
    const token = await api.signIn('registrar@example.edu');
    expect((await api.call('GET', '/core/v1.0/employees', { token })).status).toBe(200);
    expect((await api.call('GET', '/core/v1.0/users/me', { token })).body.data.moduleGrants).toEqual({});
  });

  it('lets a registrar with the academic role use academic resources and refuses every HR one (403)', async () => {
    await giveRoles(api.users.registrar, [registrarRole]);
    const token = await api.signIn('registrar@example.edu');
    expect((await api.call('GET', '/core/v1.0/campuses', { token })).status).toBe(200);
    expect((await api.call('GET', '/core/v1.0/sections', { token })).status).toBe(200);
    for (const resource of ['employees', 'designations', 'salary-grades', 'hr-departments']) {
      const list = await api.call('GET', `/core/v1.0/${resource}`, { token });
      expect(list.status, resource).toBe(403);
      expect(list.body).toEqual({ message: 'Your roles in this application do not include this module.' });
    }
    const create = await api.call('POST', '/core/v1.0/hris/create-department', { token, body: { name: 'Payroll Office' } });
    expect(create.status).toBe(403);
    const get = await api.call('GET', '/core/v1.0/employees/00000000-0000-4000-8000-000000000001', { token });
    expect(get.status).toBe(403);
    // Their own account stays readable (spec §7), whatever their roles.
    const own = await api.call('GET', `/core/v1.0/users?search=_id:${api.users.registrar}`, { token });
    expect(own.status).toBe(200);
    expect((await api.call('GET', '/core/v1.0/users/me', { token })).body.data.moduleGrants).toEqual({
      CAMPUS: ['ACADEMIC_STRUCTURE', 'CLASSES'],
    });
  });

  it('refuses academic resources outside the modules the role grants', async () => {
    const token = await api.signIn('registrar@example.edu');
    // Announcements belong to another academic module, which the role does not grant.
    expect((await api.call('GET', '/core/v1.0/announcements', { token })).status).toBe(403);
  });

  it('narrows access when the role is deactivated instead of widening it', async () => {
    expect((await api.call('PUT', `/core/v1.0/roles/${registrarRole}`, { token: admin, body: { isActive: false } })).status).toBe(200);
    const token = await api.signIn('registrar@example.edu');
    expect((await api.call('GET', '/core/v1.0/campuses', { token })).status).toBe(403);
    expect((await api.call('GET', '/core/v1.0/users/me', { token })).body.data.moduleGrants).toEqual({ CAMPUS: [] });
    await api.call('PUT', `/core/v1.0/roles/${registrarRole}`, { token: admin, body: { isActive: true } });
    expect((await api.call('GET', '/core/v1.0/campuses', { token })).status).toBe(200);
  });

  it('sees a role change at once, on the next request of the same session', async () => {
    const token = await api.signIn('registrar@example.edu');
    expect((await api.call('GET', '/core/v1.0/employees', { token })).status).toBe(403);
    await giveRoles(api.users.registrar, []);
    expect((await api.call('GET', '/core/v1.0/employees', { token })).status).toBe(200);
  });
});
