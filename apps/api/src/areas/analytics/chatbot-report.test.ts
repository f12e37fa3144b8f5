import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../platform/db/client.js';
import type { TestApi } from '../../test/harness.js';
import { manilaIso as ph, REPORTS as R, startReportsApi } from '../../test/reports.js';
import { area as accessArea } from '../access-management/area.js';
import { area as reportsArea } from './area.js';

let api: TestApi;
let auditor: string;
let registrar: string;

const ID = {
  enrolment: '1a000000-0000-4000-8000-000000000001',
  fees: '1a000000-0000-4000-8000-000000000002',
  library: '1a000000-0000-4000-8000-000000000003',
  retired: '1a000000-0000-4000-8000-000000000004',
};

let conversations = 0;
/** A conversation started at a Manila time, with its exchanges: the visitor's question and the bot's reply at one instant. */
async function conversation(started: string, exchanges: { at: string; question: string; response: string | null }[]) {
  conversations += 1;
  const db = api.database.db;
  const [row] = await rows<{ id: string }>(
    db,
    sql`insert into chatbot_conversations (token_hash, started_at, last_at)
      values (${`hash-${conversations}`}, ${ph(started)}, ${ph(exchanges.at(-1)?.at ?? started)}) returning id`,
  );
  for (const e of exchanges) {
    await db.execute(sql`insert into chatbot_messages (conversation_id, sender, body, created_at) values (${row!.id}, 'visitor', ${e.question}, ${ph(e.at)})`);
    await db.execute(sql`insert into chatbot_messages (conversation_id, sender, body, matched, response_id, score, created_at)
      values (${row!.id}, 'bot', ${e.response ? 'An answer.' : 'Sorry, I do not know that yet.'}, ${e.response !== null}, ${e.response}, 0.8, ${ph(e.at)})`);
  }
}

async function subscriber(n: number, created: string, optedOut: string | null, active = true) {
  await api.database.db.execute(sql`insert into chatbot_subscribers (first_name, last_name, kinds, email, opted_out_at, is_active, created_at, updated_at)
    values ('Maria', ${`Santos ${n}`}, array['STUDENT'], ${`maria${n}@example.com`}, ${optedOut}, ${active}, ${ph(created)}, ${ph(created)})`);
}

/** A broadcast whose sending began at a Manila time (or a draft, never started), with its deliveries. */
async function broadcast(subject: string, started: string | null, deliveries: [subscriber: number, channel: string, status: string, reason?: string][]) {
  const db = api.database.db;
  const [b] = await rows<{ id: string }>(
    db,
    sql`insert into chatbot_broadcasts (subject, message, audience, channels, status, started_at)
      values (${subject}, 'Hello [[first_name]].', 'ALL', array['EMAIL', 'WEB_CHAT'], ${started ? 'SENT' : 'DRAFT'}, ${started ? ph(started) : null})
      returning id`,
  );
  for (const [n, channel, status, reason] of deliveries) {
    await db.execute(sql`insert into chatbot_deliveries (broadcast_id, subscriber_id, channel, status, reason)
      select ${b!.id}, s.id, ${channel}, ${status}, ${reason ?? null} from chatbot_subscribers s where s.last_name = ${`Santos ${n}`}`);
  }
  return b!.id;
}

let firstBroadcast = '';

beforeAll(async () => {
  ({ api, auditor, registrar } = await startReportsApi([accessArea, reportsArea]));
  const db = api.database.db;
  await db.execute(sql`insert into chatbot_responses (id, title, questions, answer, category, is_active) values
    (${ID.enrolment}, 'Enrolment dates', 'When is enrolment?', 'From 3 to 14 August.', 'ENROLMENT', true),
    (${ID.fees}, 'Tuition fees', 'How much is tuition?', 'See the fee table.', 'FEES', true),
    (${ID.library}, 'Library hours', 'When is the library open?', '8:00 to 20:00.', 'GENERAL', true),
    (${ID.retired}, 'Old enrolment dates', 'When was enrolment?', 'Last year.', 'ENROLMENT', false)`);

  // The period under test is 1–7 November 2026 (Manila); the previous period is 25–31 October.
  // 23:30 on the 1st in Manila is the 1st; 00:30 on the 2nd (16:30 UTC on the 1st) is the 2nd.
  await conversation('2026-11-01T23:30', [
    { at: '2026-11-01T23:30', question: 'When is enrolment?', response: ID.enrolment },
    { at: '2026-11-01T23:40', question: '  When is   ENROLMENT? ', response: ID.enrolment },
  ]);
  await conversation('2026-11-02T00:30', [
    { at: '2026-11-02T00:30', question: 'Where is the library?', response: null },
    { at: '2026-11-02T00:31', question: 'when is enrolment?', response: ID.enrolment },
  ]);
  await conversation('2026-11-07T23:59', [{ at: '2026-11-07T23:59', question: 'where is the library?', response: null }]);
  // 00:10 on the 8th in Manila (16:10 UTC on the 7th) is outside the period.
  await conversation('2026-11-08T00:10', [{ at: '2026-11-08T00:10', question: 'Where is the library?', response: null }]);
  // The previous period: a conversation on the 30th, and one started on the 31st whose question came after midnight.
  await conversation('2026-10-30T10:00', [
    { at: '2026-10-30T10:00', question: 'How much is tuition?', response: ID.fees },
    { at: '2026-10-30T10:01', question: 'Can I pay in installments?', response: null },
  ]);
  await conversation('2026-10-31T23:50', [{ at: '2026-11-01T00:05', question: 'Is there a dress code?', response: null }]);

  await subscriber(1, '2026-10-20T09:00', null);
  await subscriber(2, '2026-11-01T23:30', null);
  await subscriber(3, '2026-11-02T00:30', '2026-11-05');
  await subscriber(4, '2026-11-03T10:00', null, false);
  await subscriber(5, '2026-10-25T08:00', '2026-10-28');

  // Broadcasts: one begun at 23:30 on the 1st (Manila), one at 00:10 on the 8th (outside), one on the 31st of
  // October (the previous period), and a draft never sent.
  firstBroadcast = await broadcast('Enrolment opens', '2026-11-01T23:30', [
    [1, 'EMAIL', 'SENT'],
    [1, 'WEB_CHAT', 'SENT'],
    [2, 'EMAIL', 'FAILED', 'The mail server refused it: 550'],
    [2, 'WEB_CHAT', 'QUEUED'],
    [3, 'EMAIL', 'SKIPPED', 'Opted out'],
    [4, 'EMAIL', 'SKIPPED', 'No email address'],
  ]);
  await broadcast('Library closed', '2026-11-08T00:10', [[1, 'EMAIL', 'SENT']]);
  await broadcast('Fees due', '2026-10-31T23:50', [[1, 'EMAIL', 'SENT'], [5, 'EMAIL', 'SKIPPED', 'Opted out']]);
  await broadcast('Draft', null, []);
});

describe('the chatbot report (1–7 November, Manila)', () => {
  it('counts conversations and answered and unanswered questions per Manila day', async () => {
    const r = await api.call('GET', `${R}/chatbot?from=2026-11-01&to=2026-11-07`, { token: auditor });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.perDay).toEqual([
      { day: '2026-11-01', conversations: 1, answered: 2, unanswered: 1 },
      { day: '2026-11-02', conversations: 1, answered: 1, unanswered: 1 },
      { day: '2026-11-03', conversations: 0, answered: 0, unanswered: 0 },
      { day: '2026-11-04', conversations: 0, answered: 0, unanswered: 0 },
      { day: '2026-11-05', conversations: 0, answered: 0, unanswered: 0 },
      { day: '2026-11-06', conversations: 0, answered: 0, unanswered: 0 },
      { day: '2026-11-07', conversations: 1, answered: 0, unanswered: 1 },
    ]);
  });

  it('gives the answered rate and subscribers against the previous period', async () => {
    const r = await api.call('GET', `${R}/chatbot?from=2026-11-01&to=2026-11-07`, { token: auditor });
    expect(r.body.previous).toEqual({ from: '2026-10-25', to: '2026-10-31' });
    expect(r.body.summary).toEqual({
      broadcasts: 1,
      delivered: 2,
      failed: 1,
      conversations: 3,
      questions: 6,
      answered: 3,
      unanswered: 3,
      answeredRate: 0.5,
      subscribersJoined: 2,
      subscribersOptedOut: 1,
    });
    expect(r.body.previousSummary).toEqual({
      broadcasts: 1,
      delivered: 1,
      failed: 0,
      conversations: 2,
      questions: 2,
      answered: 1,
      unanswered: 1,
      answeredRate: 0.5,
      subscribersJoined: 1,
      subscribersOptedOut: 1,
    });
  });

  it('counts each broadcast begun in the period by delivery outcome, opted-out skips apart', async () => {
    const r = await api.call('GET', `${R}/chatbot?from=2026-11-01&to=2026-11-07`, { token: auditor });
    expect(r.body.broadcasts).toEqual([
      {
        id: firstBroadcast,
        subject: 'Enrolment opens',
        startedAt: '2026-11-01T15:30:00Z',
        delivered: 2,
        failed: 1,
        skipped: 1,
        optedOut: 1,
        pending: 1,
      },
    ]);
    const eighth = await api.call('GET', `${R}/chatbot?from=2026-11-08&to=2026-11-08`, { token: auditor });
    expect(eighth.body.broadcasts.map((b: { subject: string }) => b.subject)).toEqual(['Library closed']);
  });

  it('lists the top questions (the same question however it is typed) and the top unanswered ones', async () => {
    const r = await api.call('GET', `${R}/chatbot?from=2026-11-01&to=2026-11-07`, { token: auditor });
    expect(r.body.topQuestions).toEqual([
      { question: 'when is enrolment?', asked: 3, answered: 3 },
      { question: 'where is the library?', asked: 2, answered: 0 },
      { question: 'Is there a dress code?', asked: 1, answered: 0 },
    ]);
    expect(r.body.topUnanswered).toEqual([
      { question: 'where is the library?', asked: 2, answered: 0 },
      { question: 'Is there a dress code?', asked: 1, answered: 0 },
    ]);
  });

  it('lists the active responses no reply used in the period, with when each was last used', async () => {
    const r = await api.call('GET', `${R}/chatbot?from=2026-11-01&to=2026-11-07`, { token: auditor });
    expect(r.body.responsesNeverUsed).toEqual([
      { id: ID.library, title: 'Library hours', category: 'GENERAL', lastUsedAt: null },
      { id: ID.fees, title: 'Tuition fees', category: 'FEES', lastUsedAt: '2026-10-30T02:00:00Z' },
    ]);
  });

  it('counts subscribers who joined and opted out per day, and those reachable at each day’s end', async () => {
    const r = await api.call('GET', `${R}/chatbot?from=2026-11-01&to=2026-11-07`, { token: auditor });
    expect(r.body.subscribers).toEqual([
      { day: '2026-11-01', joined: 1, optedOut: 0, total: 2 },
      { day: '2026-11-02', joined: 1, optedOut: 0, total: 3 },
      { day: '2026-11-03', joined: 0, optedOut: 0, total: 3 },
      { day: '2026-11-04', joined: 0, optedOut: 0, total: 3 },
      { day: '2026-11-05', joined: 0, optedOut: 1, total: 2 },
      { day: '2026-11-06', joined: 0, optedOut: 0, total: 2 },
      { day: '2026-11-07', joined: 0, optedOut: 0, total: 2 },
    ]);
  });

  it('takes the 8th alone in Manila: the question at 00:10 belongs to it', async () => {
    const r = await api.call('GET', `${R}/chatbot?from=2026-11-08&to=2026-11-08`, { token: auditor });
    expect(r.body.perDay).toEqual([{ day: '2026-11-08', conversations: 1, answered: 0, unanswered: 1 }]);
    expect(r.body.topUnanswered).toEqual([{ question: 'Where is the library?', asked: 1, answered: 0 }]);
  });

  it('refuses a period that ends before it starts', async () => {
    const r = await api.call('GET', `${R}/chatbot?from=2026-11-07&to=2026-11-01`, { token: auditor });
    expect(r.status).toBe(400);
  });
});

describe('who may read the chatbot report', () => {
  it('answers 403 without REPORTS and 401 signed out', async () => {
    expect((await api.call('GET', `${R}/chatbot`, { token: registrar })).status).toBe(403);
    expect((await api.call('GET', `${R}/chatbot`)).status).toBe(401);
  });
});
