import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../platform/auth/mailer.js';
import { rows } from '../../platform/db/client.js';
import { startTestApi, type TestApi } from '../../test/harness.js';
import { manilaTime } from '../../test/reports.js';
import { startSmtpSink } from '../../test/smtp-sink.js';
import { area as accessArea } from '../access-management/area.js';
import { area as reportsArea } from './area.js';
import { lastWeek } from './weekly.js';

const EMAIL = '/core/v1.0/reports/weekly-email';
/** An instant given as Manila wall-clock time. */
const ph = manilaTime;

const sink = await startSmtpSink();
let api: TestApi;
let auditor: string;

/** Business minutes of a ticket without an office: the clock ran all the time. */
const minutes = (from: string, to: string | null) => (to ? (ph(to).getTime() - ph(from).getTime()) / 60_000 : null);

async function ticket(n: number, created: string, sla: string, firstResponse: string | null, resolved: string | null) {
  await api.database.db.execute(sql`
    insert into support_tickets (number, reference, subject, requester_name, requester_email, channel, state, priority,
      public_token_hash, sla_status, first_responded_at, resolved_at, first_response_business_minutes, resolution_business_minutes,
      created_at, updated_at)
    values (${n}, ${`T-${n}`}, ${`Ticket ${n}`}, 'Maria Santos', 'maria@student.example.edu', 'form', ${resolved ? 'resolved' : 'open'}, 'normal',
      ${`hash-${n}`}, ${sla}, ${firstResponse ? ph(firstResponse).toISOString() : null}, ${resolved ? ph(resolved).toISOString() : null},
      ${minutes(created, firstResponse)}, ${minutes(created, resolved)}, ${ph(created).toISOString()}, ${ph(created).toISOString()})`);
}

beforeAll(async () => {
  const mailer = createMailer({ smtpUrl: sink.url, from: 'Campus Reports <reports@example.edu>', db: undefined as never, now: () => new Date() });
  api = await startTestApi({}, { areas: [accessArea, reportsArea], mailer });
  // Monday 9 November 2026, 07:00 in Manila: the week just ended is 2–8 November, the week before 26 October–1 November.
  api.clock.current = ph('2026-11-09T07:00');
  auditor = await api.signIn('auditor@example.edu');
  await ticket(1, '2026-11-03T10:00', 'met', '2026-11-03T10:30', '2026-11-03T12:00');
  await ticket(2, '2026-10-27T09:00', 'breached', null, null);
  // 23:30 on Sunday the 8th is in the week; 00:30 on Monday the 9th (16:30 UTC on the 8th) is not.
  await ticket(3, '2026-11-08T23:30', 'ok', null, null);
  await ticket(4, '2026-11-09T00:30', 'ok', null, null);
  const [c] = await rows<{ id: string }>(api.database.db, sql`insert into chatbot_conversations (token_hash, started_at, last_at)
    values ('hash-c1', ${ph('2026-11-04T10:00').toISOString()}, ${ph('2026-11-04T10:00').toISOString()}) returning id`);
  await api.database.db.execute(sql`insert into chatbot_messages (conversation_id, sender, body, created_at)
    values (${c!.id}, 'visitor', 'When is enrolment?', ${ph('2026-11-04T10:00').toISOString()})`);
  await api.database.db.execute(sql`insert into chatbot_messages (conversation_id, sender, body, matched, created_at)
    values (${c!.id}, 'bot', 'From 3 to 14 August.', true, ${ph('2026-11-04T10:00').toISOString()})`);
});

afterAll(async () => {
  await sink.close();
});

describe('the week a Monday email covers (Manila)', () => {
  it('is Monday to Sunday just ended, whatever the time in UTC', () => {
    expect(lastWeek(ph('2026-11-09T00:30'))).toEqual({ week: { from: '2026-11-02', to: '2026-11-08' }, before: { from: '2026-10-26', to: '2026-11-01' } });
    expect(lastWeek(ph('2026-11-08T23:30')).week).toEqual({ from: '2026-10-26', to: '2026-11-01' });
  });
});

describe('the weekly email of a page’s key figures', () => {
  it('takes only active people with Analytics and Reports, and audits the choice', async () => {
    const refused = await api.call('PUT', EMAIL, { token: auditor, body: { page: 'support', userIds: [api.users.registrar] } });
    expect(refused.status).toBe(400);
    const support = await api.call('PUT', EMAIL, { token: auditor, body: { page: 'support', userIds: [api.users.auditor, api.users.admin] } });
    expect(support.status, JSON.stringify(support.body)).toBe(200);
    const chatbot = await api.call('PUT', EMAIL, { token: auditor, body: { page: 'chatbot', userIds: [api.users.auditor] } });
    expect(chatbot.body.data.pages.chatbot).toEqual([{ id: api.users.auditor, email: 'auditor@example.edu', name: 'Apolinario Mabini' }]);
    expect(chatbot.body.data.pages.support.map((r: { email: string }) => r.email)).toEqual(['admin@example.edu', 'auditor@example.edu']);
    const [audited] = await rows<{ changes: { recipients: { before: string[]; after: string[] } } }>(
      api.database.db,
      sql`select changes from audit_trails where resource = 'reports-weekly-email' and record_id = 'support'`,
    );
    expect(audited?.changes.recipients).toEqual({ before: [], after: ['admin@example.edu', 'auditor@example.edu'] });
  });

  it('sends each recipient the week’s figures against the week before, through SMTP (reports-weekly-email job)', async () => {
    const jobId = await api.app.jobs.enqueue('reports-weekly-email', {});
    await api.app.jobs.start();
    try {
      for (const end = Date.now() + 60_000; ; ) {
        const [job] = await rows<{ state: string }>(api.database.db, sql`select state from job_runs where id = ${jobId}`);
        if (job?.state === 'completed') break;
        if (Date.now() > end || job?.state === 'failed') throw new Error(`weekly email job ${JSON.stringify(job)}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    } finally {
      await api.app.jobs.stop();
    }
    const mails = await sink.waitFor(3);
    expect(mails.map((m) => `${m.to && !Array.isArray(m.to) ? m.to.text : ''} ${m.subject}`).sort()).toEqual([
      'admin@example.edu Support report, week of 2026-11-02',
      'auditor@example.edu Chatbot report, week of 2026-11-02',
      'auditor@example.edu Support report, week of 2026-11-02',
    ]);
    const support = mails.find((m) => m.subject?.startsWith('Support') && m.text?.includes('Hello Apolinario Mabini'))!;
    // Hand-computed: tickets 1 and 3 created in the week (4 is Monday's), 1 resolved; 2 and 3 waiting at its end.
    expect(support.text).toContain('Support from 2026-11-02 to 2026-11-08 (Asia/Manila), against the week before:');
    expect(support.text).toContain('Tickets created: 2 (week before: 1)');
    expect(support.text).toContain('Tickets resolved: 1 (week before: 0)');
    expect(support.text).toContain('Backlog at end of period: 2 (week before: 1)');
    expect(support.text).toContain('Median first response (business hours): 30 min (week before: —)');
    expect(support.text).toContain('Median resolution time (business hours): 2 h (week before: —)');
    expect(support.text).toContain('SLA breach rate: 0% (week before: 100%)');
    expect(support.text).toContain('/app/analytics/support?preset=custom&from=2026-11-02&to=2026-11-08');
    const chatbot = mails.find((m) => m.subject?.startsWith('Chatbot'))!;
    expect(chatbot.text).toContain('Conversations: 1 (week before: 0)');
    expect(chatbot.text).toContain('Answered rate: 100% (week before: —)');
  }, 90_000);

  it('offers as recipients the active people with Analytics and Reports', async () => {
    const r = await api.call('GET', EMAIL, { token: auditor });
    expect(r.body.data.candidates.map((c: { email: string }) => c.email)).toEqual(['admin@example.edu', 'auditor@example.edu']);
  });

  it('answers 403 without REPORTS', async () => {
    const registrar = await api.signIn('registrar@example.edu');
    expect((await api.call('GET', EMAIL, { token: registrar })).status).toBe(403);
    expect((await api.call('PUT', EMAIL, { token: registrar, body: { page: 'support', userIds: [] } })).status).toBe(403);
  });
});
