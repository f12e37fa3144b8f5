import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeEnvelope } from '@campus/api-contract';
import { buildApp } from '../../app.js';
import { openDatabase, rows, type Database } from '../db/client.js';
import { defineJobType } from '../jobs/types.js';
import { createMailer } from '../auth/mailer.js';
import { ENCRYPTION_KEY, MailBox, startTestApi, testDatabaseUrls, type TestApi } from '../../test/harness.js';
import { startSmtpSink } from '../../test/smtp-sink.js';
import { until } from '../../test/until.js';
import { freePort } from '../../test/api-process.js';
import { area as accessArea } from '../../areas/access-management/area.js';
import { area as campusArea } from '../../areas/campus-management/area.js';
import { createSupportArea } from '../../areas/support-management/area.js';
import nodemailer from 'nodemailer';
import { closeAtFileEnd } from '../../test/file-end.js';

// Two API processes over one database, as behind the load balancer: on PostgreSQL each has its own connection pool
// (and so its own caches); on the embedded database, which one process opens, the second app shares the handle.
const sink = await startSmtpSink();
afterAll(() => sink.close());

let api: TestApi;
let second: FastifyInstance;
let secondDatabase: Database;
let ticks = 0;
/** What the second process sent (it sends through SMTP as configured, like the first). */
const secondMail = new MailBox();

/** A job type both processes register: each run is counted in the database, whichever process ran it. */
const tickJob = defineJobType({
  name: 'one-system-tick',
  title: 'One system tick',
  params: z.object({}),
  async handler(job) {
    ticks += 1;
    await job.once(async () => ({ done: 1, failed: 0 }));
  },
});

beforeAll(async () => {
  api = await startTestApi({ smtpUrl: sink.url, consoleUrl: 'https://campus.example.edu' });
  const url = testDatabaseUrls.get(api.database);
  secondDatabase = url ? await openDatabase({ databaseUrl: url, poolSize: 4 }) : api.database;
  secondMail.attach(createMailer({ smtpUrl: api.config.smtpUrl, from: api.config.mailFrom, db: secondDatabase.db, now: api.config.now }));
  second = await buildApp({ config: api.config, database: secondDatabase, logger: false, mailer: secondMail });
  closeAtFileEnd(async () => {
    await second.close();
    if (secondDatabase !== api.database) await secondDatabase.close();
  });
  api.app.jobs.register(tickJob);
  second.jobs.register(tickJob);
  await api.app.jobs.start();
  await second.jobs.start();
}, 180_000);

/** A request through the second process, decoded as the first's `call` does. */
async function viaSecond(method: 'GET' | 'POST' | 'PUT', url: string, token?: string, body?: object) {
  const raw = await second.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(body ? { payload: body } : {}) });
  return { status: raw.statusCode, body: raw.body ? (decodeEnvelope(raw.body, ENCRYPTION_KEY) as any) : undefined }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

describe('a schedule across two processes', () => {
  it('fires once per due run, whichever process ticks first', async () => {
    const schedule = { name: 'one-system-every-minute', type: tickJob.name, cron: '* * * * *', timeZone: 'Asia/Manila', missedRunPolicy: 'skip' as const };
    // Both processes ship the schedule at start: one row.
    await Promise.all([api.app.jobs.ensureSchedule(schedule), second.jobs.ensureSchedule(schedule)]);
    const queued = async () =>
      (await rows<{ n: number }>(api.database.db, sql`select count(*)::int as n from job_runs where queue = ${tickJob.name}`))[0]!.n;
    for (let minute = 1; minute <= 3; minute += 1) {
      api.clock.advance(60_000);
      // Both engines tick on their own, and both are also asked at the same moment.
      const fired = await Promise.all([api.app.jobs.fireSchedules(), second.jobs.fireSchedules(), api.app.jobs.fireSchedules(), second.jobs.fireSchedules()]);
      expect(fired.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1);
      await until(queued, (n) => n === minute, 10_000);
      await new Promise((r) => setTimeout(r, 700)); // two more ticks of each engine
      expect(await queued()).toBe(minute);
    }
    const done = await until(
      async () => (await rows<{ n: number }>(api.database.db, sql`select count(*)::int as n from job_runs where queue = ${tickJob.name} and state = 'completed'`))[0]!.n,
      (n) => n === 3,
      30_000,
    );
    expect(done).toBe(3);
    expect(ticks).toBe(3);
    const [row] = await rows<{ n: number }>(api.database.db, sql`select count(*)::int as n from job_schedules where name = ${schedule.name}`);
    expect(row!.n).toBe(1);
  }, 60_000);
});

describe('a broadcast with both processes working', () => {
  it('sends each email once', async () => {
    const token = await api.signIn('admin@example.edu');
    const ids: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      const created = await api.call('POST', '/core/v1.0/chatbot-subscribers', {
        token,
        body: { kinds: ['STUDENT'], consentAt: '2026-08-01', firstName: `Reader${i}`, lastName: 'Santos', email: `reader${i}@example.edu` },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      ids.push(created.body.data._id as string);
    }
    // Three broadcasts sent at once, one through each process and one more, so both processes' workers take jobs.
    const broadcasts: string[] = [];
    for (let b = 0; b < 3; b += 1) {
      const created = await api.call('POST', '/chatbot/v1.0/broadcasts', {
        token,
        body: { subject: `Notice ${b} for [[first_name]]`, message: 'Classes resume on Monday.', audience: 'CUSTOM', ids, channels: ['EMAIL'] },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      broadcasts.push(created.body.data._id as string);
    }
    const before = sink.messages.length;
    const [firstBefore, secondBefore] = [api.mail.messages.length, secondMail.messages.length];
    const sent = await Promise.all(
      broadcasts.map((id, b) =>
        b % 2 ? viaSecond('POST', `/chatbot/v1.0/broadcasts/${id}/send`, token) : api.call('POST', `/chatbot/v1.0/broadcasts/${id}/send`, { token }),
      ),
    );
    expect(sent.map((s) => s.status)).toEqual([200, 200, 200]);
    for (const id of broadcasts) {
      const done = await until(async () => (await api.call('GET', `/chatbot/v1.0/broadcasts/${id}`, { token })).body.data, (b) => b.status !== 'SENDING', 60_000);
      expect(done.status).toBe('SENT');
      expect(done.counts).toMatchObject({ total: 12, sent: 12, failed: 0 });
    }
    await sink.waitFor(before + 36);
    await new Promise((r) => setTimeout(r, 500)); // a duplicate would arrive by now
    const mails = sink.messages.slice(before).map((m) => `${m.subject} → ${(m.to as { text: string }).text}`);
    expect(mails).toHaveLength(36);
    expect(new Set(mails).size).toBe(36);
    // Each was sent by one process: what the two processes handed to SMTP adds up to what arrived.
    const handed = [api.mail.messages.length - firstBefore, secondMail.messages.length - secondBefore];
    console.log(`broadcast emails sent by each process: ${handed.join(' and ')}`);
    expect(handed[0]! + handed[1]!).toBe(36);
    for (let b = 0; b < 3; b += 1) for (let i = 0; i < 12; i += 1) expect(mails).toContain(`Notice ${b} for Reader${i} → reader${i}@example.edu`);
  }, 120_000);
});

describe('sign out and settings across two processes', () => {
  const me = (token: string) => viaSecond('GET', '/core/v1.0/users/me', token);

  it('a sign out on one is seen by the other at its next request', async () => {
    const token = await api.signIn('registrar@example.edu');
    expect((await me(token)).status).toBe(200); // remembered by the second process
    expect((await api.call('POST', `/core/v1.0/auth/logout/${api.users.registrar}`, { token })).status).toBe(200);
    expect((await me(token)).status).toBe(401);
  });

  it('"sign out everywhere" on one ends the sessions the other remembers', async () => {
    const first = await api.signIn('registrar@example.edu');
    const other = await api.signIn('registrar@example.edu');
    const admin = await api.signIn('admin@example.edu');
    for (const token of [first, other, admin]) expect((await me(token)).status).toBe(200);
    const ended = await viaSecond('POST', `/core/v1.0/auth/logout/${api.users.registrar}/all`, first);
    expect(ended.body.data).toEqual({ message: 'Signed out everywhere.', sessionsEnded: 2 });
    expect((await api.call('GET', '/core/v1.0/users/me', { token: other })).status).toBe(401);
    expect((await me(other)).status).toBe(401);
    expect((await me(admin)).status).toBe(200);
  });

  it('a settings change saved through one is in force in the other at its next request', async () => {
    const admin = await api.signIn('admin@example.edu');
    // The second process has the settings remembered.
    expect((await viaSecond('GET', '/core/v1.0/settings/sign-in-panel')).body.data.mission).not.toBe('Saved through the first');
    const { settings } = (await api.call('GET', '/core/v1.0/settings', { token: admin })).body.data;
    const saved = await api.call('PUT', '/core/v1.0/settings', { token: admin, body: { ...settings, mission: 'Saved through the first' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await viaSecond('GET', '/core/v1.0/settings/sign-in-panel')).body.data.mission).toBe('Saved through the first');
  });
});

// The embedded database is opened by one process only, which receives the mail (the support tests show it).
describe.runIf(process.env.TEST_DATABASE_URL)('inbound mail across two processes', () => {
  it('is received by one process at a time, and by the other once that one stops', async () => {
    const port = await freePort();
    const listening: string[] = [];
    const support = (who: string) =>
      createSupportArea({ inbound: { port, retryMs: 200, onListening: () => listening.push(who), onClosed: () => listening.push(`${who} closed`) } });
    const first = await startTestApi({}, { areas: [accessArea, campusArea, support('first')] });
    const otherDatabase = await openDatabase({ databaseUrl: testDatabaseUrls.get(first.database)!, poolSize: 2 });
    const other = await buildApp({ config: first.config, database: otherDatabase, logger: false, areas: [accessArea, campusArea, support('second')] });
    closeAtFileEnd(async () => {
      await other.close();
      await otherDatabase.close();
    });
    await Promise.all([first.app.ready(), other.ready()]);
    await new Promise((r) => setTimeout(r, 600)); // three elections of the process that lost
    expect(listening).toHaveLength(1);
    const [winner] = listening as ['first' | 'second'];
    const loser = winner === 'first' ? 'second' : 'first';
    // The port answers as the listener does: mail for an address no office has is refused.
    const send = async () => {
      const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
      try {
        await transport.sendMail({ to: 'nobody@example.edu', from: 'pedro@example.com', subject: 'x', text: 'y' });
      } finally {
        transport.close();
      }
    };
    await expect(send()).rejects.toThrow(/550|mailbox/i);

    // The holder stops (a rolling restart): the other takes over.
    await (winner === 'first' ? first.app : other).close();
    await until(async () => [...listening], (l) => l.includes(loser), 10_000);
    expect(listening).toEqual([winner, `${winner} closed`, loser]);
    await expect(send()).rejects.toThrow(/550|mailbox/i);

    // The new holder's connection to the database is cut (as when its machine drops off): it stops listening at
    // once, since another process could now be elected, and stands again.
    // pg_locks lists the locks of every database on the server: only this test's database counts (other test files
    // running at the same time hold the same lock in theirs).
    const [cut] = await rows<{ n: number }>(
      first.database.db,
      sql`select count(pg_terminate_backend(pid))::int as n from pg_locks
           where locktype = 'advisory' and classid = ${0x0ca5} and granted
             and database = (select oid from pg_database where datname = current_database())`,
    );
    expect(cut!.n).toBe(1);
    await until(async () => [...listening], (l) => l.length === 5, 10_000);
    expect(listening).toEqual([winner, `${winner} closed`, loser, `${loser} closed`, loser]);
    await expect(send()).rejects.toThrow(/550|mailbox/i);
  }, 60_000);
});

describe('INBOUND_MAIL=off', () => {
  it('keeps a process from receiving inbound mail though SUPPORT_SMTP_PORT is set', async () => {
    const port = await freePort();
    const saved = { port: process.env.SUPPORT_SMTP_PORT, flag: process.env.INBOUND_MAIL };
    process.env.SUPPORT_SMTP_PORT = String(port);
    process.env.INBOUND_MAIL = 'off';
    let support;
    try {
      support = createSupportArea();
    } finally {
      for (const [name, value] of [['SUPPORT_SMTP_PORT', saved.port], ['INBOUND_MAIL', saved.flag]] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
    const quiet = await startTestApi({}, { areas: [accessArea, campusArea, support] });
    await quiet.app.ready();
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, connectionTimeout: 2_000 });
    await expect(transport.sendMail({ to: 'nobody@example.edu', from: 'pedro@example.com', subject: 'x', text: 'y' })).rejects.toThrow(/ECONNREFUSED/);
    transport.close();
  }, 60_000);
});
