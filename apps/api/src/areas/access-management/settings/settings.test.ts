import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { maskSmtpUrl } from '@campus/domain-iam';
import { rows } from '../../../platform/db/client.js';
import { startSmtpSink } from '../../../test/smtp-sink.js';
import { startTestApi, TEST_PASSWORD } from '../../../test/harness.js';
import { SETTINGS_IAM_ADMIN_ONLY } from './index.js';

const sink = await startSmtpSink();
afterAll(() => sink.close());
const api = await startTestApi({ smtpUrl: sink.url });

const valid = {
  organisationName: 'Bicol State University',
  logoUrl: '/logo.svg',
  mission: 'To provide quality education for the region.',
  vision: 'A leading university in the region.',
  timeZone: 'Asia/Manila',
  lockoutThreshold: 5,
  lockoutMinutes: 15,
  sessionIdleMinutes: 120,
  sessionAbsoluteHours: 12,
  passwordMinLength: 12,
  twoFactorMandatory: false,
  auditRetentionDays: 2555,
  transcriptRetentionDays: 365,
};

async function save(token: string, body: Record<string, unknown>) {
  return api.call('PUT', '/core/v1.0/settings', { token, body });
}

describe('system settings', () => {
  it('shows the defaults and the outbound mail address', async () => {
    const admin = await api.signIn('admin@example.edu');
    const read = await api.call('GET', '/core/v1.0/settings', { token: admin });
    expect(read.status).toBe(200);
    expect(read.body.data.settings.lockoutThreshold).toBe(5);
    expect(read.body.data.settings.passwordMinLength).toBe(12);
    expect(read.body.data.smtpUrl).toBe(sink.url);
  });

  it('shows the organisation the sign-in panel shows: one name, mission and vision, from one place', async () => {
    const admin = await api.signIn('admin@example.edu');
    const { settings } = (await api.call('GET', '/core/v1.0/settings', { token: admin })).body.data;
    const panel = (await api.call('GET', '/core/v1.0/settings/sign-in-panel')).body.data;
    expect(settings.organisationName).toBe('Mabini State University');
    expect(settings.mission).toMatch(/^To provide accessible, relevant and quality higher education/);
    expect(settings.vision).not.toBe('');
    expect(panel).toEqual({ organisationName: settings.organisationName, logoUrl: settings.logoUrl, mission: settings.mission, vision: settings.vision });
    // Emptied, the mission is the product's text again, in both places.
    const { updatedAt: _u, ...current } = settings;
    expect((await save(admin, { ...current, mission: '' })).status).toBe(200);
    expect((await api.call('GET', '/core/v1.0/settings', { token: admin })).body.data.settings.mission).toBe(settings.mission);
    expect((await api.call('GET', '/core/v1.0/settings/sign-in-panel')).body.data.mission).toBe(settings.mission);
  });

  it('masks the SMTP password', () => {
    expect(maskSmtpUrl('smtps://mailer:s3cret@mail.example.edu:465')).toBe('smtps://mailer:••••••@mail.example.edu:465');
    expect(maskSmtpUrl(undefined)).toBeNull();
  });

  it.each([
    ['a user without the IAM scope', 'registrar@example.edu'],
    ['an IAM user who is not an administrator', 'auditor@example.edu'],
  ])('refuses %s (403) and saves nothing', async (_who, email) => {
    const token = await api.signIn(email);
    expect((await api.call('GET', '/core/v1.0/settings', { token })).status).toBe(403);
    const saved = await save(token, { ...valid, mission: 'Changed by someone else' });
    expect(saved.status).toBe(403);
    expect((await api.call('POST', '/core/v1.0/settings/test-email', { token, body: { to: 'x@example.edu' } })).status).toBe(403);
    expect((await api.call('GET', '/core/v1.0/settings/sign-in-panel')).body.data.mission).not.toBe('Changed by someone else');
  });

  it('answers the non-administrator IAM user with the settings message', async () => {
    const token = await api.signIn('auditor@example.edu');
    expect((await api.call('GET', '/core/v1.0/settings', { token })).body.message).toBe(SETTINGS_IAM_ADMIN_ONLY);
  });

  it.each([
    ['passwordMinLength', 11, 'At least 12 characters.'],
    ['lockoutThreshold', 2, 'At least 3 attempts.'],
    ['lockoutThreshold', 21, 'At most 20 attempts.'],
    ['sessionIdleMinutes', 4, 'At least 5 minutes.'],
    ['sessionAbsoluteHours', 73, 'At most 72 hours.'],
    ['auditRetentionDays', 30, 'At least 365 days.'],
    ['timeZone', 'Mars/Olympus', 'Choose a time zone such as Asia/Manila.'],
    ['organisationName', '', 'Required'],
    ['logoUrl', 'http://insecure.example/logo.png', 'Enter an https:// address or a path starting with /.'],
  ])('refuses %s = %s out of bounds with a clear message and keeps what was stored', async (field, value, message) => {
    const admin = await api.signIn('admin@example.edu');
    const before = await api.call('GET', '/core/v1.0/settings', { token: admin });
    const answer = await save(admin, { ...valid, [field]: value });
    expect(answer.status).toBe(400);
    expect(answer.body.fieldErrors[field]).toContain(message);
    expect((await api.call('GET', '/core/v1.0/settings', { token: admin })).body.data).toEqual(before.body.data);
  });

  it('refuses an idle lifetime longer than the absolute lifetime', async () => {
    const admin = await api.signIn('admin@example.edu');
    const answer = await save(admin, { ...valid, sessionIdleMinutes: 180, sessionAbsoluteHours: 2 });
    expect(answer.status).toBe(400);
    expect(answer.body.fieldErrors.sessionIdleMinutes).toContain('The idle lifetime cannot be longer than the absolute lifetime.');
  });

  it('saves, audits before and after, and the sign-in panel shows the new mission at once', async () => {
    const admin = await api.signIn('admin@example.edu');
    const saved = await save(admin, valid);
    expect(saved.status).toBe(200);
    expect(saved.body.data.settings.mission).toBe(valid.mission);
    const panel = await api.call('GET', '/core/v1.0/settings/sign-in-panel');
    expect(panel.status).toBe(200);
    expect(panel.body.data).toEqual({ organisationName: valid.organisationName, logoUrl: '/logo.svg', mission: valid.mission, vision: valid.vision });

    api.clock.advance(1000);
    const again = await save(admin, { ...valid, mission: 'Excellence in service.' });
    expect(again.status).toBe(200);
    expect((await api.call('GET', '/core/v1.0/settings/sign-in-panel')).body.data.mission).toBe('Excellence in service.');
    const [audit] = await rows<{ activity: string; actor_email: string; changes: Record<string, { before: unknown; after: unknown }> }>(
      api.database.db,
      sql`select activity, actor_email, changes from audit_trails where resource = 'settings' and activity = 'Changed system settings'
          order by created_at desc, id desc limit 1`,
    );
    expect(audit!.actor_email).toBe('admin@example.edu');
    expect(audit!.changes).toEqual({ mission: { before: valid.mission, after: 'Excellence in service.' } });
  });

  it('locks an account at the stored threshold, without a restart', async () => {
    const admin = await api.signIn('admin@example.edu');
    expect((await save(admin, { ...valid, lockoutThreshold: 3, lockoutMinutes: 10 })).status).toBe(200);
    for (let i = 0; i < 3; i++) {
      expect((await api.call('POST', '/core/v1.0/auth', { body: { email: 'registrar@example.edu', password: 'wrong password here' } })).status).toBe(401);
    }
    const locked = await api.call('POST', '/core/v1.0/auth', { body: { email: 'registrar@example.edu', password: TEST_PASSWORD } });
    expect(locked.status).toBe(401);
    api.clock.advance(11 * 60_000);
    expect((await api.call('POST', '/core/v1.0/auth', { body: { email: 'registrar@example.edu', password: TEST_PASSWORD } })).status).toBe(200);
    expect((await save(admin, valid)).status).toBe(200);
  });

  it('ends a session after the stored idle lifetime', async () => {
    const admin = await api.signIn('admin@example.edu');
    expect((await save(admin, { ...valid, sessionIdleMinutes: 5 })).status).toBe(200);
    const token = await api.signIn('registrar@example.edu');
    api.clock.advance(6 * 60_000);
    expect((await api.call('GET', '/core/v1.0/users/me', { token })).status).toBe(401);
    const fresh = await api.signIn('admin@example.edu');
    expect((await save(fresh, valid)).status).toBe(200);
  });

  it('asks for the stored minimum password length when a password changes', async () => {
    const admin = await api.signIn('admin@example.edu');
    expect((await save(admin, { ...valid, passwordMinLength: 20 })).status).toBe(200);
    const token = await api.signIn('registrar@example.edu');
    const short = await api.call('POST', '/core/v1.0/auth/password', {
      token,
      body: { currentPassword: TEST_PASSWORD, newPassword: 'Seventeen chars!!' },
    });
    expect(short.status).toBe(400);
    expect(short.body.fieldErrors.newPassword).toContain('Use at least 20 characters.');
    expect((await save(admin, valid)).status).toBe(200);
  });

  it('keeps retention off by default, and an empty period turns it off again', async () => {
    const fresh = await startTestApi();
    const admin = await fresh.signIn('admin@example.edu');
    const read = await fresh.call('GET', '/core/v1.0/settings', { token: admin });
    expect(read.body.data.settings).toMatchObject({ auditRetentionDays: null, transcriptRetentionDays: null, twoFactorMandatory: false });
    const off = await fresh.call('PUT', '/core/v1.0/settings', { token: admin, body: { ...valid, auditRetentionDays: '', transcriptRetentionDays: null } });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.data.settings).toMatchObject({ auditRetentionDays: null, transcriptRetentionDays: null });
    const short = await fresh.call('PUT', '/core/v1.0/settings', { token: admin, body: { ...valid, transcriptRetentionDays: 7 } });
    expect(short.status).toBe(400);
    expect(short.body.fieldErrors.transcriptRetentionDays).toContain('At least 30 days.');
  });

  it('two-factor mandatory: a user without a second factor is sent to set one up after sign-in, without a restart', async () => {
    const admin = await api.signIn('admin@example.edu');
    const signIn = async () =>
      (await api.call('POST', '/core/v1.0/auth', { body: { email: 'registrar@example.edu', password: TEST_PASSWORD } })).body.data as {
        token: string;
        secondFactor?: string;
      };
    expect((await signIn()).secondFactor).toBeUndefined();
    api.clock.advance(1000);
    const on = await save(admin, { ...valid, twoFactorMandatory: true });
    expect(on.status).toBe(200);
    expect(on.body.data.settings.twoFactorMandatory).toBe(true);
    const [audit] = await rows<{ changes: Record<string, unknown> }>(
      api.database.db,
      sql`select changes from audit_trails where resource = 'settings' order by created_at desc, id desc limit 1`,
    );
    expect(audit!.changes).toMatchObject({ twoFactorMandatory: { before: false, after: true } });
    const owed = await signIn();
    expect(owed.secondFactor).toBe('enrol');
    // A session that owes the enrolment can do nothing else until the factor is set up.
    expect((await api.call('GET', '/core/v1.0/campuses', { token: owed.token })).status).toBe(403);
    const status = await api.call('GET', '/core/v1.0/users/me/second-factor', { token: owed.token });
    expect(status.status).toBe(200);
    expect(status.body.data).toMatchObject({ enrolled: false, required: true });
    expect((await save(admin, valid)).status).toBe(200);
    expect((await signIn()).secondFactor).toBeUndefined();
  });

  it('sends a test email through the SMTP server and audits it', async () => {
    const admin = await api.signIn('admin@example.edu');
    const sent = await api.call('POST', '/core/v1.0/settings/test-email', { token: admin, body: { to: 'it@example.edu' } });
    expect(sent.status).toBe(202);
    expect(sent.body.data.message).toBe('A test email was sent to it@example.edu.');
    const [mail] = (await sink.waitFor(1)).filter((m) => m.subject?.includes('test email'));
    expect(mail?.subject).toBe(`${valid.organisationName}: test email`);
    expect(mail?.text).toContain('Outbound mail works.');
    const bad = await api.call('POST', '/core/v1.0/settings/test-email', { token: admin, body: { to: 'not an address' } });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.to).toContain('Enter an email address.');
  });
});
