import { sql, type SQL } from 'drizzle-orm';
import type { BatchQuery } from '@campus/api-contract';
import { rows } from '../../../platform/db/client.js';
import { viewerOf, type BatchContext, type HandlerInput } from '../context.js';
import { BATCH_RECORD, BATCH_SUMS, wordsMatch } from '../queries.js';

/** Batches newest first; filters by type, state, requester and day; words searched in the parameters. */
export function listBatches(area: BatchContext) {
  return async ({ query, request }: HandlerInput) => {
    const viewer = viewerOf(request);
    const q = query as BatchQuery;
    const where: SQL[] = [];
    if (!viewer.seesAll) where.push(sql`b.requested_by_id = ${viewer.id}`);
    if (q.type) where.push(sql`b.type = ${q.type}`);
    if (q.state) where.push(sql`b.state = ${q.state}`);
    if (q.requestedById) where.push(sql`b.requested_by_id = ${q.requestedById}`);
    if (q.from) where.push(sql`b.created_at >= ${q.from}::date`);
    if (q.to) where.push(sql`b.created_at < ${q.to}::date + 1`);
    const words = wordsMatch(sql`(b.summary || ' ' || b.params::text || ' ' || coalesce(b.result::text, ''))`, q.q);
    if (words) where.push(words);
    const condition = where.length ? sql.join(where, sql` and `) : sql`true`;
    const [page] = await rows<{ rows: unknown[] | null; count: number }>(
      area.app.db,
      sql`select (select count(*)::int from batches b where ${condition}) as count,
                 (select jsonb_agg(x.record order by x.created_at desc, x.id desc) from (
                    select ${BATCH_RECORD} as record, b.created_at, b.id from batches b ${BATCH_SUMS}
                     where ${condition} order by b.created_at desc, b.id desc
                     limit ${q.limit} offset ${(q.page - 1) * q.limit}) x) as rows`,
    );
    return { status: 200 as const, body: { rows: page?.rows ?? [], count: page?.count ?? 0 } };
  };
}
