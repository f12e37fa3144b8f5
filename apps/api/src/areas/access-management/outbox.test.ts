import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { sql } from 'drizzle-orm';
import { createMailer } from '../../platform/auth/mailer.js';
import { rows } from '../../platform/db/client.js';
import { startTestApi } from '../../test/harness.js';

const api = await startTestApi();

const outboxCount = async () =>
  Number((await rows<{ n: number }>(api.database.db, sql`select count(*)::int as n from outbox`))[0]!.n);

describe('without SMTP, mail goes to the outbox', () => {
  it('keeps a reset code in the outbox, where an IAM administrator reads it', async () => {
    const admin = await api.signIn('admin@example.edu');
    expect((await api.call('POST', '/core/v1.0/auth/recovery', { body: { email: 'registrar@example.edu' } })).status).toBe(202);
    await expect.poll(outboxCount).toBeGreaterThan(0);

    const list = await api.call('GET', '/core/v1.0/outbox?to=Registrar@Example.edu', { token: admin });
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(1);
    const [row] = list.body.rows;
    expect(row).toEqual({
      _id: expect.any(String),
      to: 'registrar@example.edu',
      subject: 'Your Campus Administration System reset code',
      createdAt: api.clock.now().toISOString(),
    });
    const message = await api.call('GET', `/core/v1.0/outbox/${row._id}`, { token: admin });
    expect(message.status).toBe(200);
    expect(message.body.data.text).toContain(`Your password reset code is ${api.mail.lastCodeFor('registrar@example.edu')}.`);
  });

  it('lists the newest first, a page at a time', async () => {
    const mailer = createMailer({ smtpUrl: undefined, from: 'x@example.edu', db: api.database.db, now: api.clock.now });
    for (const n of [1, 2, 3]) {
      api.clock.advance(1000);
      await mailer.send({ to: 'list@example.edu', subject: `Notice ${n}`, text: `Body ${n}` });
    }
    const admin = await api.signIn('admin@example.edu');
    const page = await api.call('GET', '/core/v1.0/outbox?to=list@example.edu&limit=2', { token: admin });
    expect(page.body.count).toBe(3);
    expect(page.body.rows.map((r: { subject: string }) => r.subject)).toEqual(['Notice 3', 'Notice 2']);
  });

  it.each([
    ['a user without the IAM scope', 'registrar@example.edu'],
    ['an IAM user who is not an administrator', 'auditor@example.edu'],
  ])('refuses the outbox to %s (403)', async (_who, email) => {
    const token = await api.signIn(email);
    expect((await api.call('GET', '/core/v1.0/outbox', { token })).status).toBe(403);
    expect((await api.call('GET', '/core/v1.0/outbox/00000000-0000-4000-8000-000000000001', { token })).status).toBe(403);
  });

  it('answers 404 for a message that is not there and 401 without a token', async () => {
    const admin = await api.signIn('admin@example.edu');
    expect((await api.call('GET', '/core/v1.0/outbox/00000000-0000-4000-8000-000000000001', { token: admin })).status).toBe(404);
    expect((await api.call('GET', '/core/v1.0/outbox')).status).toBe(401);
  });

  it('refuses a header that would smuggle a line break into the message', async () => {
    const mailer = createMailer({ smtpUrl: undefined, from: 'x@example.edu', db: api.database.db, now: api.clock.now });
    const before = await outboxCount();
    await expect(
      mailer.send({ to: 'a@example.edu', subject: 'Hi\r\nBcc: everyone@example.edu', text: 'x' }),
    ).rejects.toThrow();
    await expect(
      mailer.send({ to: 'a@example.edu', subject: 'Hi', text: 'x', headers: { 'X-Note': 'a\nBcc: b@example.edu' } }),
    ).rejects.toThrow();
    expect(await outboxCount()).toBe(before);
  });
});

describe('with SMTP, mail is sent (a real SMTP sink)', () => {
  const received: ParsedMail[] = [];
  let sink: SMTPServer;
  let port = 0;

  beforeAll(async () => {
    sink = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, done) {
        simpleParser(stream)
          .then((mail) => {
            received.push(mail);
            done();
          })
          .catch(done);
      },
    });
    await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
    port = (sink.server.address() as { port: number }).port;
  });

  afterAll(() => new Promise<void>((resolve) => sink.close(() => resolve())));

  it('sends text, HTML and headers through the server and keeps nothing in the outbox', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Campus Administration System <no-reply@example.edu>',
      db: api.database.db,
      now: api.clock.now,
    });
    const before = await outboxCount();
    await mailer.send({
      to: 'dean@example.edu',
      subject: 'Grade release',
      text: 'Grades are out on Friday.',
      html: '<p>Grades are out on <strong>Friday</strong>.</p>',
      headers: { 'X-Campus-Notice': 'grades' },
    });
    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.subject).toBe('Grade release');
    expect(mail.text?.trim()).toBe('Grades are out on Friday.');
    expect(mail.html).toContain('<strong>Friday</strong>');
    expect(mail.headers.get('x-campus-notice')).toBe('grades');
    expect(mail.from?.text).toContain('no-reply@example.edu');
    expect((mail.to as { text: string }).text).toBe('dean@example.edu');
    expect(await outboxCount()).toBe(before);
  });
});
