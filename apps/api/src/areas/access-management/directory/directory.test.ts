import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SERVICE_DN, SERVICE_PASSWORD, startSlapd, type Slapd } from '../../../../../../tools/slapd-kit/slapd-kit.mjs';
import { rows } from '../../../platform/db/client.js';
import { startTestApi, TEST_PASSWORD } from '../../../test/harness.js';
import { until } from '../../../test/until.js';
import { DIRECTORY_IAM_ADMIN_ONLY } from './index.js';
import { connectionTo } from './test/kit.js';

// Every log line the API writes, to prove no directory password ever reaches one.
const logged: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logged.push(String(chunk));
    done();
  },
});

const JUAN = { uid: 'jdelacruz', givenName: 'Juan', sn: 'Dela Cruz', mail: 'juan.delacruz@example.edu', employeeType: 'faculty', password: 'Dir-Juan-Pass-1' };
const MARIA = { uid: 'mclara', givenName: 'Maria', sn: 'Clara', mail: 'maria.clara@example.edu', employeeType: 'staff', password: 'Dir-Maria-Pass-2' };
const LOCAL_ADMIN_TWIN = { uid: 'twin', givenName: 'Evil', sn: 'Twin', mail: 'admin@example.edu', password: 'Twin-Pass-3' };

let slapd: Slapd;
const api = await startTestApi({}, { logger: { level: 'info', stream: logStream } });
let admin: string;

const connection = (overrides: Record<string, unknown> = {}) => connectionTo(slapd.url, overrides);

const account = async (email: string) =>
  (
    await rows<{ id: string; first_name: string; last_name: string; is_active: boolean; password_hash: string; user_type: string | null; removed_at: unknown }>(
      api.database.db,
      sql`select u.id, u.first_name, u.last_name, u.is_active, u.password_hash, d.user_type, d.removed_at
          from users u left join directory_accounts d on d.user_id = u.id where lower(u.email) = lower(${email})`,
    )
  )[0];

const signIn = (email: string, password: string) => api.call('POST', '/core/v1.0/auth', { body: { email, password } });

async function syncNow() {
  const started = await api.call('POST', '/core/v1.0/directory/sync', { token: admin, body: {} });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const { batchId } = started.body.data as { batchId: string };
  return until(
    async () =>
      (
        await rows<{ state: string; done: number; failed: number }>(
          api.database.db,
          sql`select b.state, coalesce(sum(j.units_done), 0)::int as done, coalesce(sum(j.units_failed), 0)::int as failed
              from batches b left join job_runs j on j.batch_id = b.id where b.id = ${batchId} group by b.state`,
        )
      )[0],
    (b) => b !== undefined && !['queued', 'running'].includes(b.state),
    60_000,
  ).then(async (b) => {
    const [job] = await rows<{ last_error: string | null }>(api.database.db, sql`select last_error from job_runs where batch_id = ${batchId}`);
    return { ...b, error: job?.last_error ?? null };
  });
}

beforeAll(async () => {
  slapd = await startSlapd([JUAN, MARIA, LOCAL_ADMIN_TWIN]);
  admin = await api.signIn('admin@example.edu');
  await api.app.jobs.start();
});
afterAll(async () => {
  await api.app.jobs.stop();
  await slapd?.stop();
});

describe('directory federation (LDAP) against OpenLDAP', () => {
  it('lets only an IAM administrator read or change the connection', async () => {
    const auditor = await api.signIn('auditor@example.edu');
    const read = await api.call('GET', '/core/v1.0/directory', { token: auditor });
    expect(read.status).toBe(403);
    expect(read.body.message).toBe(DIRECTORY_IAM_ADMIN_ONLY);
    expect((await api.call('PUT', '/core/v1.0/directory', { token: auditor, body: connection() })).status).toBe(403);
  });

  it('tests a connection as typed: a wrong bind password, a missing base, then the entries the filter matches', async () => {
    const wrong = await api.call('POST', '/core/v1.0/directory/test', { token: admin, body: connection({ bindPassword: 'not-it' }) });
    expect(wrong.body.data).toMatchObject({ ok: false, message: 'The directory refused the bind DN or its password.' });
    const noBase = await api.call('POST', '/core/v1.0/directory/test', { token: admin, body: connection({ baseDn: 'dc=nowhere,dc=edu' }) });
    expect(noBase.body.data).toMatchObject({ ok: false, message: 'The base DN does not exist in the directory.' });
    const right = await api.call('POST', '/core/v1.0/directory/test', { token: admin, body: connection() });
    expect(right.body.data.ok).toBe(true);
    expect(right.body.data.entries).toBe(3);
    expect(right.body.data.sample).toContainEqual({ email: JUAN.mail, firstName: 'Juan', lastName: 'Dela Cruz', type: 'faculty', roles: [] });
  });

  it('refuses an ldaps:// address without LDAPS, and a filter outside parentheses', async () => {
    const bad = await api.call('PUT', '/core/v1.0/directory', { token: admin, body: connection({ url: 'ldaps://ad.example.edu', tls: 'none', userFilter: 'objectClass=*' }) });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('An ldaps:// address is LDAPS.');
    expect(JSON.stringify(bad.body)).toContain('An LDAP filter in parentheses');
  });

  it('saves the connection with the bind password sealed, never answered and audited without it', async () => {
    const saved = await api.call('PUT', '/core/v1.0/directory', { token: admin, body: connection() });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ configured: true, hasBindPassword: true, connection: { url: slapd.url, bindDn: SERVICE_DN } });
    expect(JSON.stringify(saved.body)).not.toContain(SERVICE_PASSWORD);
    const [stored] = await rows<{ bind_password_sealed: string }>(api.database.db, sql`select bind_password_sealed from directory_connections`);
    expect(stored!.bind_password_sealed).not.toContain(SERVICE_PASSWORD);
    const audits = await rows<{ changes: unknown }>(api.database.db, sql`select changes from audit_trails where activity = 'Changed the directory connection'`);
    expect(JSON.stringify(audits)).not.toContain(SERVICE_PASSWORD);
    // Saved again without a password: the sealed one stays.
    const again = await api.call('PUT', '/core/v1.0/directory', { token: admin, body: connection({ bindPassword: '' }) });
    expect(again.body.data.hasBindPassword).toBe(true);
    expect((await api.call('POST', '/core/v1.0/directory/test', { token: admin, body: connection({ bindPassword: '' }) })).body.data.ok).toBe(true);
  });

  it('signs a directory user in by binding, creating the account on the first sign-in with no password stored', async () => {
    expect(await account(JUAN.mail)).toBeUndefined();
    const first = await signIn(JUAN.mail, JUAN.password);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const created = await account(JUAN.mail);
    expect(created).toMatchObject({ first_name: 'Juan', last_name: 'Dela Cruz', is_active: true, user_type: 'faculty', password_hash: '!directory' });
    const me = await api.call('GET', '/core/v1.0/users/me', { token: first.body.data.token });
    expect(me.body.data).toMatchObject({ firstName: 'Juan', lastName: 'Dela Cruz' });
  });

  it('refuses a wrong directory password and an empty one (an unauthenticated bind) with the one answer', async () => {
    const wrong = await signIn(JUAN.mail, 'not-the-password');
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Incorrect email or password.');
    // LDAP would take a DN with an empty password as an anonymous bind that succeeds: it never reaches the directory.
    const empty = await api.call('POST', '/core/v1.0/auth', { body: { email: JUAN.mail, password: '' } });
    expect([400, 401]).toContain(empty.status);
  });

  it('updates the account at the next sign-in (name, email, type) and keeps it the same account', async () => {
    const before = await account(JUAN.mail);
    slapd.modify(JUAN.uid, 'sn', 'Dela Cruz-Santos');
    slapd.modify(JUAN.uid, 'employeeType', 'staff');
    slapd.modify(JUAN.uid, 'mail', 'juan.santos@example.edu');
    expect((await signIn('juan.santos@example.edu', JUAN.password)).status).toBe(200);
    const after = await account('juan.santos@example.edu');
    expect(after).toMatchObject({ id: before!.id, last_name: 'Dela Cruz-Santos', user_type: 'staff' });
    expect(await account(JUAN.mail)).toBeUndefined();
  });

  it('never lets a directory entry take over a local account with the same email', async () => {
    // The directory holds an entry with the local administrator's email: its directory password does not sign in.
    expect((await signIn(LOCAL_ADMIN_TWIN.mail, LOCAL_ADMIN_TWIN.password)).status).toBe(401);
    expect((await signIn('admin@example.edu', TEST_PASSWORD)).status).toBe(200);
    expect((await account('admin@example.edu'))!.password_hash).not.toBe('!directory');
  });

  it('counts every bind per directory entry in the limiter that counts sign-ins', async () => {
    const [linked] = await rows<{ external_id: string }>(api.database.db, sql`select external_id from directory_accounts`);
    const key = createHash('sha256').update(`account:${linked!.external_id}`).digest('hex');
    const count = async () =>
      Number((await rows<{ count: number }>(api.database.db, sql`select count from rate_windows where scope = 'directory-binds' and key_hash = ${key}`))[0]?.count ?? 0);
    const before = await count();
    expect(before).toBeGreaterThan(0);
    for (const guess of ['guess-1', 'guess-2']) expect((await signIn('juan.santos@example.edu', guess)).status).toBe(401);
    expect(await count()).toBe(before + 2);
  });

  it('syncs as a batch: creates the accounts it lacks, then deactivates (never deletes) one gone from the directory', async () => {
    const first = await syncNow();
    expect(first, first.error ?? '').toMatchObject({ state: 'completed' });
    expect(await account(MARIA.mail)).toMatchObject({ first_name: 'Maria', is_active: true, user_type: 'staff' });
    const maria = await signIn(MARIA.mail, MARIA.password);
    expect(maria.status).toBe(200);
    const log = await rows<{ message: string }>(
      api.database.db,
      sql`select l.message from job_logs l join job_runs j on j.id = l.job_id where j.queue = 'directory-sync' order by l.at`,
    );
    expect(log.map((l) => l.message)).toContain('1 created, 0 updated, 1 unchanged, 0 deactivated (gone from the directory), 1 skipped.');

    slapd.remove(MARIA.uid);
    const second = await syncNow();
    expect(second, second.error ?? '').toMatchObject({ state: 'completed' });
    const gone = await account(MARIA.mail);
    expect(gone).toMatchObject({ is_active: false });
    expect(gone!.removed_at).not.toBeNull();
    // Her session ended, and she cannot sign in again.
    expect((await api.call('GET', '/core/v1.0/users/me', { token: maria.body.data.token })).status).toBe(401);
    expect((await signIn(MARIA.mail, MARIA.password)).status).toBe(401);
    const audit = await rows<{ activity: string }>(api.database.db, sql`select activity from audit_trails where record_id = ${gone!.id} order by created_at`);
    expect(audit.map((a) => a.activity)).toEqual(expect.arrayContaining(['Created from the directory', 'Deactivated: gone from the directory']));
    const view = await api.call('GET', '/core/v1.0/directory', { token: admin });
    expect(view.body.data.accounts).toEqual({ linked: 2, removed: 1 });
    expect(view.body.data.lastSync).toMatchObject({ state: 'completed', summary: 'Directory sync' });
  });

  it('reactivates an account the directory had deactivated when its entry is back', async () => {
    slapd.add(MARIA);
    await syncNow();
    expect(await account(MARIA.mail)).toMatchObject({ is_active: true, removed_at: null });
  });

  it('deactivates nobody when the directory answers no entry (a wrong filter is likelier than everyone gone)', async () => {
    await api.call('PUT', '/core/v1.0/directory', { token: admin, body: connection({ userFilter: '(objectClass=posixAccount)' }) });
    const run = await syncNow();
    // The batch fails, so an administrator sees it, and its log says why.
    expect(run.state).toBe('failed');
    expect(run.failed).toBe(2);
    expect(await account(MARIA.mail)).toMatchObject({ is_active: true });
    await api.call('PUT', '/core/v1.0/directory', { token: admin, body: connection() });
  });

  it('refuses a directory account while the directory is down, and signs local accounts in as before', async () => {
    await slapd.stop();
    expect((await signIn(MARIA.mail, MARIA.password)).status).toBe(401);
    expect((await signIn('registrar@example.edu', TEST_PASSWORD)).status).toBe(200);
  });

  it('never writes a directory password to the log', () => {
    const all = logged.join('');
    expect(all).toContain('directory unreachable at sign-in');
    for (const secret of [SERVICE_PASSWORD, JUAN.password, MARIA.password, LOCAL_ADMIN_TWIN.password]) expect(all).not.toContain(secret);
  });
});
