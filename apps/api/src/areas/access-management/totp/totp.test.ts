import { describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { sql } from 'drizzle-orm';
import { rows } from '../../../platform/db/client.js';
import { insertAccount } from '../../../platform/db/users.js';
import { startTestApi, TEST_PASSWORD } from '../../../test/harness.js';

const api = await startTestApi({ lockoutThreshold: 5 });
for (const email of ['remember@example.edu', 'lockout@example.edu']) {
  await insertAccount(
    api.database.db,
    { email, password: TEST_PASSWORD, firstName: 'Test', lastName: 'User', adminScopes: ['CAMPUS'] },
    api.config.argon2,
  );
}
const STEP = 30_000;
/** A test that starts an API of its own (a fresh database, migrated) needs longer than the default on a busy machine. */
const STRICT_API_TIMEOUT = 120_000;

const codeAt = (secret: string, at: Date) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: at.getTime(),
  });

async function signIn(email: string, device?: string) {
  const result = await api.call('POST', '/core/v1.0/auth', {
    body: { email, password: TEST_PASSWORD },
    headers: device ? { 'x-remembered-device': device } : {},
  });
  expect(result.status).toBe(200);
  return result.body.data as { token: string; secondFactor?: string };
}

/** Enrols the admin: QR code, first code, ten recovery codes. */
async function enrol(email: string) {
  const { token } = await signIn(email);
  const started = await api.call('POST', '/core/v1.0/users/me/second-factor', { token });
  expect(started.status).toBe(200);
  const { secret, otpauthUri, qrSvg } = started.body.data;
  expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
  expect(qrSvg).toMatch(/^<svg[\s\S]*<\/svg>$/);
  const wrongCode = codeAt(secret, new Date(api.clock.now().getTime() + 10 * STEP));
  const wrong = await api.call('POST', '/core/v1.0/users/me/second-factor/confirm', {
    token,
    body: { code: wrongCode },
  });
  expect(wrong.status).toBe(400);
  const confirmed = await api.call('POST', '/core/v1.0/users/me/second-factor/confirm', {
    token,
    body: { code: codeAt(secret, api.clock.now()) },
  });
  expect(confirmed.status).toBe(200);
  return { secret: secret as string, recoveryCodes: confirmed.body.data.recoveryCodes as string[], token };
}

describe('two-factor sign-in (TOTP)', () => {
  it('enrols with a QR code and gives ten recovery codes, once', async () => {
    const { recoveryCodes, token } = await enrol('auditor@example.edu');
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const status = await api.call('GET', '/core/v1.0/users/me/second-factor', { token });
    expect(status.body.data).toEqual({ enrolled: true, recoveryCodesLeft: 10, required: true, passkeys: 0, passkeyRequired: false });
    expect((await api.call('POST', '/core/v1.0/users/me/second-factor', { token })).status).toBe(409);
  });

  it('asks for a code after the password; the code of the next time step lets the session in, a replayed one does not', async () => {
    const { secret } = await enrol('admin@example.edu');
    const { token, secondFactor } = await signIn('admin@example.edu');
    expect(secondFactor).toBe('verify');
    expect((await api.call('GET', '/core/v1.0/users/me', { token })).status).toBe(403);
    // The code used for the enrolment belongs to a step already used.
    const replay = await api.call('POST', '/core/v1.0/auth/second-factor', {
      token,
      body: { code: codeAt(secret, api.clock.now()) },
    });
    expect(replay.status).toBe(400);
    api.clock.advance(STEP);
    const passed = await api.call('POST', '/core/v1.0/auth/second-factor', {
      token,
      body: { code: codeAt(secret, api.clock.now()) },
    });
    expect(passed.status).toBe(200);
    expect((await api.call('GET', '/core/v1.0/users/me', { token })).status).toBe(200);
  });

  it('accepts each recovery code once', async () => {
    const { recoveryCodes } = await enrol('registrar@example.edu');
    const first = await signIn('registrar@example.edu');
    const used = await api.call('POST', '/core/v1.0/auth/second-factor', {
      token: first.token,
      body: { code: recoveryCodes[0]!.toLowerCase() },
    });
    expect(used.status).toBe(200);
    expect(used.body.data.recoveryCodesLeft).toBe(9);
    const second = await signIn('registrar@example.edu');
    const again = await api.call('POST', '/core/v1.0/auth/second-factor', {
      token: second.token,
      body: { code: recoveryCodes[0]! },
    });
    expect(again.status).toBe(400);
  });

  it('remembers a device for 30 days at most', async () => {
    const { secret } = await enrol('remember@example.edu');
    const first = await signIn('remember@example.edu');
    api.clock.advance(STEP);
    const passed = await api.call('POST', '/core/v1.0/auth/second-factor', {
      token: first.token,
      body: { code: codeAt(secret, api.clock.now()), rememberDevice: true },
    });
    const device = passed.body.data.rememberedDevice as string;
    expect(device).toMatch(/^msc\.device\./);
    expect((await signIn('remember@example.edu', device)).secondFactor).toBeUndefined();
    expect((await signIn('remember@example.edu', 'msc.device.not-ours')).secondFactor).toBe('verify');
    api.clock.advance(30 * 24 * 60 * 60 * 1000);
    expect((await signIn('remember@example.edu', device)).secondFactor).toBe('verify');
  });

  it('counts wrong codes toward the lockout', async () => {
    await enrol('lockout@example.edu');
    const { token } = await signIn('lockout@example.edu');
    for (let i = 0; i < 4; i++) {
      expect(
        (await api.call('POST', '/core/v1.0/auth/second-factor', { token, body: { code: '12345678' } }))
          .status,
      ).toBe(400);
    }
    const locked = await api.call('POST', '/core/v1.0/auth/second-factor', {
      token,
      body: { code: '12345678' },
    });
    expect(locked.status).toBe(401);
    expect(
      (await api.call('POST', '/core/v1.0/auth/second-factor', { token, body: { code: '12345678' } })).status,
    ).toBe(401);
    const again = await api.call('POST', '/core/v1.0/auth', {
      body: { email: 'lockout@example.edu', password: TEST_PASSWORD },
    });
    expect(again.status).toBe(401);
  });
});

describe('two-factor sign-in required for administrators', () => {
  it('lets an IAM administrator without an authenticator do nothing but enrol', async () => {
    const strict = await startTestApi({ totpRequiredForAdmins: true });
    const admin = await strict.call('POST', '/core/v1.0/auth', {
      body: { email: 'admin@example.edu', password: TEST_PASSWORD },
    });
    expect(admin.body.data.secondFactor).toBe('enrol');
    const token = admin.body.data.token as string;
    expect((await strict.call('GET', '/core/v1.0/roles', { token })).status).toBe(403);
    const started = await strict.call('POST', '/core/v1.0/users/me/second-factor', { token });
    await strict.call('POST', '/core/v1.0/users/me/second-factor/confirm', {
      token,
      body: { code: codeAt(started.body.data.secret, strict.clock.now()) },
    });
    expect((await strict.call('GET', '/core/v1.0/roles', { token })).status).toBe(200);
    const registrar = await strict.call('POST', '/core/v1.0/auth', {
      body: { email: 'registrar@example.edu', password: TEST_PASSWORD },
    });
    expect(registrar.body.data.secondFactor).toBeUndefined();
  }, STRICT_API_TIMEOUT);
});

describe('turning two-factor sign-in off, and an administrator resetting it', () => {
  it('turns off with a current code, not with a wrong one, and the next sign-in asks for no code', async () => {
    const email = 'off@example.edu';
    await insertAccount(api.database.db, { email, password: TEST_PASSWORD, firstName: 'Off', lastName: 'User', adminScopes: ['CAMPUS'] }, api.config.argon2);
    const { secret, token } = await enrol(email);
    const wrong = await api.call('POST', '/core/v1.0/users/me/second-factor/off', { token, body: { code: '000000' } });
    expect(wrong.status).toBe(400);
    api.clock.advance(STEP);
    const off = await api.call('POST', '/core/v1.0/users/me/second-factor/off', {
      token,
      body: { code: codeAt(secret, api.clock.now()) },
    });
    expect(off.status).toBe(200);
    expect(off.body.data).toMatchObject({ enrolled: false, recoveryCodesLeft: 0 });
    expect((await signIn(email)).secondFactor).toBeUndefined();
    const again = await api.call('POST', '/core/v1.0/users/me/second-factor/off', { token, body: { code: codeAt(secret, api.clock.now()) } });
    expect(again.status).toBe(409);
  });

  it('turns off with an unused recovery code', async () => {
    const email = 'off-recovery@example.edu';
    await insertAccount(api.database.db, { email, password: TEST_PASSWORD, firstName: 'Off', lastName: 'Recovery', adminScopes: ['CAMPUS'] }, api.config.argon2);
    const { recoveryCodes, token } = await enrol(email);
    const off = await api.call('POST', '/core/v1.0/users/me/second-factor/off', { token, body: { code: recoveryCodes[3]!.toLowerCase() } });
    expect(off.status).toBe(200);
  });

  it('lets an IAM administrator reset a user who lost the app and the codes; the user is signed out and audited', async () => {
    const email = 'lost@example.edu';
    const userId = await insertAccount(api.database.db, { email, password: TEST_PASSWORD, firstName: 'Lost', lastName: 'Phone', adminScopes: ['CAMPUS'] }, api.config.argon2);
    const { token: userToken } = await enrol(email);
    // A help-desk account holds the IAM scope without being an IAM administrator.
    const helpDeskId = await insertAccount(api.database.db, { email: 'helpdesk@example.edu', password: TEST_PASSWORD, firstName: 'Help', lastName: 'Desk', adminScopes: ['IAM'] }, api.config.argon2);
    const auditor = await api.signIn('helpdesk@example.edu');
    const reset = (id: string, token: string) => api.call('POST', `/core/v1.0/users/${id}/second-factor/reset`, { token });

    expect((await reset(userId, userToken)).status).toBe(403);
    expect((await reset(helpDeskId, auditor)).status).toBe(400);
    expect((await reset(api.users.admin, auditor)).status).toBe(403);

    const done = await reset(userId, auditor);
    expect(done.status).toBe(200);
    expect(done.body.data.reset).toBe(true);
    // Their session ended, their next sign-in needs no code, and the audit trail names who reset it.
    expect((await api.call('GET', '/core/v1.0/users/me/second-factor', { token: userToken })).status).toBe(401);
    expect((await signIn(email)).secondFactor).toBeUndefined();
    const entries = await rows<{ actor_email: string }>(
      api.database.db,
      sql`select actor_email from audit_trails where record_id = ${userId} and activity = 'Reset two-factor sign-in'`,
    );
    expect(entries).toEqual([{ actor_email: 'helpdesk@example.edu' }]);
    // Nothing left to reset the second time.
    expect((await reset(userId, auditor)).body.data.reset).toBe(false);
  });

  it('refuses turning it off where it is required for IAM administrators', async () => {
    const strict = await startTestApi({ totpRequiredForAdmins: true });
    const admin = await strict.call('POST', '/core/v1.0/auth', { body: { email: 'admin@example.edu', password: TEST_PASSWORD } });
    const token = admin.body.data.token as string;
    const started = await strict.call('POST', '/core/v1.0/users/me/second-factor', { token });
    await strict.call('POST', '/core/v1.0/users/me/second-factor/confirm', {
      token,
      body: { code: codeAt(started.body.data.secret, strict.clock.now()) },
    });
    strict.clock.advance(STEP);
    const off = await strict.call('POST', '/core/v1.0/users/me/second-factor/off', {
      token,
      body: { code: codeAt(started.body.data.secret, strict.clock.now()) },
    });
    expect(off.status).toBe(409);
  }, STRICT_API_TIMEOUT);
});
