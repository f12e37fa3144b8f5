import { describe, expect, it } from 'vitest';
import { startTestApi } from '../test/harness.js';

const api = await startTestApi();
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
