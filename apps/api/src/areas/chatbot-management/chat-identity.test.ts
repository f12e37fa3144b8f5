import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../platform/db/client.js';
import { startSmtpSink } from '../../test/smtp-sink.js';
import { startTestApi, type TestApi } from '../../test/harness.js';
import { CHAT_CODE_MAX_ATTEMPTS, CODE_REFUSED_MESSAGE, CODE_SENT_MESSAGE, CONFIRM_FIRST_REPLY, START_REPLY, STOP_REPLY } from './chat-identity.js';
import { until } from '../../test/until.js';

const BASE = '/chatbot/v1.0';
const SUBSCRIBERS = '/core/v1.0/chatbot-subscribers';

const sink = await startSmtpSink();
afterAll(() => sink.close());
let api: TestApi;
let admin: string;
const people: Record<string, string> = {};

/** The newest code mailed to `email` (read back from the real SMTP server). */
async function codeMailedTo(email: string, after: number): Promise<string> {
  const mail = await until(
    async () => sink.messages.slice(after).filter((m) => m.to && JSON.stringify(m.to).includes(email)),
    (found) => found.length > 0,
  );
  return /chat code is (\d{6})/.exec(mail.at(-1)!.text ?? '')![1]!;
}

const identify = (body: Record<string, unknown>) => api.call('POST', `${BASE}/chat/identify`, { body });
const confirm = (token: string, code: string) => api.call('POST', `${BASE}/chat/confirm`, { body: { token, code } });
const say = (token: string, message: string) => api.call('POST', `${BASE}/chat`, { body: { token, message } });

beforeAll(async () => {
  api = await startTestApi({ smtpUrl: sink.url, consoleUrl: 'https://campus.example.edu' });
  admin = await api.signIn('admin@example.edu');
  const add = async (key: string, body: Record<string, unknown>) => {
    const created = await api.call('POST', SUBSCRIBERS, { token: admin, body: { kinds: ['STUDENT'], consentAt: '2026-08-01', ...body } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    people[key] = created.body.data._id;
  };
  await add('maria', { firstName: 'Maria', lastName: 'Clara', email: 'maria.clara@example.edu' });
  await add('juan', { firstName: 'Juan', lastName: 'Crisostomo', email: 'juan.crisostomo@example.edu' });
  // A broadcast on the web chat channel reached each of them: one inbox message each.
  const [broadcast] = await rows<{ id: string }>(
    api.database.db,
    sql`insert into chatbot_broadcasts (subject, message, audience, channels, status) values ('Enrolment', 'Enrolment opens Monday.', 'CUSTOM', '{WEB_CHAT}', 'SENT') returning id`,
  );
  for (const [key, body] of [['maria', 'Maria, enrolment opens Monday.'], ['juan', 'Juan, enrolment opens Monday.']] as const) {
    await api.database.db.execute(sql`insert into chatbot_inbox (subscriber_id, broadcast_id, persona, body) values (${people[key]}, ${broadcast!.id}, 'Campus Bot', ${body})`);
  }
}, 120_000);

describe('confirming who a web chat visitor is', () => {
  it('answers the same for an unknown address and mails nothing to it', async () => {
    const before = sink.messages.length;
    const unknown = await identify({ email: 'nobody@example.edu' });
    const known = await identify({ email: 'Maria.Clara@example.edu' });
    expect(unknown.status).toBe(200);
    expect(unknown.body.data.message).toBe(CODE_SENT_MESSAGE);
    expect(known.body.data.message).toBe(CODE_SENT_MESSAGE);
    await codeMailedTo('maria.clara@example.edu', before);
    expect(sink.messages.slice(before).some((m) => JSON.stringify(m.to).includes('nobody@example.edu'))).toBe(false);
    expect((await identify({ email: 'not an address' })).status).toBe(400);
  });

  it('links the conversation with the mailed code: the inbox of that subscriber only, and not for another visitor', async () => {
    const before = sink.messages.length;
    const { token } = (await identify({ email: 'maria.clara@example.edu' })).body.data;
    const code = await codeMailedTo('maria.clara@example.edu', before);
    // Another visitor holding the same code gets nothing: the code belongs to the conversation it was asked from.
    const other = (await identify({ email: 'juan.crisostomo@example.edu' })).body.data.token;
    expect((await confirm(other, code)).status).toBe(400);
    const linked = await confirm(token, code);
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(linked.body.data.subscriber).toEqual({ name: 'Maria' });
    expect(linked.body.data.inbox.map((m: { body: string }) => m.body)).toEqual(['Maria, enrolment opens Monday.']);
    // A code works once.
    expect((await confirm(token, code)).status).toBe(400);
    const opened = await api.call('GET', `${BASE}/chat?token=${encodeURIComponent(token)}`);
    expect(opened.body.data.inbox).toHaveLength(1);
    const otherView = await api.call('GET', `${BASE}/chat?token=${encodeURIComponent(other)}`);
    expect(otherView.body.data).toMatchObject({ subscriber: null, inbox: [] });
    // Forgetting makes the visitor anonymous again.
    const forgotten = await api.call('POST', `${BASE}/chat/forget`, { body: { token } });
    expect(forgotten.body.data).toMatchObject({ subscriber: null, inbox: [] });
  });

  it('refuses a wrong code, spends the code after a few wrong tries, and refuses an expired one', async () => {
    let before = sink.messages.length;
    const { token } = (await identify({ email: 'juan.crisostomo@example.edu' })).body.data;
    const code = await codeMailedTo('juan.crisostomo@example.edu', before);
    const wrong = code === '000000' ? '000001' : '000000';
    const refused = await confirm(token, wrong);
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors.code).toEqual([CODE_REFUSED_MESSAGE]);
    for (let i = 1; i < CHAT_CODE_MAX_ATTEMPTS; i++) await confirm(token, wrong);
    expect((await confirm(token, code)).status).toBe(400);

    before = sink.messages.length;
    const second = (await identify({ token, email: 'juan.crisostomo@example.edu' })).body.data.token;
    expect(second).toBe(token);
    const fresh = await codeMailedTo('juan.crisostomo@example.edu', before);
    api.clock.current = new Date(api.clock.current.getTime() + 11 * 60_000);
    expect((await confirm(token, fresh)).status).toBe(400);
  });

  it('mails at most three codes to one subscriber in a quarter of an hour', async () => {
    api.clock.current = new Date(api.clock.current.getTime() + 60 * 60_000);
    const before = sink.messages.length;
    for (let i = 0; i < 5; i++) expect((await identify({ email: 'maria.clara@example.edu' })).status).toBe(200);
    await until(
      async () => sink.messages.slice(before).length,
      (n) => n >= 3,
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(sink.messages.slice(before).filter((m) => JSON.stringify(m.to).includes('maria.clara@example.edu'))).toHaveLength(3);
  });
});

describe('STOP and START in the chat', () => {
  it('asks an anonymous visitor to confirm first; a confirmed one stops and restarts broadcasts, audited', async () => {
    const anonymous = await say('', 'STOP');
    expect(anonymous.body.data.messages.at(-1).text).toBe(CONFIRM_FIRST_REPLY);

    api.clock.current = new Date(api.clock.current.getTime() + 60 * 60_000);
    admin = await api.signIn('admin@example.edu'); // the moved clock ended the earlier session
    const before = sink.messages.length;
    const { token } = (await identify({ email: 'juan.crisostomo@example.edu' })).body.data;
    expect((await confirm(token, await codeMailedTo('juan.crisostomo@example.edu', before))).status).toBe(200);
    const stopped = await say(token, 'stop');
    expect(stopped.body.data.messages.at(-1).text).toBe(STOP_REPLY);
    const optedOut = async () => {
      const found = await api.call('GET', `${SUBSCRIBERS}/${people.juan}`, { token: admin });
      expect(found.status, JSON.stringify(found.body)).toBe(200);
      return found.body.data.optedOutAt;
    };
    expect(await optedOut()).not.toBeNull();
    // A broadcast now skips him, and counts him as opted out.
    const preview = await api.call('POST', `${BASE}/audience-preview`, {
      token: admin,
      body: { audience: 'CUSTOM', ids: [people.juan, people.maria], message: 'Fees are due.' },
    });
    expect(preview.body.data).toMatchObject({ recipients: 1, optedOut: 1 });

    const started = await say(token, 'START');
    expect(started.body.data.messages.at(-1).text).toBe(START_REPLY);
    expect(await optedOut()).toBeNull();
    const trail = await rows<{ activity: string }>(
      api.database.db,
      sql`select activity from audit_trails where resource = 'chatbot-subscribers' and record_id = ${people.juan} order by created_at, id`,
    );
    expect(trail.map((t) => t.activity)).toEqual(
      expect.arrayContaining(['Confirmed their address in the web chat', 'Stopped broadcasts from the web chat', 'Started broadcasts again from the web chat']),
    );
  });
});
