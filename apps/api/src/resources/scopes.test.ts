import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { entityRegistry } from '@campus/api-contract';
import { rows } from '../platform/db/client.js';
import { insertAccount } from '../platform/db/users.js';
import { startTestApi, TEST_PASSWORD } from '../test/harness.js';

const api = await startTestApi();
const CODES = ['IAM', 'CAMPUS', 'CHATBOT', 'SUPPORT', 'FRS', 'DATA', 'REPORTS', 'BATCH'];

/** One account per application code, holding only that code. */
const tokens: Record<string, string> = {};
for (const code of CODES) {
  const email = `only-${code.toLowerCase()}@example.edu`;
  await insertAccount(api.database.db, { email, password: TEST_PASSWORD, firstName: 'Only', lastName: code, adminScopes: [code] }, api.config.argon2);
  tokens[code] = await api.signIn(email);
}
const admin = await api.signIn('admin@example.edu');
const registrar = await api.signIn('registrar@example.edu');

const count = async (table: string) => Number((await rows<{ n: string }>(api.database.db, sql`select count(*) as n from ${sql.identifier(table)}`))[0]!.n);

describe('scope matrix: every resource × a user with and without its application code', () => {
  const cases = entityRegistry.all.flatMap((entity) =>
    CODES.map((code) => [entity.resource, code, entity.application === code ? 200 : 403] as const),
  );
  it.each(cases)('GET /core/v1.0/%s as a user holding only %s answers %i', async (resource, code, status) => {
    const result = await api.call('GET', `/core/v1.0/${resource}?limit=1`, { token: tokens[code] });
    expect(result.status).toBe(status);
    if (status === 403) expect(result.body.message).toBe('You have invalid authentication credentials to view the page requested');
  });

  it.each(entityRegistry.all.map((e) => [e.resource, e.application] as const))(
    'refuses to create %s without %s and writes nothing',
    async (resource, application) => {
      const outsider = application === 'CAMPUS' ? tokens.IAM : tokens.CAMPUS;
      const entity = entityRegistry.byResource(resource)!;
      const table = resource.replace(/-/g, '_');
      const before = await count(table);
      const result = await api.call('POST', `/core/v1.0/${resource}`, { token: outsider, body: entity.sample('scope') });
      expect(result.status).toBe(403);
      expect(await count(table)).toBe(before);
    },
  );

  it('lets the registrar work in CAMPUS and stops them outside it', async () => {
    expect((await api.call('POST', '/core/v1.0/campuses', { token: registrar, body: { code: 'REG', name: 'Registrar Campus' } })).status).toBe(201);
    expect((await api.call('GET', '/core/v1.0/roles', { token: registrar })).status).toBe(403);
    expect((await api.call('GET', '/core/v1.0/audit-trails', { token: registrar })).status).toBe(403);
  });
});

describe('privilege escalation on users', () => {
  const iamOnly = tokens.IAM!;
  const newUser = (extra: Record<string, unknown>) => ({
    email: `new.${Math.random().toString(36).slice(2)}@example.edu`,
    temporaryPassword: 'Pansamantala-2026',
    firstName: 'Bagong',
    lastName: 'Kawani',
    ...extra,
  });

  it('lets an IAM user create an account with scopes they hold, with a temporary password', async () => {
    const result = await api.call('POST', '/core/v1.0/users', { token: iamOnly, body: newUser({ adminScopes: ['IAM'] }) });
    expect(result.status).toBe(201);
    expect(result.body.data).not.toHaveProperty('temporaryPassword');
    const signIn = await api.call('POST', '/core/v1.0/auth', { body: { email: result.body.data.email, password: 'Pansamantala-2026' } });
    expect(signIn.body.data.mustChangePassword).toBe(true);
  });

  it.each([
    ['grant iamAdmin', { iamAdmin: true }, 'Only an IAM administrator can grant IAM administrator.'],
    ['grant a scope they lack', { adminScopes: ['IAM', 'CAMPUS'] }, 'You cannot grant scopes you do not hold: CAMPUS.'],
  ])('refuses a non-administrator who tries to %s on create', async (_name, extra, message) => {
    const before = await count('users');
    const result = await api.call('POST', '/core/v1.0/users', { token: iamOnly, body: newUser(extra) });
    expect(result.status).toBe(403);
    expect(result.body.message).toBe(message);
    expect(await count('users')).toBe(before);
  });

  it('refuses a user raising their own account', async () => {
    const me = (await api.call('GET', '/core/v1.0/users/me', { token: iamOnly })).body.data;
    const scopes = await api.call('PUT', `/core/v1.0/users/${me._id}`, { token: iamOnly, body: { adminScopes: ['IAM', 'REPORTS'] } });
    expect(scopes.status).toBe(403);
    const adminFlag = await api.call('PUT', `/core/v1.0/users/${me._id}`, { token: iamOnly, body: { iamAdmin: true } });
    expect(adminFlag.status).toBe(403);
    expect((await api.call('GET', '/core/v1.0/users/me', { token: iamOnly })).body.data).toMatchObject({ adminScopes: ['IAM'], iamAdmin: false });
  });

  it('refuses a non-administrator who changes an administrator account', async () => {
    const result = await api.call('PUT', `/core/v1.0/users/${api.users.admin}`, { token: iamOnly, body: { isActive: false } });
    expect(result.status).toBe(403);
  });

  it('refuses a role of an application the granter lacks', async () => {
    const role = await api.call('POST', '/core/v1.0/roles', { token: admin, body: { name: 'Chatbot Editor', applicationCode: 'CHATBOT' } });
    expect(role.status).toBe(201);
    const result = await api.call('POST', '/core/v1.0/users', { token: iamOnly, body: newUser({ roleIds: [role.body.data._id] }) });
    expect(result.status).toBe(403);
    expect(result.body.message).toBe('You cannot grant roles of applications you do not hold: CHATBOT.');
  });

  it('lets an IAM administrator grant iamAdmin and any scope they hold', async () => {
    const result = await api.call('POST', '/core/v1.0/users', { token: admin, body: newUser({ iamAdmin: true, adminScopes: CODES }) });
    expect(result.status).toBe(201);
    expect(result.body.data).toMatchObject({ iamAdmin: true, adminScopes: CODES });
  });

  it('rejects a temporary password that breaks the policy', async () => {
    const result = await api.call('POST', '/core/v1.0/users', { token: admin, body: newUser({ temporaryPassword: 'password' }) });
    expect(result.status).toBe(400);
    expect(result.body.fieldErrors.temporaryPassword).toBeDefined();
  });

  it('reports an email clash with the uniqueness wording', async () => {
    const result = await api.call('POST', '/core/v1.0/users', { token: admin, body: newUser({ email: 'REGISTRAR@example.edu' }) });
    expect(result.status).toBe(409);
    expect(result.body.message).toMatch(/is existing in Silang\.$/);
  });
});
