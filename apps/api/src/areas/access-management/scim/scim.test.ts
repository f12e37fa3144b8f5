import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SCIM_IAM_ADMIN_ONLY } from '@campus/api-contract';
import { ScimServer } from '../../../../../../tools/scim-kit/scim-server.mjs';
import { rows, type Db } from '../../../platform/db/client.js';
import { updateRecord, type ActorContext } from '../../../resources/crud.js';
import { startTestApi } from '../../../test/harness.js';
import { createdThrough, registerApplication } from '../../../test/registered-application.js';
import { until } from '../../../test/until.js';
import { SCIM_GROUP_SCHEMA, SCIM_USER_SCHEMA } from './client.js';
import { SCIM_PUSH_JOB } from './index.js';

// Every log line the API writes, to prove the token never reaches one.
const logged: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logged.push(String(chunk));
    done();
  },
});

const TOKEN = 'scim-secret-token-7d1f';
const scim = new ScimServer(TOKEN);
const api = await startTestApi({}, { logger: { level: 'info', stream: logStream } });
api.clock.current = new Date();
const admin = await api.signIn('admin@example.edu');

const created = (path: string, body: unknown) => createdThrough(api, admin, path, body);
const {
  applicationId,
  roleIds: [learnerRole, teacherRole],
} = await registerApplication(api, admin, {
  code: 'LMS',
  name: 'Learning Platform',
  description: 'Courses and classes.',
  url: 'https://lms.example.edu',
  module: { code: 'LMS-COURSES', name: 'Courses' },
  roles: ['Learner', 'Teacher'],
});

const settings = (change: Record<string, unknown> = {}) =>
  api.call('PUT', `/core/v1.0/applications/${applicationId}/scim`, { token: admin, body: { enabled: true, baseUrl: scim.url, token: TOKEN, ...change } });
const deliveries = async () =>
  (await api.call('GET', `/core/v1.0/applications/${applicationId}/scim`, { token: admin })).body.data.deliveries as {
    id: string; resourceType: string; label: string; operation: string; httpStatus: number | null; outcome: string; succeeded: boolean; attempt: number;
  }[];
const seen = (count: number) => until(() => Promise.resolve(scim.requests.length), (n) => n >= count, 30_000);
const settle = async () => {
  await api.app.backgroundWork.settled();
  await until(
    async () => (await rows<{ open: number }>(api.database.db, sql`select count(*)::int as open from job_runs where queue = 'scim-push' and state in ('created', 'active', 'retrying')`))[0]!.open,
    (open) => open === 0,
    60_000,
  );
};
const newUser = (email: string, roleIds: string[]) =>
  created('/core/v1.0/users', { email, temporaryPassword: 'Scim-Push-Pass-2026!', firstName: 'Jose', lastName: 'Rizal', roleIds });
let joseId = '';

beforeAll(async () => {
  await scim.start();
  await api.app.jobs.start();
});
afterAll(async () => {
  await api.app.jobs.stop();
  await scim.stop();
});

describe('SCIM 2.0 provisioning out, against a SCIM server', () => {
  it('takes an https base URL (http only to this machine) and keeps the token sealed, never answered', async () => {
    const plain = await settings({ baseUrl: 'http://scim.example.edu/scim/v2' });
    expect(plain.status).toBe(400);
    expect(JSON.stringify(plain.body)).toContain('The SCIM base URL is https');
    const noToken = await settings({ token: '' });
    expect(noToken.status).toBe(400);
    expect(JSON.stringify(noToken.body)).toContain('Enter the SCIM bearer token.');
    const saved = await settings({ enabled: false });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ configured: true, enabled: false, baseUrl: scim.url, hasToken: true });
    expect(JSON.stringify(saved.body)).not.toContain(TOKEN);
    const [stored] = await rows<{ token_sealed: string }>(api.database.db, sql`select token_sealed from scim_targets`);
    expect(stored!.token_sealed).not.toContain(TOKEN);
    const audits = await rows<{ changes: unknown }>(api.database.db, sql`select changes from audit_trails where activity like '%SCIM provisioning of Learning Platform'`);
    expect(audits.length).toBe(1);
    expect(JSON.stringify(audits)).not.toContain(TOKEN);
    expect(scim.requests).toEqual([]);
  });

  it('creates a user who gets a role: POST /Users with the core schema, userName the email, externalId our id; the role as a Group', async () => {
    // Turned on, the roles are pushed at once (no members yet).
    expect((await settings({ token: '' })).status).toBe(200);
    await seen(2);
    await settle();
    expect(scim.requests.map((r) => `${r.method} ${r.path} ${r.body.displayName}`).sort()).toEqual(['POST /Groups Learner', 'POST /Groups Teacher']);
    const learnerGroup = scim.group('Learner');
    scim.requests.length = 0;
    joseId = await newUser('jose.rizal@example.edu', [learnerRole]);
    await seen(2);
    await settle();
    const [post, group] = scim.requests;
    expect(post).toMatchObject({ method: 'POST', path: '/Users', authorization: `Bearer ${TOKEN}`, contentType: 'application/scim+json' });
    expect(post!.body).toEqual({
      schemas: [SCIM_USER_SCHEMA],
      userName: 'jose.rizal@example.edu',
      externalId: joseId,
      name: { givenName: 'Jose', familyName: 'Rizal', formatted: 'Jose Rizal' },
      displayName: 'Jose Rizal',
      emails: [{ value: 'jose.rizal@example.edu', type: 'work', primary: true }],
      active: true,
    });
    const remote = scim.user();
    expect(group).toMatchObject({ method: 'PUT', path: `/Groups/${learnerGroup.id}` });
    expect(group!.body).toEqual({ schemas: [SCIM_GROUP_SCHEMA], displayName: 'Learner', externalId: learnerRole, members: [{ value: remote.id }], id: learnerGroup.id });
    expect(scim.requests.length).toBe(2);
    const [stored] = await rows<{ remote_id: string }>(api.database.db, sql`select remote_id from scim_resources where local_id = ${joseId}`);
    expect(stored!.remote_id).toBe(remote.id);
    const log = await deliveries();
    expect(log.map((d) => [d.resourceType, d.label, d.operation, d.httpStatus, d.succeeded])).toEqual(
      expect.arrayContaining([
        ['User', 'jose.rizal@example.edu', 'create', 201, true],
        ['Group', 'Learner', 'update', 200, true],
      ]),
    );
  });

  it('updates a changed name with PUT /Users/{id}', async () => {
    const before = scim.requests.length;
    const remote = scim.user();
    expect((await api.call('PUT', `/core/v1.0/users/${joseId}`, { token: admin, body: { firstName: 'José' } })).status).toBe(200);
    await seen(before + 1);
    await settle();
    const sent = scim.requests.slice(before);
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual([`PUT /Users/${remote.id}`]);
    expect(sent[0]!.body).toMatchObject({ id: remote.id, userName: 'jose.rizal@example.edu', externalId: joseId, name: { givenName: 'José' }, active: true });
  });

  it('pushes a role change as the Group with its members replaced (PUT /Groups/{id})', async () => {
    const before = scim.requests.length;
    const remote = scim.user();
    expect((await api.call('PUT', `/core/v1.0/users/${joseId}`, { token: admin, body: { roleIds: [learnerRole, teacherRole] } })).status).toBe(200);
    await seen(before + 1);
    await settle();
    const sent = scim.requests.slice(before);
    const teacherGroup = scim.group('Teacher');
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual([`PUT /Groups/${teacherGroup.id}`]);
    expect(sent[0]!.body).toMatchObject({ displayName: 'Teacher', externalId: teacherRole, members: [{ value: remote.id }] });

    const mark = scim.requests.length;
    expect((await api.call('PUT', `/core/v1.0/users/${joseId}`, { token: admin, body: { roleIds: [teacherRole] } })).status).toBe(200);
    await seen(mark + 1);
    await settle();
    const learnerGroup = scim.group('Learner');
    const put = scim.requests.slice(mark);
    expect(put.map((r) => `${r.method} ${r.path}`)).toEqual([`PUT /Groups/${learnerGroup.id}`]);
    expect(put[0]!.body).toEqual({ schemas: [SCIM_GROUP_SCHEMA], displayName: 'Learner', externalId: learnerRole, members: [], id: learnerGroup.id });
  });

  it('retries a 503 through the job engine: the attempt is logged twice, the second succeeding', async () => {
    const before = scim.requests.length;
    scim.failNext = [503];
    expect((await api.call('PUT', `/core/v1.0/users/${joseId}`, { token: admin, body: { lastName: 'Mercado' } })).status).toBe(200);
    await seen(before + 2);
    await settle();
    const puts = scim.requests.slice(before).filter((r) => r.path.startsWith('/Users/'));
    expect(puts.map((r) => r.method)).toEqual(['PUT', 'PUT']);
    const log = (await deliveries()).filter((d) => d.label === 'jose.rizal@example.edu' && d.operation === 'update').slice(0, 2);
    expect(log.map((d) => [d.httpStatus, d.succeeded, d.attempt])).toEqual([
      [200, true, 2],
      [503, false, 1],
    ]);
    expect(log[1]!.outcome).toBe('The application could not take the request (503): Service busy. It is tried again.');
  });

  it('deactivates with active=false (PATCH), never DELETE', async () => {
    const before = scim.requests.length;
    const remote = scim.user();
    expect((await api.call('PUT', `/core/v1.0/users/${joseId}`, { token: admin, body: { isActive: false } })).status).toBe(200);
    await seen(before + 1);
    await settle();
    const sent = scim.requests.slice(before);
    expect(sent[0]).toMatchObject({
      method: 'PATCH',
      path: `/Users/${remote.id}`,
      body: { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: [{ op: 'replace', path: 'active', value: false }] },
    });
    expect(scim.requests.some((r) => r.method === 'DELETE')).toBe(false);
    expect(scim.users.get(remote.id)?.active).toBe(false);
    expect((await deliveries()).find((d) => d.resourceType === 'User')).toMatchObject({ operation: 'deactivate', httpStatus: 200, succeeded: true });
    // A deactivated user leaves the groups there too.
    const teacherGroup = scim.group('Teacher');
    expect(sent.slice(1).map((r) => `${r.method} ${r.path}`)).toEqual([`PUT /Groups/${teacherGroup.id}`]);
    expect(teacherGroup.members).toEqual([]);
  });

  it('logs a wrong token (401) as failed in plain words, and the token reaches no log', async () => {
    expect((await settings({ token: 'not-the-token' })).status).toBe(200);
    const before = scim.requests.length;
    await newUser('andres.bonifacio@example.edu', [learnerRole]);
    await seen(before + 1);
    await settle();
    const failed = (await deliveries()).find((d) => d.label === 'andres.bonifacio@example.edu');
    expect(failed).toMatchObject({ operation: 'create', httpStatus: 401, succeeded: false });
    expect(failed!.outcome).toBe('The application refused the bearer token (401). Replace the SCIM token.');
    const stored = await rows(api.database.db, sql`select * from scim_deliveries`);
    expect(JSON.stringify(stored)).not.toContain('not-the-token');
    expect(JSON.stringify(stored)).not.toContain(TOKEN);
    const jobLogs = await rows(api.database.db, sql`select * from job_runs where queue = 'scim-push'`);
    expect(JSON.stringify(jobLogs)).not.toContain('not-the-token');
    expect(logged.join('')).not.toContain('not-the-token');
    expect(logged.join('')).not.toContain(TOKEN);
  });
});

describe('who may see and change it', () => {
  it('refuses an IAM user who is not an IAM administrator, and pages the delivery log newest first', async () => {
    const auditor = await api.signIn('auditor@example.edu');
    for (const [method, path, body] of [
      ['GET', `/core/v1.0/applications/${applicationId}/scim`, undefined],
      ['PUT', `/core/v1.0/applications/${applicationId}/scim`, { enabled: false, baseUrl: scim.url, token: '' }],
      ['GET', `/core/v1.0/applications/${applicationId}/scim/deliveries`, undefined],
    ] as const) {
      const refused = await api.call(method, path, { token: auditor, body });
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.body.message).toBe(SCIM_IAM_ADMIN_ONLY);
    }

    const latest = await deliveries();
    const first = await api.call('GET', `/core/v1.0/applications/${applicationId}/scim/deliveries?limit=3`, { token: admin });
    expect(first.status).toBe(200);
    const [counted] = await rows<{ n: number }>(api.database.db, sql`select count(*)::int as n from scim_deliveries`);
    expect(first.body.count).toBe(counted!.n);
    const second = await api.call('GET', `/core/v1.0/applications/${applicationId}/scim/deliveries?limit=3&page=2`, { token: admin });
    const paged = [...first.body.rows, ...second.body.rows] as { id: string }[];
    expect(paged.map((d) => d.id)).toEqual(latest.slice(0, 6).map((d) => d.id));
    expect((await api.call('GET', `/core/v1.0/applications/${applicationId}/scim/deliveries?limit=500`, { token: admin })).status).toBe(400);
  });
});

describe('a push is queued in the transaction of the change', () => {
  const userModel = () => api.app.resources.of('users').model;
  const actor = (): ActorContext => ({ id: api.users.admin, email: 'admin@example.edu', ip: '127.0.0.1', adminScopes: [], iamAdmin: true, now: api.clock.now() });
  const scimJobs = async (db: Db) => (await rows<{ id: string }>(db, sql`select id from job_runs where queue = ${SCIM_PUSH_JOB}`)).map((j) => j.id);
  const queued = async (db: Db, ids: readonly string[]) =>
    ids.length ? (await rows<{ id: string }>(db, sql`select id from pgboss.job where id = any(${`{${ids.join(',')}}`}::uuid[])`)).length : 0;
  let andresId = '';

  beforeAll(async () => {
    // The right token again: the push it starts creates the user the wrong one could not.
    expect((await settings()).status).toBe(200);
    await settle();
    const [andres] = await rows<{ id: string }>(api.database.db, sql`select id from users where email = 'andres.bonifacio@example.edu'`);
    andresId = andres!.id;
    expect(scim.userNamed('andres.bonifacio@example.edu').active).toBe(true);
  });

  it('queues nothing for a change that rolls back, though the push was recorded inside it', async () => {
    const before = await scimJobs(api.database.db);
    const requests = scim.requests.length;
    class RolledBack extends Error {}
    await expect(
      api.database.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        await updateRecord(api.app.resources.depsOf('users', tx), userModel(), andresId, { lastName: 'Castillo' }, actor());
        const inside = (await scimJobs(tx)).filter((id) => !before.includes(id));
        expect(inside.length).toBe(1);
        expect(await queued(tx, inside)).toBe(0);
        throw new RolledBack('the change is given up');
      }),
    ).rejects.toBeInstanceOf(RolledBack);
    await settle();
    expect(await scimJobs(api.database.db)).toEqual(before);
    expect(scim.requests.length).toBe(requests);
    expect(scim.userNamed('andres.bonifacio@example.edu').name).toMatchObject({ familyName: 'Rizal' });
  });

  it('hands a committed change to the queue only once the enclosing transaction commits, and the push follows', async () => {
    const before = await scimJobs(api.database.db);
    const requests = scim.requests.length;
    const remote = scim.userNamed('andres.bonifacio@example.edu');
    await api.database.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      // A change made inside another transaction (a job's unit of work, an import) runs in a savepoint.
      await updateRecord(api.app.resources.depsOf('users', tx), userModel(), andresId, { lastName: 'Castillo' }, actor());
      const inside = (await scimJobs(tx)).filter((id) => !before.includes(id));
      expect(inside.length).toBe(1);
      expect(await queued(tx, inside)).toBe(0);
    });
    const [recorded] = (await scimJobs(api.database.db)).filter((id) => !before.includes(id));
    expect(await queued(api.database.db, [recorded!])).toBe(1);
    await seen(requests + 1);
    await settle();
    const sent = scim.requests.slice(requests);
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual([`PUT /Users/${remote.id}`]);
    expect(sent[0]!.body).toMatchObject({ userName: 'andres.bonifacio@example.edu', name: { familyName: 'Castillo' } });
  });

  it('sends, through reconciliation, a push recorded with a committed change that never reached the queue (a crash in between)', async () => {
    const before = await scimJobs(api.database.db);
    const requests = scim.requests.length;
    const remote = scim.userNamed('andres.bonifacio@example.edu');
    await api.app.jobs.pause(SCIM_PUSH_JOB, null);
    expect((await api.call('PUT', `/core/v1.0/users/${andresId}`, { token: admin, body: { firstName: 'Andrés' } })).status).toBe(200);
    const [recorded] = (await scimJobs(api.database.db)).filter((id) => !before.includes(id));
    // What a process that died between the commit and the hand-over leaves: the job recorded, pg-boss without it.
    await api.database.db.execute(sql`delete from pgboss.job where id = ${recorded!}`);
    expect(await queued(api.database.db, [recorded!])).toBe(0);
    await api.app.jobs.resume(SCIM_PUSH_JOB);
    // Reconciliation leaves a job recorded in the last minute alone (its sender may still be at it).
    await api.app.jobs.reconcile();
    expect(await queued(api.database.db, [recorded!])).toBe(0);
    api.clock.advance(61_000);
    await api.app.jobs.reconcile();
    expect(await queued(api.database.db, [recorded!])).toBe(1);
    await seen(requests + 1);
    await settle();
    const sent = scim.requests.slice(requests);
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual([`PUT /Users/${remote.id}`]);
    expect(sent[0]!.body).toMatchObject({ name: { givenName: 'Andrés', familyName: 'Castillo' } });
    const [run] = await rows<{ state: string }>(api.database.db, sql`select state from job_runs where id = ${recorded!}`);
    expect(run!.state).toBe('completed');
  });
});
