import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../platform/db/client.js';
import { insertAccount } from '../platform/db/users.js';
import { startTestApi, TEST_PASSWORD } from '../test/harness.js';

const api = await startTestApi();
const ALL = ['IAM', 'CAMPUS', 'CHATBOT', 'SUPPORT', 'FRS', 'DATA', 'REPORTS', 'BATCH'];

async function account(email: string, adminScopes: string[], iamAdmin = false) {
  return insertAccount(api.database.db, { email, password: TEST_PASSWORD, firstName: 'Test', lastName: email.split('@')[0]!, adminScopes, iamAdmin }, api.config.argon2);
}

/** An IAM user who is not an IAM administrator and holds IAM and CAMPUS only. */
await account('iam-clerk@example.edu', ['IAM', 'CAMPUS']);
const clerk = await api.signIn('iam-clerk@example.edu');
const admin = await api.signIn('admin@example.edu');

const get = async (id: string) => (await api.call('GET', `/core/v1.0/users/${id}`, { token: admin })).body.data;
const put = (token: string, id: string, body: Record<string, unknown>) => api.call('PUT', `/core/v1.0/users/${id}`, { token, body });

/** Every field through which an account can be taken over or stripped, with a change to try. */
const PROTECTED: [string, Record<string, unknown>][] = [
  ['email', { email: 'iam-clerk+takeover@example.edu' }],
  ['password', { temporaryPassword: 'Taken over at last 2026' }],
  ['admin scopes (removing)', { adminScopes: ['CAMPUS'] }],
  ['admin scopes (adding one the clerk holds)', { adminScopes: ['IAM', 'CAMPUS', 'REPORTS'] }],
  ['roles', { roleIds: [] }],
  ['IAM administrator flag', { iamAdmin: true }],
  ['active state', { isActive: false }],
];

describe('a non-administrator IAM user and a more privileged account', () => {
  it.each(PROTECTED)('cannot change the %s of an account holding a scope they lack', async (_field, change) => {
    const target = await account(`reports-holder-${Object.keys(change)[0]}-${Math.random().toString(36).slice(2, 8)}@example.edu`, ['CAMPUS', 'REPORTS']);
    const before = await get(target);
    const result = await put(clerk, target, change);
    expect([400, 403]).toContain(result.status);
    expect(Object.keys(result.body.fieldErrors ?? {})).toContain(Object.keys(change)[0]);
    const after = await get(target);
    expect(after).toEqual(before);
  });

  it.each(PROTECTED)('cannot change the %s of an IAM administrator', async (_field, change) => {
    const target = await account(`other-admin-${Math.random().toString(36).slice(2, 8)}@example.edu`, ['IAM'], true);
    const before = await get(target);
    const result = await put(clerk, target, change);
    expect([400, 403]).toContain(result.status);
    expect(await get(target)).toEqual(before);
  });

  it('cannot take over a wider account by changing its email and asking for a reset code', async () => {
    const target = await account('wide-account@example.edu', ALL);
    const takeover = await put(clerk, target, { email: 'clerk-mailbox@example.edu' });
    expect(takeover.status).toBe(403);
    expect(takeover.body.message).toBe(
      'You cannot change the email of an account that holds scopes you do not hold (CHATBOT, SUPPORT, FRS, DATA, REPORTS, BATCH).',
    );
    await api.call('POST', '/core/v1.0/auth/recovery', { body: { email: 'clerk-mailbox@example.edu' } });
    expect(api.mail.lastCodeFor('clerk-mailbox@example.edu')).toBeUndefined();
  });

  it('may still correct the name of a wider account, and change anything of an account within their scopes', async () => {
    const wide = await account('wide-name@example.edu', ['CAMPUS', 'REPORTS']);
    expect((await put(clerk, wide, { firstName: 'Corrected' })).status).toBe(200);
    const narrow = await account('narrow@example.edu', ['CAMPUS']);
    for (const change of [{ email: 'narrow-moved@example.edu' }, { adminScopes: ['CAMPUS', 'IAM'] }, { roleIds: [] }, { isActive: false }]) {
      const result = await put(clerk, narrow, change);
      expect(result.status, JSON.stringify(change)).toBe(200);
    }
  });

  it('leaves every such change to an IAM administrator', async () => {
    const target = await account('admin-may@example.edu', ['CAMPUS', 'REPORTS']);
    expect((await put(admin, target, { email: 'admin-may-moved@example.edu', adminScopes: ['CAMPUS'], isActive: false })).status).toBe(200);
  });
});

/** Leaves only these accounts as IAM administrators (set up directly in the database). */
async function onlyAdministrators(...ids: string[]) {
  await api.database.db.execute(sql`update users set iam_admin = (id = any(${`{${ids.join(',')}}`}::uuid[]))`);
}
const activeAdministrators = async () =>
  (await rows<{ id: string }>(api.database.db, sql`select id from users where iam_admin and is_active`)).map((r) => r.id);

describe('the last active IAM administrator', () => {
  it('keeps the administrator flag and stays active', async () => {
    await onlyAdministrators(api.users.admin);
    for (const change of [{ iamAdmin: false }, { isActive: false }, { iamAdmin: false, isActive: false }]) {
      const result = await put(admin, api.users.admin, change);
      expect(result.status).toBe(409);
      expect(result.body.message).toBe('The last active IAM administrator cannot lose the administrator flag or be deactivated.');
      expect(Object.keys(result.body.fieldErrors)).toEqual(Object.keys(change));
    }
    const me = await get(api.users.admin);
    expect([me.iamAdmin, me.isActive]).toEqual([true, true]);
  });

  it('may step down while another active administrator remains, and then the other one is the last', async () => {
    await onlyAdministrators(api.users.admin);
    const second = await account('second-admin@example.edu', ALL, true);
    const secondToken = await api.signIn('second-admin@example.edu');
    expect((await put(admin, api.users.admin, { iamAdmin: false })).status).toBe(200);
    expect((await put(secondToken, second, { isActive: false })).status).toBe(409);
    expect((await put(secondToken, api.users.admin, { iamAdmin: true })).status).toBe(200);
  });

  it('lets only one of two administrators who remove each other at the same time succeed', async () => {
    const a = await account('pair-a@example.edu', ALL, true);
    const b = await account('pair-b@example.edu', ALL, true);
    await onlyAdministrators(a, b);
    const aToken = await api.signIn('pair-a@example.edu');
    const bToken = await api.signIn('pair-b@example.edu');
    const [ab, ba] = await Promise.all([put(aToken, b, { iamAdmin: false }), put(bToken, a, { iamAdmin: false })]);
    // The second to run finds itself the last administrator (409), or no longer an administrator at all (403).
    expect([ab.status, ba.status].filter((s) => s === 200)).toHaveLength(1);
    expect(await activeAdministrators()).toHaveLength(1);
  });
});
