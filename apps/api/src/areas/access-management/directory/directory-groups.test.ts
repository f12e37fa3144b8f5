import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUPS_DN, groupDn, startSlapd, type Slapd } from '../../../../../../tools/slapd-kit/slapd-kit.mjs';
import { rows } from '../../../platform/db/client.js';
import { startTestApi } from '../../../test/harness.js';
import { createdThrough } from '../../../test/registered-application.js';
import { connectionTo, storedAccount, syncToEnd } from './test/kit.js';

// Directory group → IAM role mapping (decision 0064, amended) against OpenLDAP: groupOfNames under ou=groups, read
// from each entry's memberOf (the memberof overlay) or by a group search with member=<the entry's DN>.

const ANA = { uid: 'ana', givenName: 'Ana', sn: 'Reyes', mail: 'ana.reyes@example.edu', employeeType: 'staff', password: 'Dir-Ana-Pass-1' };
const BEN = { uid: 'ben', givenName: 'Ben', sn: 'Santos', mail: 'ben.santos@example.edu', employeeType: 'staff', password: 'Dir-Ben-Pass-2' };
const CARL = { uid: 'carl', givenName: 'Carl', sn: 'Cruz', mail: 'carl.cruz@example.edu', employeeType: 'faculty', password: 'Dir-Carl-Pass-3' };
const REGISTRAR_STAFF = groupDn('registrar-staff');

let slapd: Slapd;
const api = await startTestApi();
let admin: string;
const role = { registrar: '', hr: '', analyst: '' };

const withGroups = (groups: Record<string, unknown>, overrides: Record<string, unknown> = {}) => connectionTo(slapd.url, { groups, ...overrides });
const memberOf = () => ({
  source: 'memberOf',
  rules: [
    { groupDn: REGISTRAR_STAFF, roleIds: [role.registrar] },
    // Spelled another way: DNs compare without case and spaces.
    { groupDn: 'CN=hr-staff, OU=groups, DC=example, DC=edu', roleIds: [role.hr] },
  ],
});
const save = async (body: Record<string, unknown>) => {
  const saved = await api.call('PUT', '/core/v1.0/directory', { token: admin, body });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body.data;
};
const signIn = (email: string, password: string) => api.call('POST', '/core/v1.0/auth', { body: { email, password } });
const rolesOf = async (email: string) => [...((await storedAccount(api, email))?.role_ids ?? [])].sort();
const sorted = (...ids: string[]) => [...ids].sort();

beforeAll(async () => {
  slapd = await startSlapd([ANA, BEN, CARL], {
    groups: [
      { cn: 'registrar-staff', members: ['ana', 'ben'] },
      { cn: 'hr-staff', members: ['ben'] },
    ],
  });
  admin = await api.signIn('admin@example.edu');
  role.registrar = await createdThrough(api, admin, '/core/v1.0/roles', { name: 'Registrar', applicationCode: 'CAMPUS', moduleIds: [] });
  role.hr = await createdThrough(api, admin, '/core/v1.0/roles', { name: 'HR Officer', applicationCode: 'CAMPUS', moduleIds: [] });
  role.analyst = await createdThrough(api, admin, '/core/v1.0/roles', { name: 'Data Analyst', applicationCode: 'REPORTS', moduleIds: [] });
  await api.app.jobs.start();
}, 60_000);
afterAll(async () => {
  await api.app.jobs.stop();
  await slapd?.stop();
});

describe('directory group → role mapping against OpenLDAP', () => {
  it('refuses a mapping that is not one: no roles, a role that does not exist, a group twice, rules with no source', async () => {
    const bad = await api.call('PUT', '/core/v1.0/directory', {
      token: admin,
      body: withGroups({
        source: 'none',
        rules: [
          { groupDn: REGISTRAR_STAFF, roleIds: [] },
          { groupDn: 'not a dn', roleIds: [role.hr] },
          { groupDn: 'cn=Registrar-Staff,ou=groups,dc=example,dc=edu', roleIds: [role.hr] },
        ],
      }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toMatchObject({
      'groups.source': ["Choose where the entries' groups are read."],
      'groups.rules.0.roleIds': ['Choose at least one role.'],
      'groups.rules.1.groupDn': ['The group is a distinguished name such as dc=example,dc=edu.'],
      'groups.rules.2.groupDn': ['This group is mapped above already.'],
    });
    const unknown = await api.call('PUT', '/core/v1.0/directory', {
      token: admin,
      body: withGroups({ source: 'memberOf', rules: [{ groupDn: REGISTRAR_STAFF, roleIds: ['00000000-0000-4000-8000-000000000000'] }] }),
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fieldErrors).toEqual({ 'groups.rules.0.roleIds': ['A chosen role does not exist (any more).'] });
  });

  it("Test connection shows each entry's roles as its groups map them", async () => {
    const tested = await api.call('POST', '/core/v1.0/directory/test', { token: admin, body: withGroups(memberOf()) });
    expect(tested.body.data.ok, tested.body.data.message).toBe(true);
    const byEmail = Object.fromEntries((tested.body.data.sample as { email: string; roles: string[] }[]).map((p) => [p.email, p.roles]));
    expect(byEmail).toEqual({
      [ANA.mail]: ['Registrar (CAMPUS)'],
      [BEN.mail]: expect.arrayContaining(['Registrar (CAMPUS)', 'HR Officer (CAMPUS)']),
      [CARL.mail]: [],
    });
  });

  it("memberOf: the first sign-in creates the account with its groups' roles", async () => {
    const view = await save(withGroups(memberOf()));
    expect(view.connection.groups).toMatchObject({ source: 'memberOf', rules: [{ groupDn: REGISTRAR_STAFF, roleIds: [role.registrar] }, { roleIds: [role.hr] }] });
    expect((await signIn(ANA.mail, ANA.password)).status).toBe(200);
    expect(await storedAccount(api, ANA.mail)).toMatchObject({ role_ids: [role.registrar], directory_role_ids: [role.registrar] });
    expect((await signIn(CARL.mail, CARL.password)).status).toBe(200);
    expect(await rolesOf(CARL.mail)).toEqual([]);
  });

  it('the sync sets the roles too; roles granted by hand stay, and only the roles the directory granted are taken away', async () => {
    const ana = (await storedAccount(api, ANA.mail))!;
    // An administrator grants Ana a role by hand, on the Users screen.
    const granted = await api.call('PUT', `/core/v1.0/users/${ana.id}`, { token: admin, body: { roleIds: [...ana.role_ids, role.analyst] } });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    // Ana moves from the registrar's staff to HR.
    slapd.removeMember('registrar-staff', 'ana');
    slapd.addMember('hr-staff', 'ana');
    const run = await syncToEnd(api, admin);
    expect(run, run.log.join('\n')).toMatchObject({ state: 'completed' });
    expect(await rolesOf(ANA.mail)).toEqual(sorted(role.analyst, role.hr));
    expect((await storedAccount(api, ANA.mail))!.directory_role_ids).toEqual([role.hr]);
    expect(await rolesOf(BEN.mail)).toEqual(sorted(role.registrar, role.hr));
    const audit = await rows<{ changes: { roleIds?: { before: string[]; after: string[] } } }>(
      api.database.db,
      sql`select changes from audit_trails where record_id = ${ana.id} and activity = 'Updated from the directory' order by created_at desc limit 1`,
    );
    expect(audit[0]!.changes.roleIds).toEqual({ before: [role.registrar, role.analyst], after: [role.analyst, role.hr] });
  });

  it('a role held by hand stays hand-granted when a group grants it too, and stays when the group stops', async () => {
    const ana = (await storedAccount(api, ANA.mail))!;
    await api.call('PUT', `/core/v1.0/users/${ana.id}`, { token: admin, body: { roleIds: [...ana.role_ids, role.registrar] } });
    slapd.addMember('registrar-staff', 'ana');
    expect((await syncToEnd(api, admin)).state).toBe('completed');
    expect((await storedAccount(api, ANA.mail))!.directory_role_ids).toEqual([role.hr]);
    slapd.removeMember('registrar-staff', 'ana');
    slapd.removeMember('hr-staff', 'ana');
    expect((await syncToEnd(api, admin)).state).toBe('completed');
    expect(await rolesOf(ANA.mail)).toEqual(sorted(role.analyst, role.registrar));
  });

  it('a group search (member=<DN>) gives the same roles at sign-in and at sync; a mapped group the directory lacks is logged', async () => {
    const search = {
      source: 'search',
      baseDn: GROUPS_DN,
      filter: '(objectClass=groupOfNames)',
      memberAttribute: 'member',
      rules: [...memberOf().rules, { groupDn: groupDn('gone'), roleIds: [role.analyst] }],
    };
    await save(withGroups(search, { bindPassword: '' }));
    slapd.addMember('hr-staff', 'carl');
    expect((await signIn(CARL.mail, CARL.password)).status).toBe(200);
    expect(await rolesOf(CARL.mail)).toEqual([role.hr]);
    slapd.removeMember('hr-staff', 'ben');
    const run = await syncToEnd(api, admin);
    expect(run.state).toBe('completed');
    expect(run.log).toContain(
      `The mapped group ${groupDn('gone')} is not in the directory (under the group base, matching the group filter): it grants no role.`,
    );
    expect(await rolesOf(BEN.mail)).toEqual([role.registrar]);
    expect(await rolesOf(CARL.mail)).toEqual([role.hr]);
  });

  it("turning the mapping off takes away the directory's roles and leaves those granted by hand", async () => {
    await save(withGroups({ source: 'none', rules: [] }, { bindPassword: '' }));
    expect((await syncToEnd(api, admin)).state).toBe('completed');
    expect(await rolesOf(BEN.mail)).toEqual([]);
    expect(await rolesOf(ANA.mail)).toEqual(sorted(role.analyst, role.registrar));
  });
});
