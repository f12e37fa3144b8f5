import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../platform/db/client.js';
import { insertAccount } from '../../platform/db/users.js';
import { startSmtpSink } from '../../test/smtp-sink.js';
import { until } from '../../test/until.js';
import { startTestApi, TEST_PASSWORD, type TestApi } from '../../test/harness.js';
import type { AppContext } from '../../context.js';
import { createMailer, type Mailer } from '../../platform/auth/mailer.js';
import { INTERRUPTED, sendBroadcastJob } from './jobs/send-broadcast.js';

const BASE = '/chatbot/v1.0';
const SUBSCRIBERS = '/core/v1.0/chatbot-subscribers';

const sink = await startSmtpSink();
afterAll(() => sink.close());
let api: TestApi;
let token: string;
let second: string;
const people: Record<string, string> = {};

const broadcast = async (id: string) => (await api.call('GET', `${BASE}/broadcasts/${id}`, { token })).body.data;
const finished = (id: string) => until(() => broadcast(id), (b) => b.status !== 'SENDING');
const deliveries = async (id: string, query = '') => (await api.call('GET', `${BASE}/broadcasts/${id}/deliveries?limit=1000${query}`, { token })).body;

async function write(body: Record<string, unknown>, as = token) {
  const created = await api.call('POST', `${BASE}/broadcasts`, { token: as, body: { channels: ['EMAIL', 'WEB_CHAT'], audience: 'CUSTOM', ...body } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data._id as string;
}

beforeAll(async () => {
  api = await startTestApi({ smtpUrl: sink.url, consoleUrl: 'https://campus.example.edu' });
  token = await api.signIn('admin@example.edu');
  await insertAccount(
    api.database.db,
    { email: 'approver@example.edu', password: TEST_PASSWORD, firstName: 'Melchora', lastName: 'Aquino', adminScopes: ['CHATBOT'] },
    api.config.argon2,
  );
  second = await api.signIn('approver@example.edu');
  await api.app.jobs.start();
  const add = async (key: string, body: Record<string, unknown>) => {
    const created = await api.call('POST', SUBSCRIBERS, { token, body: { kinds: ['STUDENT'], consentAt: '2026-08-01', ...body } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    people[key] = created.body.data._id;
  };
  await add('maria', { firstName: 'Maria', lastName: 'Clara', email: 'maria@example.edu' });
  await add('juan', { firstName: 'Juan', lastName: 'Crisostomo', email: 'juan@example.edu', optedOutAt: '2026-10-01' });
  await add('ana', { firstName: 'Ana', lastName: 'Dela Cruz', mobile: '+63 917 555 0199' });
  await add('pedro', { firstName: 'Pedro', lastName: 'Penduko', email: 'pedro@example.edu' });
  await api.call('POST', '/core/v1.0/profanity-words', { token, body: { word: 'damn', kind: 'BLOCK' } });
}, 120_000);

describe('writing a broadcast', () => {
  it('refuses unknown placeholders and blocked words, and needs a channel and recipients', async () => {
    const unknown = await api.call('POST', `${BASE}/broadcasts`, {
      token,
      body: { subject: 'Hello', message: 'Hi [[nickname]]', audience: 'ALL', channels: ['EMAIL'] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fieldErrors.message[0]).toMatch(/^Unknown placeholder \[\[nickname\]\]\. Use \[\[first_name\]\]/);
    const rude = await api.call('POST', `${BASE}/broadcasts`, { token, body: { subject: 'Hello', message: 'Damn, fees are due', audience: 'ALL', channels: ['EMAIL'] } });
    expect(rude.status).toBe(400);
    expect(rude.body.fieldErrors.message).toEqual(['The message contains a blocked word (damn); remove it before sending.']);
    const empty = await api.call('POST', `${BASE}/broadcasts`, { token, body: { subject: '', message: 'x', audience: 'CUSTOM', ids: [], channels: [] } });
    expect(empty.status).toBe(400);
    expect(empty.body.fieldErrors).toMatchObject({ subject: ['Required'], channels: ['Choose at least one channel.'] });
    const nobody = await api.call('POST', `${BASE}/broadcasts`, { token, body: { subject: 'Hi', message: 'x', audience: 'CUSTOM', ids: [], channels: ['EMAIL'] } });
    expect(nobody.body.fieldErrors).toEqual({ ids: ['Choose at least one.'] });
  });

  it('refuses the broadcast routes without CHATBOT, and 404 for an unknown broadcast', async () => {
    const registrar = await api.signIn('registrar@example.edu');
    expect((await api.call('GET', `${BASE}/broadcasts`, { token: registrar })).status).toBe(403);
    expect((await api.call('POST', `${BASE}/broadcasts/00000000-0000-4000-8000-000000000000/send`, { token: registrar })).status).toBe(403);
    expect((await api.call('GET', `${BASE}/broadcasts/00000000-0000-4000-8000-000000000000`, { token })).status).toBe(404);
  });
});

describe('sending', () => {
  let id: string;

  it('sends a personalised email with an unsubscribe link and a web chat inbox message to each recipient, skipping and counting the opted out', async () => {
    id = await write({
      subject: 'Enrolment for [[first_name]]',
      message: 'Dear [[first_name]] [[last_name]], enrolment opens on Monday.',
      ids: [people.maria, people.juan, people.ana],
    });
    const before = sink.messages.length;
    const sent = await api.call('POST', `${BASE}/broadcasts/${id}/send`, { token });
    expect(sent.status).toBe(200);
    const done = await finished(id);
    expect(done.status).toBe('SENT');
    // Maria: email and inbox; Juan opted out: both skipped; Ana: inbox, no email address.
    expect(done.counts).toEqual({ total: 6, queued: 0, sending: 0, sent: 3, failed: 0, skipped: 3 });
    const list = await deliveries(id);
    const by = (name: string, channel: string) => list.rows.find((r: { name: string; channel: string }) => r.name === name && r.channel === channel);
    expect(by('Juan Crisostomo', 'EMAIL')).toMatchObject({ status: 'SKIPPED', reason: 'Opted out' });
    expect(by('Ana Dela Cruz', 'EMAIL')).toMatchObject({ status: 'SKIPPED', reason: 'No email address' });
    expect(by('Ana Dela Cruz', 'WEB_CHAT')).toMatchObject({ status: 'SENT', attempts: 1 });
    expect((await deliveries(id, '&status=SKIPPED')).count).toBe(3);
    expect((await deliveries(id, '&channel=WEB_CHAT&status=SENT')).count).toBe(2);
    expect((await deliveries(id, '&q=clara')).count).toBe(2);

    const mails = (await sink.waitFor(before + 1)).slice(before);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('Enrolment for Maria');
    expect((mail.to as { text: string }).text).toBe('maria@example.edu');
    expect(mail.text).toContain('Dear Maria Clara, enrolment opens on Monday.');
    const link = /https:\/\/campus\.example\.edu\/chat\/unsubscribe\/(\S+)/.exec(mail.text ?? '');
    expect(link).not.toBeNull();
    expect(mail.headerLines.find((h) => h.key === 'list-unsubscribe')?.line.replace(/\s+/g, ' ')).toBe(`List-Unsubscribe: <${link![0]}>`);

    const inbox = await rows<{ subscriber_id: string; body: string }>(api.database.db, sql`select subscriber_id, body from chatbot_inbox where broadcast_id = ${id} order by body`);
    expect(inbox).toEqual([
      { subscriber_id: people.ana, body: 'Dear Ana Dela Cruz, enrolment opens on Monday.' },
      { subscriber_id: people.maria, body: 'Dear Maria Clara, enrolment opens on Monday.' },
    ]);

    // The link opts Maria out; a forged one does nothing.
    expect((await api.call('POST', `${BASE}/unsubscribe`, { body: { token: `${link![1]!.slice(0, -2)}xx` } })).status).toBe(400);
    const out = await api.call('POST', `${BASE}/unsubscribe`, { body: { token: link![1] } });
    expect(out.status).toBe(200);
    expect((await api.call('GET', `${SUBSCRIBERS}/${people.maria}`, { token })).body.data.optedOutAt).toBe('2026-11-23');
  });

  it('never sends twice: a second send, a retry without failures or a cancel after the end are refused', async () => {
    expect((await api.call('POST', `${BASE}/broadcasts/${id}/send`, { token })).status).toBe(400);
    expect((await api.call('POST', `${BASE}/broadcasts/${id}/retry-failed`, { token })).body.message).toBe('No delivery of this broadcast failed.');
    expect((await api.call('POST', `${BASE}/broadcasts/${id}/cancel`, { token })).status).toBe(400);
    expect((await api.call('PUT', `${BASE}/broadcasts/${id}`, { token, body: { subject: 'x', message: 'y', audience: 'ALL', channels: ['EMAIL'] } })).status).toBe(400);
  });

  it('after an interrupted attempt, marks the email in flight failed, sends the rest once, and retry failed only sends the failed ones', async () => {
    await api.call('PUT', `${SUBSCRIBERS}/${people.maria}`, { token, body: { optedOutAt: null } });
    const other = await write({ subject: 'Fees', message: 'Hi [[first_name]], fees are due Friday.', ids: [people.maria, people.pedro], channels: ['EMAIL'] });
    const db = api.database.db;
    // What a process that died mid-send leaves: the broadcast sending, Maria's email claimed, Pedro's queued, no live job.
    await db.execute(sql`update chatbot_broadcasts set status = 'SENDING', started_at = now() where id = ${other}`);
    await db.execute(
      sql`insert into chatbot_deliveries (broadcast_id, subscriber_id, channel, status, attempts) values
          (${other}, ${people.maria}, 'EMAIL', 'SENDING', 1), (${other}, ${people.pedro}, 'EMAIL', 'QUEUED', 0)`,
    );
    const before = sink.messages.length;
    await api.app.jobs.createBatch({ type: 'chatbot-broadcast', params: { broadcastId: other }, requestedById: null, total: 1, jobs: [{ params: { broadcastId: other }, units: 1 }] });
    const done = await finished(other);
    expect(done.counts).toMatchObject({ total: 2, sent: 1, failed: 1 });
    expect((await deliveries(other, '&status=FAILED')).rows[0]).toMatchObject({ name: 'Maria Clara', reason: INTERRUPTED });
    expect((await sink.waitFor(before + 1)).slice(before).map((m) => m.subject)).toEqual(['Fees']);

    const retried = await api.call('POST', `${BASE}/broadcasts/${other}/retry-failed`, { token });
    expect(retried.status).toBe(200);
    const again = await finished(other);
    expect(again.counts).toMatchObject({ total: 2, sent: 2, failed: 0 });
    const mails = (await sink.waitFor(before + 2)).slice(before);
    expect(mails.map((m) => (m.to as { text: string }).text).sort()).toEqual(['maria@example.edu', 'pedro@example.edu']);
    const attempts = await rows<{ attempts: number }>(db, sql`select attempts from chatbot_deliveries where broadcast_id = ${other} order by attempts`);
    expect(attempts.map((a) => a.attempts)).toEqual([1, 2]);
  });

  it('after a process died in the middle of a claimed chunk, marks its claimed emails failed and sends nobody twice', async () => {
    const db = api.database.db;
    await api.call('PUT', `${BASE}/settings`, { token, body: { emailPerMinute: 6000 } });
    const made = await rows<{ id: string }>(
      db,
      sql`insert into chatbot_subscribers (first_name, last_name, kinds, email)
          select 'Chunk', 'Student ' || g, array['STUDENT'], 'chunk' || g || '@example.edu' from generate_series(1, 60) g returning id`,
    );
    const other = await write({ subject: 'Chunked', message: 'Hello [[first_name]].', ids: made.map((m) => m.id), channels: ['EMAIL'] });
    await db.execute(sql`update chatbot_broadcasts set status = 'SENDING', started_at = now() where id = ${other}`);
    await db.execute(
      sql`insert into chatbot_deliveries (broadcast_id, subscriber_id, channel, status, attempts)
          select ${other}, id, 'EMAIL', 'QUEUED', 0 from chatbot_subscribers where email like 'chunk%@example.edu'`,
    );
    const before = sink.messages.length;
    // The first attempt: its mail server stops answering after 25 emails, as a process does that dies mid-chunk.
    const real = createMailer({ smtpUrl: sink.url, from: api.config.mailFrom, db, now: () => new Date() });
    let handed = 0;
    const dying: Mailer = { send: (m) => (++handed > 25 ? new Promise<void>(() => undefined) : real.send(m)) };
    const job = sendBroadcastJob({ config: api.config, mailer: dying } as unknown as AppContext);
    void job.handler({
      id: 'first-attempt', batchId: null, params: { broadcastId: other }, attempt: 1, units: 60, db, now: () => new Date(),
      log: async () => undefined, progress: async () => undefined, once: async () => false,
    });
    await until(async () => sink.messages.length - before, (n) => n >= 25);
    const claimed = await rows<{ n: number }>(db, sql`select count(*)::int as n from chatbot_deliveries where broadcast_id = ${other} and status = 'SENDING'`);
    // The whole chunk was claimed in one statement before its first email left.
    expect(claimed[0]!.n).toBe(60);

    await api.app.jobs.createBatch({ type: 'chatbot-broadcast', params: { broadcastId: other }, requestedById: null, total: 1, jobs: [{ params: { broadcastId: other }, units: 1 }] });
    const done = await finished(other);
    expect(done.counts).toMatchObject({ total: 60, queued: 0, sending: 0, failed: 60 });
    expect((await deliveries(other, '&status=FAILED')).rows.every((r: { reason: string }) => r.reason === INTERRUPTED)).toBe(true);
    const mine = sink.messages.slice(before).filter((m) => m.subject === 'Chunked').map((m) => (m.to as { text: string }).text);
    expect(mine).toHaveLength(25);
    expect(new Set(mine).size).toBe(25);

    // Retry failed only sends each of them once more, in chunks claimed and marked together.
    const mid = sink.messages.length;
    expect((await api.call('POST', `${BASE}/broadcasts/${other}/retry-failed`, { token })).status).toBe(200);
    const again = await finished(other);
    expect(again.counts).toMatchObject({ total: 60, sent: 60, failed: 0 });
    const retried = (await sink.waitFor(mid + 60)).slice(mid).map((m) => (m.to as { text: string }).text);
    expect(new Set(retried).size).toBe(60);
    expect(retried).toHaveLength(60);
    const sentAt = await rows<{ n: number }>(db, sql`select count(*)::int as n from chatbot_deliveries where broadcast_id = ${other} and status = 'SENT' and sent_at is not null and attempts = 2`);
    expect(sentAt[0]!.n).toBe(60);
    await api.call('PUT', `${BASE}/settings`, { token, body: { emailPerMinute: 600 } });
  });

  it('a failed email keeps its reason', async () => {
    const db = api.database.db;
    await db.execute(sql`update chatbot_subscribers set email = 'not-an-address' where id = ${people.pedro}`);
    const id3 = await write({ subject: 'Notice', message: 'Hello [[first_name]].', ids: [people.pedro], channels: ['EMAIL'] });
    await api.call('POST', `${BASE}/broadcasts/${id3}/send`, { token });
    const done = await finished(id3);
    expect(done.counts).toMatchObject({ failed: 1, sent: 0 });
    expect((await deliveries(id3)).rows[0].reason).toMatch(/^The mail server refused it/);
    await db.execute(sql`update chatbot_subscribers set email = 'pedro@example.edu' where id = ${people.pedro}`);
  });

  it('sends a test to yourself, personalised for the first recipient', async () => {
    const id4 = await write({ subject: 'Library week', message: 'Hi [[first_name]], the library opens late.', ids: [people.pedro] });
    const before = sink.messages.length;
    const test = await api.call('POST', `${BASE}/broadcasts/${id4}/test`, { token });
    expect(test.body.data.message).toBe('A test email was sent to admin@example.edu.');
    const [mail] = (await sink.waitFor(before + 1)).slice(before);
    expect(mail!.subject).toBe('[Test] Library week');
    expect((mail!.to as { text: string }).text).toBe('admin@example.edu');
    expect(mail!.text).toContain('Hi Pedro, the library opens late.');
    expect((await broadcast(id4)).status).toBe('DRAFT');
  });

  it('signs a broadcast left on the default persona with the persona the settings name', async () => {
    const persona = async (name: string) => {
      const created = await api.call('POST', '/core/v1.0/chatbot-personas', { token, body: { name, greeting: `Hi, I am ${name}.`, fallback: 'I do not know that yet.' } });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body.data._id as string;
    };
    // Another active persona comes first by name: the signature must follow the settings, not the list.
    await persona('Aida');
    const iska = await persona('Iska');
    expect((await api.call('PUT', `${BASE}/settings`, { token, body: { defaultPersonaId: iska } })).status).toBe(200);

    const id5 = await write({ subject: 'Fees', message: 'Hi [[first_name]], fees are due on Friday.', ids: [people.pedro] });
    expect((await broadcast(id5)).personaId).toBeNull();
    let before = sink.messages.length;
    await api.call('POST', `${BASE}/broadcasts/${id5}/test`, { token });
    const [test] = (await sink.waitFor(before + 1)).slice(before);
    expect(test!.text).toContain('\n— Iska\n');

    before = sink.messages.length;
    expect((await api.call('POST', `${BASE}/broadcasts/${id5}/send`, { token })).status).toBe(200);
    expect((await finished(id5)).status).toBe('SENT');
    const [mail] = (await sink.waitFor(before + 1)).slice(before);
    expect(mail!.text).toContain('\n— Iska\n');
    expect(mail!.text).not.toContain('Campus Bot');
    const inbox = await rows<{ persona: string }>(api.database.db, sql`select persona from chatbot_inbox where broadcast_id = ${id5}`);
    expect(inbox).toEqual([{ persona: 'Iska' }]);
  });
});

describe('approval', () => {
  it('waits for a second administrator when the settings ask; the author cannot approve; it is shown on the area index', async () => {
    expect((await api.call('PUT', `${BASE}/settings`, { token, body: { approvalRequired: true } })).status).toBe(200);
    const id = await write({ subject: 'Approval needed', message: 'Hello [[first_name]].', ids: [people.pedro], channels: ['WEB_CHAT'] });
    const sent = await api.call('POST', `${BASE}/broadcasts/${id}/send`, { token });
    expect(sent.body.data.status).toBe('AWAITING_APPROVAL');
    expect(sent.body.data.counts.total).toBe(0);
    const summary = await api.call('GET', '/core/v1.0/areas/CHATBOT/summary', { token });
    expect(summary.body.data.attention).toContainEqual(expect.objectContaining({ key: 'broadcasts-awaiting-approval', label: 'Broadcasts awaiting approval', count: 1 }));
    const notices = await rows<{ title: string }>(api.database.db, sql`select n.title from notifications n join users u on u.id = n.user_id where u.email = 'approver@example.edu'`);
    expect(notices.map((n) => n.title)).toContain('A broadcast awaits your approval');

    const own = await api.call('POST', `${BASE}/broadcasts/${id}/approve`, { token });
    expect(own.status).toBe(403);
    expect(own.body.message).toBe('You cannot approve your own broadcast; another administrator must approve it.');
    const approved = await api.call('POST', `${BASE}/broadcasts/${id}/approve`, { token: second });
    expect(approved.status).toBe(200);
    expect(approved.body.data.approvedBy).toBe('Melchora Aquino');
    expect((await finished(id)).counts).toMatchObject({ total: 1, sent: 1 });
    await api.call('PUT', `${BASE}/settings`, { token, body: { approvalRequired: false } });
  });

  it('spaces the emails by the throttle of the settings', async () => {
    // 30 emails a minute: one every 2 s. Three recipients are at least two intervals apart from the first to the
    // last; 3 s is asked (the first send's own delay allowed). Unthrottled, the three arrive within a second.
    expect((await api.call('PUT', `${BASE}/settings`, { token, body: { emailPerMinute: 30 } })).status).toBe(200);
    const ids: string[] = [];
    for (let n = 1; n <= 3; n++) {
      const created = await api.call('POST', SUBSCRIBERS, {
        token,
        body: { kinds: ['STUDENT'], consentAt: '2026-08-01', firstName: 'Throttle', lastName: `Test ${n}`, email: `throttle${n}@example.edu` },
      });
      ids.push(created.body.data._id);
    }
    const id = await write({ subject: 'Spaced', message: 'One at a time.', ids, channels: ['EMAIL'] });
    const before = sink.messages.length;
    await api.call('POST', `${BASE}/broadcasts/${id}/send`, { token });
    expect((await finished(id)).counts).toMatchObject({ total: 3, sent: 3 });
    await sink.waitFor(before + 3);
    const times = sink.arrivals.slice(before, before + 3);
    expect(times).toHaveLength(3);
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual(3_000);
    await api.call('PUT', `${BASE}/settings`, { token, body: { emailPerMinute: 600 } });
  });

  it('cancels a broadcast awaiting approval; the list filters by status', async () => {
    await api.call('PUT', `${BASE}/settings`, { token, body: { approvalRequired: true } });
    const id = await write({ subject: 'To cancel', message: 'Never mind.', ids: [people.pedro] });
    await api.call('POST', `${BASE}/broadcasts/${id}/send`, { token });
    expect((await api.call('POST', `${BASE}/broadcasts/${id}/cancel`, { token })).body.data.status).toBe('CANCELLED');
    expect((await api.call('POST', `${BASE}/broadcasts/${id}/approve`, { token: second })).status).toBe(400);
    const list = await api.call('GET', `${BASE}/broadcasts?status=CANCELLED`, { token });
    expect(list.body.rows.map((b: { subject: string }) => b.subject)).toEqual(['To cancel']);
    expect((await api.call('GET', `${BASE}/broadcasts`, { token })).body.count).toBeGreaterThanOrEqual(6);
    await api.call('PUT', `${BASE}/settings`, { token, body: { approvalRequired: false } });
  });
});
