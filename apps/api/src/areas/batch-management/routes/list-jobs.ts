import { sql, type SQL } from 'drizzle-orm';
import type { JobQuery } from '@campus/api-contract';
import { rows } from '../../../platform/db/client.js';
import { viewerOf, type BatchContext, type HandlerInput } from '../context.js';
import { jobRecord, wordsMatch } from '../queries.js';

/** Jobs across batches and queues, newest first; stalled ones (active past their timeout) flagged and filterable. */
export function listJobs(area: BatchContext) {
  return async ({ query, request }: HandlerInput) => {
    const viewer = viewerOf(request);
    const q = query as JobQuery;
    const now = area.app.config.now();
    const where: SQL[] = [];
    if (!viewer.seesAll) where.push(sql`r.batch_id in (select id from batches where requested_by_id = ${viewer.id})`);
    if (q.batchId) where.push(sql`r.batch_id = ${q.batchId}`);
    if (q.queue) where.push(sql`r.queue = ${q.queue}`);
    if (q.state) where.push(sql`r.state = ${q.state}`);
    if (q.stalled !== undefined) {
      const stalled = sql`(r.state = 'active' and r.started_at + make_interval(secs => r.timeout_seconds) < ${now.toISOString()}::timestamptz)`;
      where.push(q.stalled ? stalled : sql`not ${stalled}`);
    }
    const words = wordsMatch(sql`((r.params - 'ids')::text || ' ' || coalesce(r.last_error, ''))`, q.q);
    if (words) where.push(words);
    const condition = where.length ? sql.join(where, sql` and `) : sql`true`;
    const order = q.batchId ? sql`r.sequence, r.id` : sql`r.created_at desc, r.sequence desc, r.id`;
    const [page] = await rows<{ rows: unknown[] | null; count: number }>(
      area.app.db,
      sql`select (select count(*)::int from job_runs r where ${condition}) as count,
                 (select jsonb_agg(x.record order by x.n) from (
                    select ${jobRecord(now)} as record, row_number() over (order by ${order}) as n from job_runs r
                     where ${condition} order by ${order} limit ${q.limit} offset ${(q.page - 1) * q.limit}) x) as rows`,
    );
    return { status: 200 as const, body: { rows: page?.rows ?? [], count: page?.count ?? 0 } };
  };
}
