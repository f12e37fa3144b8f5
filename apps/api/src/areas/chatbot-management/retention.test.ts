import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { rows } from '../../platform/db/client.js';
import { until } from '../../test/until.js';
import { startTestApi } from '../../test/harness.js';

const api = await startTestApi();
const token = await api.signIn('admin@example.edu');
await api.app.jobs.start();
afterAll(() => api.app.close());

describe('transcript retention', () => {
  it('purges conversations older than the retention period of the settings, and keeps the rest', async () => {
    const db = api.database.db;
    const now = api.config.now().getTime();
    const daysAgo = (d: number) => new Date(now - d * 86_400_000).toISOString();
    expect((await api.call('PUT', '/chatbot/v1.0/settings', { token, body: { retentionDays: 30 } })).status).toBe(200);
    for (const [hash, age] of [['old', 45], ['recent', 10]] as const) {
      const [c] = await rows<{ id: string }>(db, sql`insert into chatbot_conversations (token_hash, started_at, last_at) values (${hash}, ${daysAgo(age)}, ${daysAgo(age)}) returning id`);
      await db.execute(sql`insert into chatbot_messages (conversation_id, sender, body, created_at) values (${c!.id}, 'visitor', ${`a ${hash} question`}, ${daysAgo(age)})`);
    }
    await db.execute(sql`insert into chatbot_unanswered (question, normalized, created_at, last_asked_at) values ('old question', 'old question', ${daysAgo(60)}, ${daysAgo(60)})`);

    const jobId = await api.app.jobs.enqueue('chatbot-retention', {});
    const job = await until(
      async () => (await api.call('GET', `/core/v1.0/jobs/${jobId}`, { token })).body.data,
      (j) => j?.state === 'completed',
    );
    expect(job.log.map((l: { message: string }) => l.message)).toContain('Purged 1 conversations and 1 unanswered questions older than 30 days.');
    const left = await rows<{ token_hash: string }>(db, sql`select token_hash from chatbot_conversations order by token_hash`);
    expect(left.map((r) => r.token_hash)).toEqual(['recent']);
    const messages = await rows<{ body: string }>(db, sql`select body from chatbot_messages`);
    expect(messages.map((m) => m.body)).toEqual(['a recent question']);
  });
});
