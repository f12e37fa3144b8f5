import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../db/client.js';
import { insertAccount } from '../db/users.js';
import { startTestApi, TEST_PASSWORD } from '../../test/harness.js';

const api = await startTestApi({ lockoutThreshold: 5 });
const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;

async function account(email: string, extra: { mustChangePassword?: boolean; adminScopes?: string[] } = {}) {
  return insertAccount(
    api.database.db,
    { email, password: TEST_PASSWORD, firstName: 'Test', lastName: email.split('@')[0]!, adminScopes: extra.adminScopes ?? ['CAMPUS'], mustChangePassword: extra.mustChangePassword ?? false },
    api.config.argon2,
  );
}

async function auditActivities(recordId: string): Promise<string[]> {
  const found = await rows<{ activity: string }>(
    api.database.db,
    sql`select activity from audit_trails where record_id = ${recordId} order by created_at, activity`,
  );
  return found.map((r) => r.activity);
}

describe('sign-in', () => {
  it('answers a token, the user id and the password flag', async () => {
    const result = await api.call('POST', '/core/v1.0/auth', { body: { email: 'Admin@Example.edu', password: TEST_PASSWORD } });
    expect(result.status).toBe(200);
    expect(result.body.data).toEqual({ token: expect.stringMatching(/^cas\.msc\./), userId: api.users.admin, mustChangePassword: false });
  });

  it('stores only a SHA-256 of the token', async () => {
    const token = await api.signIn('registrar@example.edu');
    const stored = await rows<{ token_hash: string }>(api.database.db, sql`select token_hash from sessions`);
    expect(stored.every((s) => /^[0-9a-f]{64}$/.test(s.token_hash))).toBe(true);
    expect(stored.some((s) => s.token_hash === token)).toBe(false);
  });

  it.each([
    ['a wrong password', { email: 'registrar@example.edu', password: 'not the password' }],
    ['an unknown email', { email: 'nobody@example.edu', password: TEST_PASSWORD }],
  ])('answers %s exactly like any other refusal', async (_name, body) => {
    const result = await api.call('POST', '/core/v1.0/auth', { body });
    expect(result.status).toBe(401);
    expect(result.body).toEqual({ message: 'Incorrect email or password.' });
  });

  it('rejects a sign-in body with unknown fields or no password', async () => {
    for (const body of [{ email: 'admin@example.edu', password: TEST_PASSWORD, admin: true }, { email: 'admin@example.edu' }]) {
      const result = await api.call('POST', '/core/v1.0/auth', { body });
      expect(result.status).toBe(400);
      expect(result.body.fieldErrors).toBeDefined();
    }
  });
});

describe('lockout', () => {
  it('locks an account after five failures for fifteen minutes, with the same answer, then lets it in again', async () => {
    const id = await account('lockme@example.edu');
    for (let i = 0; i < 5; i += 1) {
      const result = await api.call('POST', '/core/v1.0/auth', { body: { email: 'lockme@example.edu', password: `wrong guess ${i}` } });
      expect(result.body).toEqual({ message: 'Incorrect email or password.' });
    }
    const locked = await api.call('POST', '/core/v1.0/auth', { body: { email: 'lockme@example.edu', password: TEST_PASSWORD } });
    expect(locked.status).toBe(401);
    expect(locked.body).toEqual({ message: 'Incorrect email or password.' });
    api.clock.advance(14 * MINUTE);
    expect((await api.call('POST', '/core/v1.0/auth', { body: { email: 'lockme@example.edu', password: TEST_PASSWORD } })).status).toBe(401);
    api.clock.advance(2 * MINUTE);
    expect((await api.call('POST', '/core/v1.0/auth', { body: { email: 'lockme@example.edu', password: TEST_PASSWORD } })).status).toBe(200);
    const activities = await auditActivities(id);
    expect(activities.filter((a) => a === 'Failed sign-in')).toHaveLength(4);
    expect(activities).toContain('Account locked after 5 failed sign-ins');
    expect(activities).toContain('Sign-in refused: account locked');
    expect(activities).toContain('Signed in');
  });

  it('resets the failure count after a successful sign-in', async () => {
    await account('counter@example.edu');
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < 4; i += 1) {
        await api.call('POST', '/core/v1.0/auth', { body: { email: 'counter@example.edu', password: 'wrong password!' } });
      }
      expect((await api.call('POST', '/core/v1.0/auth', { body: { email: 'counter@example.edu', password: TEST_PASSWORD } })).status).toBe(200);
    }
  });
});

describe('sessions', () => {
  it('expires after two idle hours', async () => {
    const token = await api.signIn('registrar@example.edu');
    api.clock.advance(2 * HOUR - MINUTE);
    expect((await api.call('GET', '/core/v1.0/users/me', { token })).status).toBe(200);
    api.clock.advance(2 * HOUR - MINUTE);
    expect((await api.call('GET', '/core/v1.0/users/me', { token })).status).toBe(200);
    api.clock.advance(2 * HOUR);
    const expired = await api.call('GET', '/core/v1.0/users/me', { token });
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe('Your session has expired. Please sign in again.');
  });

  it('expires twelve hours after sign-in even when used all along', async () => {
    const token = await api.signIn('registrar@example.edu');
    for (let i = 0; i < 11; i += 1) {
      api.clock.advance(HOUR);
      expect((await api.call('GET', '/core/v1.0/users/me', { token })).status).toBe(200);
    }
    api.clock.advance(HOUR);
    expect((await api.call('GET', '/core/v1.0/users/me', { token })).status).toBe(401);
  });

  it('ends the calling session on logout and records it', async () => {
    const token = await api.signIn('registrar@example.edu');
    const other = await api.signIn('registrar@example.edu');
    expect((await api.call('POST', `/core/v1.0/auth/logout/${api.users.admin}`, { token })).status).toBe(403);
    const out = await api.call('POST', `/core/v1.0/auth/logout/${api.users.registrar}`, { token });
    expect(out.status).toBe(200);
    expect((await api.call('GET', '/core/v1.0/users/me', { token })).status).toBe(401);
    expect((await api.call('GET', '/core/v1.0/users/me', { token: other })).status).toBe(200);
    expect(await auditActivities(api.users.registrar)).toContain('Signed out');
  });

  it.each([
    ['no header', undefined],
    ['a token that is not ours', 'Bearer abc'],
    ['an unknown token', 'Bearer cas.msc.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
  ])('refuses %s with 401', async (_name, authorization) => {
    const result = await api.call('GET', '/core/v1.0/campuses', { headers: authorization ? { authorization } : {} });
    expect(result.status).toBe(401);
  });

  it('ends the sessions of a user who is deactivated', async () => {
    const id = await account('leaving@example.edu');
    const theirs = await api.signIn('leaving@example.edu');
    const admin = await api.signIn('admin@example.edu');
    const result = await api.call('PUT', `/core/v1.0/users/${id}`, { token: admin, body: { isActive: false, modifiedById: api.users.admin } });
    expect(result.status).toBe(200);
    expect((await api.call('GET', '/core/v1.0/users/me', { token: theirs })).status).toBe(401);
    expect((await api.call('POST', '/core/v1.0/auth', { body: { email: 'leaving@example.edu', password: TEST_PASSWORD } })).status).toBe(401);
  });
});

describe('the signed-in user', () => {
  it('returns the spec fields of users/me', async () => {
    const token = await api.signIn('registrar@example.edu');
    const me = await api.call('GET', '/core/v1.0/users/me', { token });
    expect(me.body.data).toMatchObject({
      _id: api.users.registrar, firstName: 'Gabriela', lastName: 'Silang', avatar: null, adminScopes: ['CAMPUS'],
      iamAdmin: false, scopes: ['CAMPUS'], employee: null, mustChangePassword: false,
    });
  });

  it('lets anyone signed in read their own account as users?search=_id:{id}, and nobody else', async () => {
    const token = await api.signIn('registrar@example.edu');
    const own = await api.call('GET', `/core/v1.0/users?search=_id:${api.users.registrar}`, { token });
    expect(own.status).toBe(200);
    expect(own.body.rows[0].adminScopes).toEqual(['CAMPUS']);
    expect(own.body.rows[0]).not.toHaveProperty('passwordHash');
    expect((await api.call('GET', `/core/v1.0/users?search=_id:${api.users.admin}`, { token })).status).toBe(403);
    expect((await api.call('GET', '/core/v1.0/users', { token })).status).toBe(403);
  });
});

describe('temporary passwords and password changes', () => {
  it('makes a temporary-password user change it before anything else', async () => {
    await account('newbie@example.edu', { mustChangePassword: true });
    const signIn = await api.call('POST', '/core/v1.0/auth', { body: { email: 'newbie@example.edu', password: TEST_PASSWORD } });
    expect(signIn.body.data.mustChangePassword).toBe(true);
    const token = signIn.body.data.token as string;
    expect((await api.call('GET', '/core/v1.0/campuses', { token })).status).toBe(403);
    expect((await api.call('GET', '/core/v1.0/users/me', { token })).body.data.mustChangePassword).toBe(true);
    const weak = await api.call('POST', '/core/v1.0/auth/password', { token, body: { currentPassword: TEST_PASSWORD, newPassword: 'short' } });
    expect(weak.status).toBe(400);
    expect(weak.body.fieldErrors['newPassword']).toBeDefined();
    const wrong = await api.call('POST', '/core/v1.0/auth/password', { token, body: { currentPassword: 'not it at all', newPassword: 'Malakas-Maganda-2026' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fieldErrors.currentPassword).toEqual(['The current password is incorrect.']);
    const changed = await api.call('POST', '/core/v1.0/auth/password', { token, body: { currentPassword: TEST_PASSWORD, newPassword: 'Malakas-Maganda-2026' } });
    expect(changed.status).toBe(200);
    expect((await api.call('GET', '/core/v1.0/campuses', { token })).status).toBe(200);
    expect((await api.call('POST', '/core/v1.0/auth', { body: { email: 'newbie@example.edu', password: 'Malakas-Maganda-2026' } })).body.data.mustChangePassword).toBe(false);
  });
});

describe('password reset', () => {
  it('always answers 202 and never says whether the address exists', async () => {
    const known = await api.call('POST', '/core/v1.0/auth/recovery', { body: { email: 'registrar@example.edu' } });
    const unknown = await api.call('POST', '/core/v1.0/auth/recovery', { body: { email: 'ghost@example.edu' } });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.body).toEqual(unknown.body);
    expect(api.mail.lastCodeFor('ghost@example.edu')).toBeUndefined();
  });

  it('accepts a code once, within thirty minutes, and ends old sessions', async () => {
    await account('forgetful@example.edu');
    const old = await api.signIn('forgetful@example.edu');
    await api.call('POST', '/core/v1.0/auth/recovery', { body: { email: 'forgetful@example.edu' } });
    const code = api.mail.lastCodeFor('forgetful@example.edu')!;
    expect(code).toMatch(/^\d{6}$/);
    const wrongCode = code === '000000' ? '111111' : '000000';
    expect((await api.call('POST', '/core/v1.0/auth/reset/verify', { body: { email: 'forgetful@example.edu', code: wrongCode } })).status).toBe(400);
    expect((await api.call('POST', '/core/v1.0/auth/reset/verify', { body: { email: 'forgetful@example.edu', code } })).status).toBe(200);
    const reset = await api.call('POST', '/core/v1.0/auth/reset', { body: { email: 'forgetful@example.edu', code, newPassword: 'Bagong-Password-2026' } });
    expect(reset.status).toBe(200);
    expect((await api.call('GET', '/core/v1.0/users/me', { token: old })).status).toBe(401);
    const again = await api.call('POST', '/core/v1.0/auth/reset', { body: { email: 'forgetful@example.edu', code, newPassword: 'Ibang-Password-2026' } });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('The code is invalid or has expired.');
    await api.signIn('forgetful@example.edu', 'Bagong-Password-2026');
  });

  it('refuses an expired code and burns a code after five wrong tries', async () => {
    await account('slow@example.edu');
    await api.call('POST', '/core/v1.0/auth/recovery', { body: { email: 'slow@example.edu' } });
    const code = api.mail.lastCodeFor('slow@example.edu')!;
    api.clock.advance(31 * MINUTE);
    expect((await api.call('POST', '/core/v1.0/auth/reset/verify', { body: { email: 'slow@example.edu', code } })).status).toBe(400);
    await api.call('POST', '/core/v1.0/auth/recovery', { body: { email: 'slow@example.edu' } });
    const fresh = api.mail.lastCodeFor('slow@example.edu')!;
    const wrong = fresh === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) await api.call('POST', '/core/v1.0/auth/reset/verify', { body: { email: 'slow@example.edu', code: wrong } });
    expect((await api.call('POST', '/core/v1.0/auth/reset/verify', { body: { email: 'slow@example.edu', code: fresh } })).status).toBe(400);
  });
});
