import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../../platform/db/client.js';
import { startTestApi } from '../../test/harness.js';
import { insertInstructors } from '../../test/instructors.js';
import { SEARCH_WALK_MIN_ROWS } from '../../resources/list/index.js';

const api = await startTestApi();
const engine = api.app.jobs;
await engine.start();
const admin = await api.signIn('admin@example.edu');

const settings = {
  organisationName: 'Bicol State University',
  logoUrl: null,
  mission: '',
  vision: '',
  timeZone: 'Asia/Manila',
  lockoutThreshold: 5,
  lockoutMinutes: 15,
  sessionIdleMinutes: 120,
  sessionAbsoluteHours: 12,
  passwordMinLength: 12,
  twoFactorMandatory: false,
};

const daysAgo = (days: number) => new Date(api.clock.now().getTime() - days * 86_400_000).toISOString();

/** An audit row and a chat conversation dated `days` ago; answers their ids. */
async function oldRecords(days: number): Promise<{ audit: string; conversation: string }> {
  const [audit] = await rows<{ id: string }>(
    api.database.db,
    sql`insert into audit_trails (activity, created_at) values (${`Old activity ${days}`}, ${daysAgo(days)}) returning id`,
  );
  const [conversation] = await rows<{ id: string }>(
    api.database.db,
    sql`insert into chatbot_conversations (token_hash, started_at, last_at) values (${`t${days}-${Math.random()}`}, ${daysAgo(days)}, ${daysAgo(days)}) returning id`,
  );
  return { audit: audit!.id, conversation: conversation!.id };
}

async function exists(table: 'audit_trails' | 'chatbot_conversations', id: string): Promise<boolean> {
  return (await rows(api.database.db, sql`select 1 from ${sql.identifier(table)} where id = ${id}`)).length === 1;
}

/** Runs housekeeping once through the job engine and answers its log. */
async function housekeeping(): Promise<string[]> {
  const id = await engine.enqueue('housekeeping', {});
  await engine.tick();
  const end = Date.now() + 30_000;
  for (;;) {
    const job = (await api.call('GET', `/core/v1.0/jobs/${id}`, { token: admin })).body.data;
    if (job?.state === 'completed') return job.log.map((l: { message: string }) => l.message);
    if (job?.state === 'failed' || Date.now() > end) throw new Error(`Housekeeping did not complete: ${JSON.stringify(job)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('housekeeping applies the retention periods of the system settings', () => {
  it('purges nothing while retention is off (the default)', async () => {
    const old = await oldRecords(4000);
    const log = await housekeeping();
    expect(log).toContain('Audit-trail retention is off: the audit trail is kept.');
    expect(log).toContain('Chat transcript retention is off in the system settings: transcripts are kept.');
    expect(await exists('audit_trails', old.audit)).toBe(true);
    expect(await exists('chatbot_conversations', old.conversation)).toBe(true);
  }, 40_000);

  it('purges audit rows and transcripts older than the stored periods, and keeps the rest', async () => {
    const old = await oldRecords(400);
    const recent = await oldRecords(20);
    const middle = await oldRecords(100); // older than the transcript period, younger than the audit one
    const saved = await api.call('PUT', '/core/v1.0/settings', {
      token: admin,
      body: { ...settings, auditRetentionDays: 365, transcriptRetentionDays: 30 },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const log = await housekeeping();
    expect(log.some((m) => /^Purged [1-9]\d* audit-trail rows older than 365 days\.$/.test(m))).toBe(true);
    expect(log.some((m) => /^Purged [1-9]\d* chat transcripts older than 30 days\.$/.test(m))).toBe(true);
    expect(await exists('audit_trails', old.audit)).toBe(false);
    expect(await exists('chatbot_conversations', old.conversation)).toBe(false);
    expect(await exists('audit_trails', middle.audit)).toBe(true);
    expect(await exists('chatbot_conversations', middle.conversation)).toBe(false);
    expect(await exists('audit_trails', recent.audit)).toBe(true);
    expect(await exists('chatbot_conversations', recent.conversation)).toBe(true);
  }, 40_000);
});

describe('housekeeping keeps large tables in their list order', () => {
  it('stores a drifted large table in its default order once, then leaves it', async () => {
    await insertInstructors(api.database.db, SEARCH_WALK_MIN_ROWS + 500, 13);
    await api.database.db.execute(sql`analyze instructors`);
    const first = await housekeeping();
    const total = (SEARCH_WALK_MIN_ROWS + 500).toLocaleString('en-US');
    expect(first.some((m) => new RegExp(`^Stored instructors in its list order \\(lastName\\): ${total} rows in \\d+\\.\\d s\\.$`).test(m))).toBe(true);
    const [stored] = await rows<{ c: number }>(
      api.database.db,
      sql`select correlation::float8 as c from pg_stats where tablename = 'instructors' and attname = 'last_name'`,
    );
    expect(stored!.c).toBeGreaterThan(0.99);
    expect(await housekeeping()).toContain('Already in their list order: instructors.');
  }, 60_000);

  it('builds the search blocks of a large table, and again only after rows were written (decision 0074)', async () => {
    // The run above built them with the reorder.
    const [built] = await rows<{ n: number }>(api.database.db, sql`select count(*)::int as n from list_search_blocks where table_name = 'instructors'`);
    expect(built!.n).toBeGreaterThan(0);
    expect((await housekeeping()).some((m) => m.startsWith('Built the search blocks'))).toBe(false);
    await api.database.db.execute(sql`update instructors set first_name = 'Ana' where employee_number = (select min(employee_number) from instructors)`);
    const total = (SEARCH_WALK_MIN_ROWS + 500).toLocaleString('en-US');
    const again = await housekeeping();
    expect(
      again.some((m) => new RegExp(`^Built the search blocks of instructors \\(employeeNumber, lastName, firstName\\): ${total} rows in \\d+\\.\\d s\\.$`).test(m)),
    ).toBe(true);
    const [changes] = await rows<{ n: number }>(api.database.db, sql`select count(*)::int as n from list_search_changes where table_name = 'instructors'`);
    expect(changes!.n).toBe(0);
  }, 60_000);
});
