import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { DirectoryFormSchema, ruleField, withoutUnusedRules } from './directory';

const ROLE_A = '7a4c1f1e-2b1d-4c3e-9f00-0a1b2c3d4e5f';
const ROLE_B = '8b5d2a2f-3c2e-4d4f-8a11-1b2c3d4e5f60';

/** The directory form as a browser posts it, with `rules` as [group DN, roles, remove ticked]. */
function posted(rules: readonly [string, readonly string[], boolean?][]): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    intent: 'save',
    enabled: 'on',
    url: 'ldaps://ad.example.edu',
    tls: 'ldaps',
    bindDn: 'cn=reader,dc=example,dc=edu',
    bindPassword: '',
    baseDn: 'dc=example,dc=edu',
    userFilter: '(objectClass=inetOrgPerson)',
    'mapping.id': 'entryUUID',
    'mapping.email': 'mail',
    'mapping.firstName': 'givenName',
    'mapping.lastName': 'sn',
    'mapping.type': '',
    'groups.source': 'memberOf',
    'groups.baseDn': '',
    'groups.filter': '(objectClass=groupOfNames)',
    'groups.memberAttribute': 'member',
  }))
    form.append(name, value);
  rules.forEach(([dn, roles, remove], i) => {
    form.append(ruleField(i, 'groupDn'), dn);
    for (const role of roles) form.append(ruleField(i, 'roleIds'), role);
    if (remove) form.append(ruleField(i, 'remove'), 'on');
  });
  return form;
}

describe('the directory form', () => {
  it('leaves out the empty row and the mappings ticked Remove, numbering the rest from 0', () => {
    const submission = parseWithZod(
      withoutUnusedRules(
        posted([
          ['cn=gone,ou=groups,dc=example,dc=edu', [ROLE_A], true],
          ['cn=staff,ou=groups,dc=example,dc=edu', [ROLE_A, ROLE_B]],
          ['', []],
        ]),
      ),
      { schema: DirectoryFormSchema },
    );
    expect(submission.status).toBe('success');
    if (submission.status !== 'success') return;
    expect(submission.value.groups.rules).toEqual([{ groupDn: 'cn=staff,ou=groups,dc=example,dc=edu', roleIds: [ROLE_A, ROLE_B] }]);
    expect(submission.value.enabled).toBe(true);
  });

  it('refuses roles ticked with no group, and a group with no role, on their fields', () => {
    const submission = parseWithZod(withoutUnusedRules(posted([['', [ROLE_A]], ['cn=staff,ou=groups,dc=example,dc=edu', []]])), {
      schema: DirectoryFormSchema,
    });
    expect(submission.status === 'success' ? 'parsed' : submission.error).toMatchObject({
      [ruleField(0, 'groupDn')]: ['Required'],
      [ruleField(1, 'roleIds')]: ['Choose at least one role.'],
    });
  });

  it('takes a single ticked role as a list of one, and an unticked "on" box as off', () => {
    const form = posted([['cn=staff,ou=groups,dc=example,dc=edu', [ROLE_A]]]);
    form.delete('enabled');
    const submission = parseWithZod(withoutUnusedRules(form), { schema: DirectoryFormSchema });
    expect(submission.status === 'success' ? submission.value : submission.error).toMatchObject({
      enabled: false,
      groups: { rules: [{ roleIds: [ROLE_A] }] },
    });
  });
});
