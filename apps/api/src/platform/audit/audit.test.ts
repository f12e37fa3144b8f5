import { describe, expect, it } from 'vitest';
import { startTestApi } from '../../test/harness.js';

const api = await startTestApi({ clientAuditRateLimit: { max: 5, windowMs: 60_000 } });
const admin = await api.signIn('admin@example.edu');
api.clock.advance(60_000);
const registrar = await api.signIn('registrar@example.edu');
const auditor = await api.signIn('auditor@example.edu');

describe('audit trails', () => {
  it('records an activity for any signed-in user (spec §7: POST {activity})', async () => {
    const result = await api.call('POST', '/core/v1.0/audit-trails', { token: registrar, body: { activity: 'Opened the sections screen' } });
    expect(result.status).toBe(201);
    expect(result.body.data).toMatchObject({ activity: 'Opened the sections screen', actorId: api.users.registrar, actorEmail: 'registrar@example.edu' });
  });

  it('rejects an empty or oversize activity', async () => {
    expect((await api.call('POST', '/core/v1.0/audit-trails', { token: registrar, body: { activity: '' } })).status).toBe(400);
    expect((await api.call('POST', '/core/v1.0/audit-trails', { token: registrar, body: { activity: 'x'.repeat(501) } })).status).toBe(400);
    expect((await api.call('POST', '/core/v1.0/audit-trails', { body: { activity: 'anonymous' } })).status).toBe(401);
  });

  it('shows mutations, sign-ins and recorded activities, newest first, filtered by actor, resource, record and dates', async () => {
    api.clock.advance(60_000);
    const campus = (await api.call('POST', '/core/v1.0/campuses', { token: admin, body: { code: 'MAIN', name: 'Main Campus' } })).body.data;
    api.clock.advance(60_000);
    await api.call('PUT', `/core/v1.0/campuses/${campus._id}`, { token: admin, body: { isActive: false } });

    const all = await api.call('GET', '/core/v1.0/audit-trails?limit=100', { token: auditor });
    expect(all.status).toBe(200);
    expect(all.body.rows[0].activity).toBe('Deactivated campus Main Campus');
    expect(all.body.rows.map((r: { activity: string }) => r.activity)).toContain('Signed in');

    const byRecord = await api.call('GET', `/core/v1.0/audit-trails?resource=campuses&recordId=${campus._id}`, { token: auditor });
    expect(byRecord.body.rows.map((r: { activity: string }) => r.activity)).toEqual(['Deactivated campus Main Campus', 'Created campus Main Campus']);
    expect(byRecord.body.rows[0].changes).toEqual({ isActive: { before: true, after: false } });

    const byActor = await api.call('GET', `/core/v1.0/audit-trails?actorId=${api.users.registrar}`, { token: auditor });
    expect(byActor.body.rows.every((r: { actorId: string }) => r.actorId === api.users.registrar)).toBe(true);
    expect(byActor.body.count).toBeGreaterThanOrEqual(2);

    const early = await api.call('GET', '/core/v1.0/audit-trails?to=2026-11-23T08:00:30Z', { token: auditor });
    expect(early.body.rows.map((r: { activity: string }) => r.activity)).toEqual(['Signed in']);
    const late = await api.call('GET', '/core/v1.0/audit-trails?from=2026-11-23T08:02:30Z', { token: auditor });
    expect(late.body.rows.map((r: { activity: string }) => r.activity)).toEqual(['Deactivated campus Main Campus']);
    const day = await api.call('GET', '/core/v1.0/audit-trails?from=2026-11-23&to=2026-11-23', { token: auditor });
    expect(day.body.count).toBe(all.body.count);
  });

  it('keeps the trail from users without REPORTS or IAM', async () => {
    expect((await api.call('GET', '/core/v1.0/audit-trails', { token: registrar })).status).toBe(403);
  });

  it.each(['actorId=abc', 'from=yesterday', 'limit=1000', 'sort=activity'])('rejects the query %s', async (query) => {
    expect((await api.call('GET', `/core/v1.0/audit-trails?${query}`, { token: auditor })).status).toBe(400);
  });
});

describe('activities reported by a client', () => {
  it('binds a reported activity to the caller, marks it as reported by the client, and names no record', async () => {
    const result = await api.call('POST', '/core/v1.0/audit-trails', { token: registrar, body: { activity: 'Printed the class list' } });
    expect(result.status).toBe(201);
    expect(result.body.data).toMatchObject({
      actorId: api.users.registrar,
      reportedByClient: true,
      resource: null,
      recordId: null,
      changes: null,
    });
    const recorded = (await api.call('GET', '/core/v1.0/audit-trails?limit=100', { token: auditor })).body.rows;
    expect(recorded.find((r: { activity: string }) => r.activity === 'Signed in').reportedByClient).toBe(false);
  });

  it.each([
    ['a resource', { resource: 'users' }],
    ['a record', { recordId: '00000000-0000-4000-8000-000000000000' }],
    ['before/after values', { changes: { iamAdmin: { before: false, after: true } } }],
    ['another actor', { actorId: '00000000-0000-4000-8000-000000000000' }],
    ['another address', { ipAddress: '192.0.2.1' }],
    ['to be recorded by the API', { reportedByClient: false }],
  ])('refuses a reported activity that claims %s', async (_what, claim) => {
    const result = await api.call('POST', '/core/v1.0/audit-trails', { token: registrar, body: { activity: 'Edited a user', ...claim } });
    expect(result.status).toBe(400);
  });

  it('limits how many activities one user reports a minute', async () => {
    const report = (token: string) => api.call('POST', '/core/v1.0/audit-trails', { token, body: { activity: 'Opened a screen' } });
    api.clock.advance(61_000);
    const statuses = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await report(auditor)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    expect((await report(admin)).status).toBe(201);
    api.clock.advance(61_000);
    expect((await report(auditor)).status).toBe(201);
  });
});
