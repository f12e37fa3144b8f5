import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { decodeEnvelope } from '@campus/api-contract';
import { rows } from '../../platform/db/client.js';
import { insertAccount } from '../../platform/db/users.js';
import { ENCRYPTION_KEY, startTestApi, TEST_PASSWORD } from '../../test/harness.js';
import { insertImportReferences } from './test/references.js';

// An import creates and changes its target's records, so it is allowed exactly when the same user may create and
// change them one by one: Data Migration alone does not open Campus Management's students.
const api = await startTestApi();
await api.app.jobs.start();
const db = api.database.db;
await insertImportReferences(db);
const admin = await api.signIn('admin@example.edu');
const BASE = '/core/v1.0/migrations';

const clerkId = await insertAccount(
  db,
  { email: 'loader@example.edu', password: TEST_PASSWORD, firstName: 'Juan', lastName: 'Luna', adminScopes: ['DATA'] },
  api.config.argon2,
);
const clerk = await api.signIn('loader@example.edu');

async function upload(token: string, csv: string) {
  const boundary = '----campus-permissions';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="resource"\r\n\r\nstudents\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="students.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const raw = await api.app.inject({
    method: 'POST',
    url: `${BASE}/runs`,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
  });
  const body = raw.body.startsWith('v1.') ? decodeEnvelope(raw.body, ENCRYPTION_KEY) : JSON.parse(raw.body);
  return { status: raw.statusCode, body: body as { data: { _id: string; state: string; message: string | null; mapping: Record<string, string> } } };
}
const students = async () => (await rows<{ n: number }>(db, sql`select count(*)::int as n from students`))[0]!.n;
const CSV = 'studentNumber,firstName,lastName\n2026-90001,Jose,Rizal\n';

describe('an import needs what saving its records one by one needs', () => {
  it('refuses to run an import into students for a user who holds Data Migration but not Campus Management', async () => {
    expect((await api.call('GET', '/core/v1.0/students', { token: clerk })).status).toBe(403);
    const before = await students();
    const run = await upload(clerk, CSV);
    expect(run.status).toBe(201);
    for (const verb of ['check', 'start']) {
      const started = await api.call('POST', `${BASE}/runs/${run.body.data._id}/${verb}`, {
        token: clerk,
        body: { mapping: run.body.data.mapping, mode: 'skip', dateFormat: 'mm/dd/yyyy' },
      });
      expect(started.status, verb).toBe(403);
    }
    expect(await students()).toBe(before);
  });

  it('stops a run whose starter lost the target application before it ran: nothing imported', async () => {
    await api.call('PUT', `/core/v1.0/users/${clerkId}`, { token: admin, body: { adminScopes: ['DATA', 'CAMPUS'] } });
    const withCampus = await api.signIn('loader@example.edu');
    await api.app.jobs.stop();
    const run = await upload(withCampus, CSV);
    const started = await api.call('POST', `${BASE}/runs/${run.body.data._id}/start`, {
      token: withCampus,
      body: { mapping: run.body.data.mapping, mode: 'skip', dateFormat: 'mm/dd/yyyy' },
    });
    expect(started.status).toBe(202);
    await db.execute(sql`update users set admin_scopes = '{DATA}' where id = ${clerkId}`);
    const before = await students();
    await api.app.jobs.start();
    const end = Date.now() + 60_000;
    let state = '';
    let message: string | null = null;
    while (Date.now() < end) {
      const got = (await api.call('GET', `${BASE}/runs/${run.body.data._id}`, { token: admin })).body.data;
      ({ state, message } = got);
      if (state === 'failed' || state === 'completed') break;
      await new Promise((r) => setTimeout(r, 150));
    }
    expect(state).toBe('failed');
    expect(message).toMatch(/^Refused: .* Nothing was imported\.$/);
    expect(await students()).toBe(before);
  }, 90_000);
});
