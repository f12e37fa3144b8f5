import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../../../platform/db/client.js';
import { insertAccount } from '../../../platform/db/users.js';
import { startTestApi, TEST_PASSWORD } from '../../../test/harness.js';
import { SoftAuthenticator } from '../../../test/webauthn-authenticator.js';
import { CHALLENGE_TTL_MS, LAST_REQUIRED_PASSKEY, PASSKEY_NOT_VERIFIED, PASSKEY_REQUIRED_FOR_ADMINS } from './index.js';

const CONSOLE = 'https://console.campus.example';
const api = await startTestApi({ consoleUrl: CONSOLE });
for (const email of ['ana@example.edu', 'ben@example.edu', 'cloned@example.edu', 'second@example.edu', 'dee@example.edu', 'eve@example.edu']) {
  await insertAccount(api.database.db, { email, password: TEST_PASSWORD, firstName: 'Test', lastName: 'User', adminScopes: ['CAMPUS'] }, api.config.argon2);
}
const newKey = () => new SoftAuthenticator(CONSOLE, 'console.campus.example');

async function signInWithPassword(email: string) {
  const result = await api.call('POST', '/core/v1.0/auth', { body: { email, password: TEST_PASSWORD } });
  expect(result.status).toBe(200);
  return result.body.data as { token: string; secondFactor?: string };
}

async function register(token: string, key: SoftAuthenticator, name = 'Laptop', origin?: string) {
  const started = await api.call('POST', '/core/v1.0/users/me/passkeys/options', { token });
  expect(started.status).toBe(200);
  const { challengeId, options } = started.body.data;
  return api.call('POST', '/core/v1.0/users/me/passkeys', {
    token,
    body: { challengeId, name, response: key.register(options, { origin }) },
  });
}

async function passwordless(key: SoftAuthenticator, tamper: { origin?: string; replay?: { challengeId: string; options: { challenge: string } } } = {}) {
  const ceremony = tamper.replay ?? (await api.call('POST', '/core/v1.0/auth/passkey/options')).body.data;
  const answer = await api.call('POST', '/core/v1.0/auth/passkey', {
    body: { challengeId: ceremony.challengeId, response: key.assert(ceremony.options, { origin: tamper.origin }) },
  });
  return { answer, ceremony };
}

const counterOf = async (credentialId: string) =>
  Number((await rows<{ counter: string }>(api.database.db, sql`select counter from passkeys where credential_id = ${credentialId}`))[0]?.counter);

describe('passkeys (WebAuthn)', () => {
  it('registers several passkeys under names, lists them without their keys, renames and removes one', async () => {
    const { token } = await signInWithPassword('ana@example.edu');
    const options = await api.call('POST', '/core/v1.0/users/me/passkeys/options', { token });
    expect(options.body.data.options).toMatchObject({
      rp: { id: 'console.campus.example' },
      user: { name: 'ana@example.edu' },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required' },
    });
    const laptop = newKey();
    const first = await register(token, laptop, '  Work laptop ');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ name: 'Work laptop', lastUsedAt: null });
    api.clock.advance(60_000);
    expect((await register(token, newKey(), 'Phone')).status).toBe(200);
    // The second registration names the first one, so the authenticator will not make a duplicate.
    const again = await api.call('POST', '/core/v1.0/users/me/passkeys/options', { token });
    expect((again.body.data.options.excludeCredentials as { id: string }[]).map((c) => c.id)).toContain(laptop.id);

    const listed = await api.call('GET', '/core/v1.0/users/me/passkeys', { token });
    expect(listed.body.data.map((p: { name: string }) => p.name)).toEqual(['Work laptop', 'Phone']);
    expect(JSON.stringify(listed.body.data)).not.toContain(laptop.id);

    const renamed = await api.call('PATCH', `/core/v1.0/users/me/passkeys/${first.body.data._id}`, { token, body: { name: 'Old laptop' } });
    expect(renamed.body.data.name).toBe('Old laptop');
    const blank = await api.call('PATCH', `/core/v1.0/users/me/passkeys/${first.body.data._id}`, { token, body: { name: ' ' } });
    expect(blank.status).toBe(400);
    // Another account's passkey is not found, whoever asks.
    const { token: other } = await signInWithPassword('ben@example.edu');
    expect((await api.call('DELETE', `/core/v1.0/users/me/passkeys/${first.body.data._id}`, { token: other })).status).toBe(404);
    expect((await api.call('DELETE', `/core/v1.0/users/me/passkeys/${first.body.data._id}`, { token })).status).toBe(200);
    const left = await api.call('GET', '/core/v1.0/users/me/passkeys', { token });
    expect(left.body.data.map((p: { name: string }) => p.name)).toEqual(['Phone']);
    const [audit] = await rows<{ activity: string }>(api.database.db, sql`select activity from audit_trails where activity like 'Removed a passkey%'`);
    expect(audit?.activity).toBe('Removed a passkey (Old laptop)');
  });

  it('refuses a registration from another origin, for another RP ID, or with a challenge used or expired', async () => {
    const { token } = await signInWithPassword('dee@example.edu');
    const wrongOrigin = await register(token, newKey(), 'Phishing', 'https://console.campus.example.evil.test');
    expect(wrongOrigin.status).toBe(400);
    expect(wrongOrigin.body.message).toBe('The passkey could not be registered. Start again.');
    const wrongRp = await register(token, new SoftAuthenticator(CONSOLE, 'evil.test'));
    expect(wrongRp.status).toBe(400);

    const key = newKey();
    const started = await api.call('POST', '/core/v1.0/users/me/passkeys/options', { token });
    const body = { challengeId: started.body.data.challengeId, name: 'Key', response: key.register(started.body.data.options) };
    expect((await api.call('POST', '/core/v1.0/users/me/passkeys', { token, body })).status).toBe(200);
    // The same answer again: its challenge was used.
    const replayed = await api.call('POST', '/core/v1.0/users/me/passkeys', { token, body: { ...body, name: 'Key 2' } });
    expect(replayed.status).toBe(400);

    const late = await api.call('POST', '/core/v1.0/users/me/passkeys/options', { token });
    api.clock.advance(CHALLENGE_TTL_MS + 1000);
    const expired = await api.call('POST', '/core/v1.0/users/me/passkeys', {
      token,
      body: { challengeId: late.body.data.challengeId, name: 'Late', response: newKey().register(late.body.data.options) },
    });
    expect(expired.status).toBe(400);
    // Someone else's challenge cannot be answered either.
    const { token: eve } = await signInWithPassword('eve@example.edu');
    const eves = await api.call('POST', '/core/v1.0/users/me/passkeys/options', { token: eve });
    const stolen = await api.call('POST', '/core/v1.0/users/me/passkeys', {
      token,
      body: { challengeId: eves.body.data.challengeId, name: 'Stolen', response: newKey().register(eves.body.data.options) },
    });
    expect(stolen.status).toBe(400);
  });

  it('signs in with a passkey alone, stores the counter, and refuses a wrong origin and a replayed challenge', async () => {
    const { token } = await signInWithPassword('ben@example.edu');
    const key = newKey();
    expect((await register(token, key, 'Security key')).status).toBe(200);

    const { answer, ceremony } = await passwordless(key);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({ mustChangePassword: false });
    expect(answer.body.data.secondFactor).toBeUndefined();
    const me = await api.call('GET', '/core/v1.0/users/me', { token: answer.body.data.token });
    expect(me.body.data.email).toBe('ben@example.edu');
    expect(await counterOf(key.id)).toBe(1);

    const replay = await passwordless(key, { replay: ceremony });
    expect(replay.answer.status).toBe(401);
    expect(replay.answer.body.message).toBe(PASSKEY_NOT_VERIFIED);

    const wrongOrigin = await passwordless(key, { origin: 'https://evil.test' });
    expect(wrongOrigin.answer.status).toBe(401);
    // An unknown credential gets the same answer as a wrong signature.
    const unknown = await passwordless(newKey());
    expect(unknown.answer.status).toBe(401);
    expect(unknown.answer.body.message).toBe(PASSKEY_NOT_VERIFIED);
  });

  it('refuses a cloned credential whose counter goes backwards and records the security event', async () => {
    const { token } = await signInWithPassword('cloned@example.edu');
    const key = newKey();
    expect((await register(token, key)).status).toBe(200);
    const clone = key.clone();
    expect((await passwordless(key)).answer.status).toBe(200);
    expect((await passwordless(key)).answer.status).toBe(200);
    expect(await counterOf(key.id)).toBe(2);
    // The copy signs correctly, but with the counter it had when it was copied.
    const cloned = await passwordless(clone);
    expect(cloned.answer.status).toBe(401);
    expect(await counterOf(key.id)).toBe(2);
    const events = await rows<{ activity: string }>(
      api.database.db,
      sql`select activity from audit_trails where activity = 'Refused a passkey whose signature counter went backwards'`,
    );
    expect(events).toHaveLength(1);
    // The real authenticator goes on working.
    expect((await passwordless(key)).answer.status).toBe(200);
  });

  it('is a second factor after the password, bound to that session, and remembers the browser when asked', async () => {
    const { token: setup } = await signInWithPassword('second@example.edu');
    const key = newKey();
    expect((await register(setup, key)).status).toBe(200);
    const { token, secondFactor } = await signInWithPassword('second@example.edu');
    expect(secondFactor).toBe('verify');
    expect((await api.call('GET', '/core/v1.0/users/me', { token })).status).toBe(403);
    const status = await api.call('GET', '/core/v1.0/users/me/second-factor', { token });
    expect(status.body.data).toMatchObject({ enrolled: false, passkeys: 1, passkeyRequired: false });

    const started = await api.call('POST', '/core/v1.0/auth/second-factor/passkey/options', { token });
    expect(started.status).toBe(200);
    expect(started.body.data.options.allowCredentials).toEqual([expect.objectContaining({ id: key.id })]);
    // Another session (the same account, another browser) cannot answer this session's challenge.
    const { token: elsewhere } = await signInWithPassword('second@example.edu');
    const foreign = await api.call('POST', '/core/v1.0/auth/second-factor/passkey', {
      token: elsewhere,
      body: { challengeId: started.body.data.challengeId, response: key.assert(started.body.data.options) },
    });
    expect(foreign.status).toBe(400);
    const again = await api.call('POST', '/core/v1.0/auth/second-factor/passkey/options', { token });
    const wrongOrigin = await api.call('POST', '/core/v1.0/auth/second-factor/passkey', {
      token,
      body: { challengeId: again.body.data.challengeId, response: key.assert(again.body.data.options, { origin: 'http://127.0.0.1:9' }) },
    });
    expect(wrongOrigin.status).toBe(400);
    const fresh = await api.call('POST', '/core/v1.0/auth/second-factor/passkey/options', { token });
    const passed = await api.call('POST', '/core/v1.0/auth/second-factor/passkey', {
      token,
      body: { challengeId: fresh.body.data.challengeId, response: key.assert(fresh.body.data.options), rememberDevice: true },
    });
    expect(passed.status, JSON.stringify(passed.body)).toBe(200);
    expect(passed.body.data.rememberedDevice).toMatch(/^msc\.device\./);
    expect((await api.call('GET', '/core/v1.0/users/me', { token })).status).toBe(200);
    // The remembered browser skips the step next time.
    const remembered = await api.call('POST', '/core/v1.0/auth', {
      body: { email: 'second@example.edu', password: TEST_PASSWORD },
      headers: { 'x-remembered-device': passed.body.data.rememberedDevice },
    });
    expect(remembered.body.data.secondFactor).toBeUndefined();
  });

  it('lets an administrator require passkeys of IAM administrators: enrolment owed, codes refused, the last one kept', async () => {
    const admin = await api.signIn('admin@example.edu');
    const current = (await api.call('GET', '/core/v1.0/settings', { token: admin })).body.data.settings;
    const saved = await api.call('PUT', '/core/v1.0/settings', { token: admin, body: { ...current, passkeysRequiredForIamAdmins: true } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.settings.passkeysRequiredForIamAdmins).toBe(true);

    // An IAM administrator without a passkey must register one before anything else.
    const owed = await signInWithPassword('admin@example.edu');
    expect(owed.secondFactor).toBe('enrol');
    expect((await api.call('GET', '/core/v1.0/settings', { token: owed.token })).status).toBe(403);
    const key = newKey();
    const registered = await register(owed.token, key, 'YubiKey');
    expect(registered.status).toBe(200);
    expect((await api.call('GET', '/core/v1.0/settings', { token: owed.token })).status).toBe(200);
    // Other accounts are not concerned.
    expect((await signInWithPassword('registrar@example.edu')).secondFactor).toBeUndefined();

    const next = await signInWithPassword('admin@example.edu');
    expect(next.secondFactor).toBe('verify');
    const code = await api.call('POST', '/core/v1.0/auth/second-factor', { token: next.token, body: { code: '123456' } });
    expect(code.status).toBe(400);
    expect(code.body.message).toBe(PASSKEY_REQUIRED_FOR_ADMINS);
    const last = await api.call('DELETE', `/core/v1.0/users/me/passkeys/${registered.body.data._id}`, { token: owed.token });
    expect(last.status).toBe(409);
    expect(last.body.message).toBe(LAST_REQUIRED_PASSKEY);

    const off = await api.call('PUT', '/core/v1.0/settings', { token: owed.token, body: { ...current, passkeysRequiredForIamAdmins: false } });
    expect(off.status).toBe(200);
  });

  it('logs a cloned credential as a security event that names no person, account or address', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await startTestApi({ consoleUrl: CONSOLE, logLevel: 'info' }, { logger: { level: 'info', stream } });
    const key = newKey();
    const token = await logged.signIn('registrar@example.edu');
    const started = await logged.call('POST', '/core/v1.0/users/me/passkeys/options', { token });
    const { challengeId, options } = started.body.data;
    expect((await logged.call('POST', '/core/v1.0/users/me/passkeys', { token, body: { challengeId, name: 'Key', response: key.register(options) } })).status).toBe(200);
    const clone = key.clone();
    const use = async (authenticator: SoftAuthenticator) => {
      const ceremony = (await logged.call('POST', '/core/v1.0/auth/passkey/options')).body.data;
      return logged.call('POST', '/core/v1.0/auth/passkey', { body: { challengeId: ceremony.challengeId, response: authenticator.assert(ceremony.options) } });
    };
    expect((await use(key)).status).toBe(200);
    expect((await use(clone)).status).toBe(401);
    const events = lines.filter((line) => line.includes('passkey-counter-regression'));
    expect(events).toHaveLength(1);
    const event = JSON.parse(events[0]!) as Record<string, unknown>;
    expect(event).toMatchObject({ level: 40, securityEvent: 'passkey-counter-regression', passkey: expect.any(String) });
    expect(events[0]).not.toMatch(/registrar|example\.edu|127\.0\.0\.1/);
    expect(events[0]).not.toContain(logged.users.registrar);
  }, 120_000);

  it('counts passkey sign-ins against the sign-in rate limit', async () => {
    const limited = await startTestApi({ consoleUrl: CONSOLE, authRateLimit: { max: 3, windowMs: 60_000 } });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await limited.call('POST', '/core/v1.0/auth/passkey/options')).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  }, 120_000);
});
