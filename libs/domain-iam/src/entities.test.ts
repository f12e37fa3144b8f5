import { uniquenessMessage } from '@campus/domain-core';
import './launcher.fixture.js';
import { describe, expect, it } from 'vitest';
import {
  createRegistry,
  createSchemaOf,
  sampleWithReferences,
  recordSchemaOf,
  updateSchemaOf,
  type AnyEntity,
} from '@campus/domain-core';
import { PASSWORD_MESSAGES, iamEntities, roleEntity, userEntity } from './index.js';

const ID = '0b8c4a52-3a0e-4d8c-9f55-2f1a2b3c4d5e';

/** A sample with every required reference pointed at some id, as the caller would choose it. */
const sampleOf = (entity: AnyEntity, suffix: string) => sampleWithReferences(entity, suffix, ID);

describe('access management descriptors', () => {
  it('registers applications, modules, services, roles and users under /app/access-management', () => {
    const registry = createRegistry(iamEntities);
    expect(registry.all.map((e) => [e.resource, e.consolePath, e.application])).toEqual([
      ['applications', '/app/access-management/applications', 'IAM'],
      ['modules', '/app/access-management/modules', 'IAM'],
      ['services', '/app/access-management/services', 'IAM'],
      ['roles', '/app/access-management/roles', 'IAM'],
      ['users', '/app/access-management/users', 'IAM'],
    ]);
  });

  it.each(iamEntities.map((e) => [e.resource, e] as const))(
    '%s: the sample passes the create schema',
    (_, entity) => {
      expect(createSchemaOf(entity).safeParse(sampleOf(entity, 'a1')).success).toBe(true);
    },
  );

  it.each(iamEntities.map((e) => [e.resource, e] as const))(
    '%s: switches on and off with isActive',
    (_, entity) => {
      expect(entity.state.kind).toBe('isActive');
    },
  );

  it('refuses a temporary password that breaks the policy', () => {
    const result = createSchemaOf(userEntity).safeParse({
      ...userEntity.sample('b2'),
      temporaryPassword: 'password1234',
    });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(result.error.issues).toEqual([
        expect.objectContaining({ path: ['temporaryPassword'], message: PASSWORD_MESSAGES.common }),
      ]);
    }
  });

  it('takes the temporary password on create only and never returns it', () => {
    expect(updateSchemaOf(userEntity).safeParse({ temporaryPassword: 'Tala-Kampus-Bukas' }).success).toBe(
      false,
    );
    expect(Object.keys(recordSchemaOf(userEntity).shape)).not.toContain('temporaryPassword');
  });

  it.each([
    [{ adminScopes: ['CAMPUS', 'NOPE'] }, 'adminScopes'],
    [{ email: 'maria' }, 'email'],
    [{ employeeId: 'not-an-id' }, 'employeeId'],
    [{ roleIds: ['not-an-id'] }, 'roleIds'],
    [{ contactNo: 'call me' }, 'contactNo'],
  ])('refuses a user with %j', (change, path) => {
    const result = createSchemaOf(userEntity).safeParse({ ...userEntity.sample('c3'), ...change });
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.issues.map((i) => i.path[0])).toContain(path);
  });

  it("grants a role's modules as a list of module ids", () => {
    const parsed = createSchemaOf(roleEntity).parse({ ...roleEntity.sample('d4'), moduleIds: [ID, ID] });
    expect(parsed.moduleIds).toEqual([ID]);
    expect(roleEntity.fields.moduleIds).toMatchObject({ kind: 'multi-reference', resource: 'modules' });
  });

  it('reports an email clash in the spec wording, naming the holder', () => {
    expect(userEntity.unique).toEqual([{ field: 'email', label: 'Email' }]);
    expect(uniquenessMessage('Email', 'Santos')).toBe('Email is existing in Santos.');
    expect(userEntity.fields.employeeId).toMatchObject({
      kind: 'reference',
      resource: 'employees',
      labelField: 'lastName',
    });
  });
});
