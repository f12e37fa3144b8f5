import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { decodeEnvelope } from '@campus/api-contract';
import { rows } from '../../platform/db/client.js';
import { ENCRYPTION_KEY, startTestApi } from '../../test/harness.js';

// The response bank and the subscribers come in through Data Migration's uploader (their templates); they go out
// through the console's list export, as every entity does.
const api = await startTestApi();
await api.app.jobs.start();
const admin = await api.signIn('admin@example.edu');
const BASE = '/core/v1.0/migrations';
const call = (method: string, url: string, body?: unknown) => api.call(method, `${BASE}${url}`, { token: admin, body });
const db = api.database.db;
await db.execute(sql`insert into support_offices (code, name, email, is_active, created_at, updated_at)
  values ('REG', 'Office of the Registrar', 'registrar@example.edu', true, now(), now())`);

async function uploaded(resource: string, content: string) {
  const boundary = '----campus-chatbot-import';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="resource"\r\n\r\n${resource}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${resource}.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(content, 'utf8'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const raw = await api.app.inject({
    method: 'POST',
    url: `${BASE}/runs`,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${admin}` },
  });
  expect(raw.statusCode, raw.body).toBe(201);
  const body = raw.body.startsWith('v1.') ? JSON.stringify(decodeEnvelope(raw.body, ENCRYPTION_KEY)) : raw.body;
  const id = /"_id":"([0-9a-f-]{36})"/.exec(body)?.[1];
  return (await call('GET', `/runs/${id}`)).body.data as { _id: string; mapping: Record<string, string> };
}

async function imported(run: { _id: string; mapping: Record<string, string> }) {
  const started = await call('POST', `/runs/${run._id}/start`, { mapping: run.mapping, mode: 'skip', dateFormat: 'mm/dd/yyyy' });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const end = Date.now() + 60_000;
  for (;;) {
    const done = (await call('GET', `/runs/${run._id}`)).body.data;
    if (['completed', 'failed'].includes(done.state)) return done;
    if (Date.now() > end) throw new Error(`run stayed ${done.state}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

describe('importing the chatbot bank and subscribers', () => {
  it('offers both as Data Migration targets with their template columns', async () => {
    const { data } = (await call('GET', '/targets')).body;
    const columns = (resource: string) =>
      data.find((t: { resource: string }) => t.resource === resource).columns.filter((c: { inTemplate: boolean }) => c.inTemplate).map((c: { name: string }) => c.name);
    expect(columns('chatbot-responses')).toEqual(['title', 'questions', 'answer', 'category', 'officeCode', 'reviewBy']);
    expect(columns('chatbot-subscribers')).toEqual(['names', 'kinds', 'email', 'mobile', 'consentAt', 'optedOutAt']);
  });

  it('imports responses with their office by code, and refuses a row with an unknown category', async () => {
    const csv = [
      'title,questions,answer,category,officeCode,reviewBy',
      'Transcript requests,"How do I get my transcript?\nTOR request",Request it at the Registrar window 3.,RECORDS,REG,2027-06-30',
      'Library hours,When is the library open?,From 8:00 to 20:00.,LIBRARY,REG,',
    ].join('\r\n');
    const done = await imported(await uploaded('chatbot-responses', csv));
    expect(done.counts).toEqual({ read: 2, created: 1, updated: 0, rejected: 1 });
    const saved = await rows<{ title: string; questions: string; category: string; office: string; review_by: string }>(
      db,
      sql`select r.title, r.questions, r.category, o.code as office, r.review_by::text as review_by
          from chatbot_responses r join support_offices o on o.id = r.office_id`,
    );
    expect(saved).toEqual([
      { title: 'Transcript requests', questions: 'How do I get my transcript?\nTOR request', category: 'RECORDS', office: 'REG', review_by: '2027-06-30' },
    ]);
  });

  it('imports subscribers: a new one is created, one already on record (same email) is updated, not doubled', async () => {
    await db.execute(sql`insert into chatbot_subscribers (first_name, last_name, kinds, email, is_active, created_at, updated_at)
      values ('Teresa', 'Magbanua', array['GUARDIAN'], 'teresa.magbanua@example.com', true, now(), now())`);
    const csv = [
      'names,kinds,email,mobile,consentAt,optedOutAt',
      '"Magbanua, Teresa",ALUMNUS;GUARDIAN,Teresa.Magbanua@example.com,,2026-06-01,',
      '"Luna, Antonio",STUDENT,antonio.luna@example.com,+63 917 555 0100,2026-06-02,2026-10-01',
      '"Nobody, Without",OTHER,,,,',
    ].join('\r\n');
    const done = await imported(await uploaded('chatbot-subscribers', csv));
    expect(done.counts).toEqual({ read: 3, created: 1, updated: 1, rejected: 1 });
    const saved = await rows<{ last_name: string; kinds: string[]; email: string; opted_out_at: string | null }>(
      db,
      sql`select last_name, kinds, email, opted_out_at::text as opted_out_at from chatbot_subscribers order by last_name`,
    );
    expect(saved).toEqual([
      { last_name: 'Luna', kinds: ['STUDENT'], email: 'antonio.luna@example.com', opted_out_at: '2026-10-01' },
      { last_name: 'Magbanua', kinds: ['ALUMNUS', 'GUARDIAN'], email: 'teresa.magbanua@example.com', opted_out_at: null },
    ]);
  });

});
