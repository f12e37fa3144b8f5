import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from './db/client.js';
import { decodeEnvelope } from '@campus/api-contract';
import { buildApp } from '../app.js';
import { DEMO_PASSWORD, seedDemo } from './db/seed.js';
import { ENCRYPTION_KEY, freshDatabase, TestClock, testConfig } from '../test/harness.js';

// The demo university (with few students) is the data the figures are checked against.
const database = await freshDatabase();
const clock = new TestClock();
const config = testConfig(clock);
await seedDemo(database.db, { argon2: config.argon2, now: clock.now(), students: 30 });
const app = await buildApp({ config, database, logger: false });

async function call(method: 'GET' | 'POST' | 'PUT', url: string, token?: string, body?: object) {
  const raw = await app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(body ? { payload: body } : {}) });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
  return { status: raw.statusCode, body: decodeEnvelope(raw.body, ENCRYPTION_KEY) as any };
}
const signIn = async (email: string, password = DEMO_PASSWORD) => (await call('POST', '/core/v1.0/auth', undefined, { email, password })).body.data?.token as string;
const admin = await signIn('admin@example.edu');
const registrar = await signIn('registrar@example.edu');

type Row = Record<string, unknown>;
const all = async (resource: string): Promise<Row[]> => {
  const out: Row[] = [];
  for (let page = 1; ; page++) {
    const { body } = await call('GET', `/core/v1.0/${resource}?limit=100&page=${page}`, admin);
    out.push(...(body.rows as Row[]));
    if (out.length >= body.count) return out;
  }
};
const summary = async (code: string, token = admin) => call('GET', `/core/v1.0/areas/${code}/summary`, token);
const figure = async (code: string, key: string) =>
  ((await summary(code)).body.data.attention as { key: string; count: number }[]).find((a) => a.key === key)?.count;

describe('GET /core/v1.0/areas/{code}/summary', () => {
  it('counts the records of every resource of the area as its list does', async () => {
    const { status, body } = await summary('CAMPUS');
    expect(status).toBe(200);
    const counts = body.data.counts as Record<string, number>;
    expect(Object.keys(counts)).toContain('sections');
    for (const resource of ['campuses', 'sections', 'students', 'enrolled-students', 'calendar-events']) {
      const list = await call('GET', `/core/v1.0/${resource}?limit=1`, admin);
      expect(counts[resource], resource).toBe(list.body.count);
    }
    expect(Object.keys(counts)).not.toContain('users');
  });

  it('finds the sections without an instructor or room, and the enrolments still in draft', async () => {
    const sections = await all('sections');
    const unstaffed = sections.filter((s) => (!s.instructorId || !s.roomId) && !['DISSOLVED', 'COMPLETED'].includes(String(s.status)));
    expect(unstaffed.length).toBeGreaterThan(0);
    expect(await figure('CAMPUS', 'sections-unstaffed')).toBe(unstaffed.length);
    const enrolments = await all('enrolled-students');
    expect(await figure('CAMPUS', 'enrolments-draft')).toBe(enrolments.filter((e) => e.draft && !e.isDrop).length);

    // Staffing one of them takes it off the figure.
    const staffed = sections.find((s) => s.instructorId && s.roomId)!;
    const updated = await call('PUT', `/core/v1.0/sections/${String(unstaffed[0]!._id)}`, admin, {
      instructorId: staffed.instructorId,
      roomId: staffed.roomId,
    });
    expect(updated.status).toBe(200);
    expect(await figure('CAMPUS', 'sections-unstaffed')).toBe(unstaffed.length - 1);
  });

  it('finds the open tickets past their SLA and the new tickets nobody has taken, as the ticket list shows them', async () => {
    const tickets = async (query: string): Promise<Row[]> => {
      const out: Row[] = [];
      for (let page = 1; ; page++) {
        const { body } = await call('GET', `/core/v1.0/support/tickets?${query}&limit=100&page=${page}`, admin);
        out.push(...(body.rows as Row[]));
        if (out.length >= body.count || !body.rows.length) return out;
      }
    };
    const breached = (await tickets('sla=breached')).filter((t) => ['new', 'open', 'pending'].includes(String(t.state)));
    expect(await figure('SUPPORT', 'tickets-breached')).toBe(breached.length);
    const untaken = (await tickets('state=new')).filter((t) => !t.assigneeName);
    expect(await figure('SUPPORT', 'tickets-untaken')).toBe(untaken.length);
  });

  it('finds users who must change a temporary password, and locked accounts until the lock ends', async () => {
    const users = await all('users');
    const before = await figure('IAM', 'users-temporary-password');
    expect(before).toBeGreaterThan(0);
    const created = await call('POST', '/core/v1.0/users', admin, {
      email: 'new.clerk@example.edu', firstName: 'Analyn', lastName: 'Dizon', temporaryPassword: 'Pansamantala-2026', adminScopes: ['CAMPUS'],
    });
    expect(created.status).toBe(201);
    expect(await figure('IAM', 'users-temporary-password')).toBe(before! + 1);
    expect((await summary('IAM')).body.data.counts.users).toBe(users.length + 1);

    const locked = await figure('IAM', 'users-locked');
    for (let i = 0; i < config.lockoutThreshold; i++) await signIn('registrar@example.edu', 'not-the-password');
    expect(await figure('IAM', 'users-locked')).toBe(locked! + 1);
    clock.advance(config.lockoutMs + 1000);
    // The seeded lock lasts a day; only the one just made has ended.
    expect(await figure('IAM', 'users-locked')).toBe(locked);
  });

  it('finds the batches that failed, as the batch list filtered by state shows them', async () => {
    const failedListed = async () => (await call('GET', '/core/v1.0/batches?state=failed&limit=1', admin)).body.count as number;
    expect(await figure('BATCH', 'batches-failed')).toBe(await failedListed());
    const before = await failedListed();
    await rows(
      database.db,
      sql`insert into batches (type, params, summary, state, total, created_at, started_at, finished_at)
          values ('list-export', '{"resource":"rooms"}'::jsonb, 'Export of the rooms list', 'failed', 1, now(), now(), now()),
                 ('list-export', '{"resource":"rooms"}'::jsonb, 'Export of the rooms list', 'completed', 1, now(), now(), now())`,
    );
    expect(await failedListed()).toBe(before + 1);
    expect(await figure('BATCH', 'batches-failed')).toBe(before + 1);
    expect((await summary('BATCH', registrar)).status).toBe(403);
  });

  it("is refused outside the area's application, and without a token", async () => {
    expect((await summary('CAMPUS', registrar)).status).toBe(200);
    expect((await summary('IAM', registrar)).status).toBe(403);
    expect((await call('GET', '/core/v1.0/areas/IAM/summary')).status).toBe(401);
    expect((await summary('NOPE')).status).toBe(404);
  });
});
