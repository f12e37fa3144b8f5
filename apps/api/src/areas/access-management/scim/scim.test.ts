import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../../../platform/db/client.js';
import { startTestApi } from '../../../test/harness.js';
import { createdThrough, registerApplication } from '../../../test/registered-application.js';
import { until } from '../../../test/until.js';
import { SCIM_GROUP_SCHEMA, SCIM_LIST_SCHEMA, SCIM_USER_SCHEMA } from './client.js';

// Every log line the API writes, to prove the token never reaches one.
const logged: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logged.push(String(chunk));
    done();
  },
});

/**
 * A small real SCIM 2.0 service provider (RFC 7644): /Users and /Groups with POST, GET (by id, and filtered by
 * userName), PUT and PATCH (replace), bearer auth, and every request recorded as it came. `failNext` answers the
 * next requests with a status before serving again.
 */
interface Resource {
  id: string;
  schemas?: string[];
  userName?: string;
  displayName?: string;
  active?: boolean;
  members?: { value: string }[];
  Operations?: { op: string; path?: string; value: unknown }[];
  [attribute: string]: unknown;
}
class ScimServer {
  readonly requests: { method: string; path: string; authorization: string | undefined; contentType: string | undefined; body: Resource }[] = [];
  readonly users = new Map<string, Resource>();
  readonly groups = new Map<string, Resource>();
  failNext: number[] = [];
  private server!: Server;
  url = '';
  constructor(readonly token: string) {}

  /** The one user held. */
  user(): Resource {
    const [user] = this.users.values();
    if (!user) throw new Error('The SCIM server holds no user.');
    return user;
  }
  group(displayName: string): Resource {
    const found = [...this.groups.values()].find((g) => g.displayName === displayName);
    if (!found) throw new Error(`The SCIM server holds no group ${displayName}.`);
    return found;
  }

  async start() {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as { port: number }).port}/scim/v2`;
  }
  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    let text = '';
    for await (const chunk of req) text += chunk;
    const body = (text ? JSON.parse(text) : undefined) as Resource;
    const path = (req.url ?? '').replace(/^\/scim\/v2/, '');
    this.requests.push({ method: req.method!, path, authorization: req.headers.authorization, contentType: req.headers['content-type'], body });
    const answer = (status: number, value?: unknown) => {
      res.writeHead(status, { 'content-type': 'application/scim+json' });
      res.end(value === undefined ? '' : JSON.stringify(value));
    };
    const error = (status: number, detail: string) =>
      answer(status, { schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: String(status), detail });
    if (req.headers.authorization !== `Bearer ${this.token}`) return error(401, 'Bearer token not accepted.');
    const failing = this.failNext.shift();
    if (failing) return error(failing, 'Service busy.');
    const match = /^\/(Users|Groups)(?:\/([^/?]+))?(?:\?(.*))?$/.exec(path);
    if (!match) return error(404, 'No such endpoint.');
    const [, kind, id, query] = match;
    const store = kind === 'Users' ? this.users : this.groups;
    const schema = kind === 'Users' ? SCIM_USER_SCHEMA : SCIM_GROUP_SCHEMA;
    if (req.method === 'POST' && !id) {
      if (!body?.schemas?.includes(schema)) return error(400, 'Wrong schema.');
      if (kind === 'Users' && [...this.users.values()].some((u) => u.userName === body.userName)) return error(409, 'userName taken.');
      const created = { ...body, id: randomUUID(), meta: { resourceType: kind === 'Users' ? 'User' : 'Group' } };
      store.set(created.id, created);
      return answer(201, created);
    }
    if (req.method === 'GET' && !id) {
      const userName = /userName eq "([^"]+)"/.exec(decodeURIComponent(query ?? ''))?.[1];
      const found = [...store.values()].filter((r) => !userName || r.userName === userName);
      return answer(200, { schemas: [SCIM_LIST_SCHEMA], totalResults: found.length, Resources: found });
    }
    const current = id ? store.get(id) : undefined;
    if (!current) return error(404, 'Resource not found.');
    if (req.method === 'GET') return answer(200, current);
    if (req.method === 'PUT') {
      const replaced = { ...body, id: current.id, meta: current.meta };
      store.set(id!, replaced);
      return answer(200, replaced);
    }
    if (req.method === 'PATCH') {
      for (const op of body.Operations ?? []) if (op.op === 'replace' && op.path) current[op.path] = op.value;
      return answer(200, current);
    }
    return error(405, 'Not supported here.');
  }
}

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
    resourceType: string; label: string; operation: string; httpStatus: number | null; outcome: string; succeeded: boolean; attempt: number;
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
