import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { rows } from '../../platform/db/client.js';
import { until } from '../../test/until.js';
import { startTestApi } from '../../test/harness.js';

const BASE = '/chatbot/v1.0';
// The clock starts at 2026-11-23T08:00:00Z (a Monday; 16:00 in Manila, 03:00 in New York).
const api = await startTestApi();
let token = await api.signIn('admin@example.edu');
/** Moves the clock (a session idle that long has expired: sign in again). */
const moveTo = async (iso: string) => {
  api.clock.current = new Date(iso);
  token = await api.signIn('admin@example.edu');
};
await api.app.jobs.start();
afterAll(() => api.app.close());

const subscriber = (await api.call('POST', '/core/v1.0/chatbot-subscribers', { token, body: { firstName: 'Tala', lastName: 'Reyes', kinds: ['STUDENT'], mobile: '+63 917 555 0111' } })).body.data._id as string;

const write = async (subject: string) =>
  (await api.call('POST', `${BASE}/broadcasts`, { token, body: { subject, message: 'Hi [[first_name]].', audience: 'CUSTOM', ids: [subscriber], channels: ['WEB_CHAT'] } })).body.data._id as string;
const get = async (id: string) => (await api.call('GET', `${BASE}/broadcasts/${id}`, { token })).body.data;
const fire = async () => {
  const jobId = await api.app.jobs.enqueue('chatbot-broadcast-schedules', {});
  await until(async () => (await api.call('GET', `/core/v1.0/jobs/${jobId}`, { token })).body.data, (j) => j?.state === 'completed', 20_000);
};

describe('scheduled broadcasts', () => {
  it('previews the next runs of a schedule in its own time zone, and refuses a time already past', async () => {
    const weekly = await api.call('POST', `${BASE}/schedule-preview`, { token, body: { kind: 'WEEKLY', time: '07:30', weekday: 1, timeZone: 'America/New_York' } });
    expect(weekly.body.data.text).toBe('Every Monday at 07:30 (America/New_York)');
    // 07:30 in New York in winter is 12:30 UTC; today's run has not come yet.
    expect(weekly.body.data.nextRuns.slice(0, 3)).toEqual(['2026-11-23T12:30:00.000Z', '2026-11-30T12:30:00.000Z', '2026-12-07T12:30:00.000Z']);
    const monthly = await api.call('POST', `${BASE}/schedule-preview`, { token, body: { kind: 'MONTHLY', time: '09:00', dayOfMonth: 1 } });
    expect(monthly.body.data.text).toBe('Every month on day 1 at 09:00 (Asia/Manila)');
    expect(monthly.body.data.nextRuns[0]).toBe('2026-12-01T01:00:00.000Z');
    const bad = await api.call('POST', `${BASE}/schedule-preview`, { token, body: { kind: 'WEEKLY', time: '7:30', timeZone: 'Mars/Base' } });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toMatchObject({ time: ['Enter a time as hh:mm.'], timeZone: ['Unknown time zone.'] });
    const id = await write('Too late');
    const past = await api.call('PUT', `${BASE}/broadcasts/${id}/schedule`, { token, body: { kind: 'ONCE', date: '2026-11-23', time: '07:00', timeZone: 'Asia/Manila' } });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe('This schedule never runs: choose a time still to come.');
  });

  it('fires a one-off broadcast at its time in another time zone, on a moved clock, and not before', async () => {
    const id = await write('Tokyo morning');
    // 09:00 in Tokyo on 24 November is 00:00 UTC.
    const scheduled = await api.call('PUT', `${BASE}/broadcasts/${id}/schedule`, { token, body: { kind: 'ONCE', date: '2026-11-24', time: '09:00', timeZone: 'Asia/Tokyo' } });
    expect(scheduled.body.data).toMatchObject({ status: 'SCHEDULED', scheduleText: 'Once on 2026-11-24 at 09:00 (Asia/Tokyo)', nextRuns: ['2026-11-24T00:00:00.000Z'] });
    await moveTo('2026-11-23T23:59:00Z');
    await fire();
    expect((await get(id)).status).toBe('SCHEDULED');
    await moveTo('2026-11-24T00:00:30Z');
    await fire();
    const sent = await until(() => get(id), (b) => b.status === 'SENT');
    expect(sent.counts).toMatchObject({ total: 1, sent: 1 });
    expect(sent.lastRunAt).toBe('2026-11-24T00:00:30.000Z');
    expect(sent.nextRuns).toEqual([]);
  });

  it('fires a recurring broadcast as a copy and moves on to its next run; edits and cancels it until it fires', async () => {
    await moveTo('2026-11-24T08:00:00Z');
    const id = await write('Daily reminder');
    const daily = await api.call('PUT', `${BASE}/broadcasts/${id}/schedule`, { token, body: { kind: 'DAILY', time: '07:30', timeZone: 'America/New_York' } });
    expect(daily.body.data.nextRuns.slice(0, 2)).toEqual(['2026-11-24T12:30:00.000Z', '2026-11-25T12:30:00.000Z']);
    // Moved to 08:00 in New York: the copy is sent, the schedule stays for tomorrow.
    await moveTo('2026-11-24T13:00:00Z');
    await fire();
    const [copy] = await rows<{ id: string }>(api.database.db, sql`select id from chatbot_broadcasts where schedule_of_id = ${id}`);
    expect(copy).toBeDefined();
    expect((await until(() => get(copy!.id), (b) => b.status === 'SENT')).counts.sent).toBe(1);
    const after = await get(id);
    expect(after).toMatchObject({ status: 'SCHEDULED', lastRunAt: '2026-11-24T13:00:00.000Z' });
    expect(after.nextRuns[0]).toBe('2026-11-25T12:30:00.000Z');
    await fire();
    expect((await rows(api.database.db, sql`select 1 from chatbot_broadcasts where schedule_of_id = ${id}`)).length).toBe(1);

    // Changed to weekly on Fridays, then cancelled before it fires: nothing more is sent.
    const weekly = await api.call('PUT', `${BASE}/broadcasts/${id}/schedule`, { token, body: { kind: 'WEEKLY', weekday: 5, time: '07:30', timeZone: 'America/New_York' } });
    expect(weekly.body.data.nextRuns[0]).toBe('2026-11-27T12:30:00.000Z');
    const cancelled = await api.call('DELETE', `${BASE}/broadcasts/${id}/schedule`, { token });
    expect(cancelled.body.data).toMatchObject({ status: 'DRAFT', schedule: null, nextRuns: [] });
    await moveTo('2026-11-28T00:00:00Z');
    await fire();
    expect((await rows(api.database.db, sql`select 1 from chatbot_broadcasts where schedule_of_id = ${id}`)).length).toBe(1);
  });
});
