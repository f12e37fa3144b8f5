import { sql } from 'drizzle-orm';
import { rows } from '../../../platform/db/client.js';
import { HttpError } from '../../../platform/http/errors.js';
import { viewerOf, type BatchContext, type HandlerInput } from '../context.js';
import { jobRecord } from '../queries.js';

/** One job with its log, oldest line first (the last 1,000 lines). */
export function getJob(area: BatchContext) {
  return async ({ params, request }: HandlerInput) => {
    const viewer = viewerOf(request);
    const [row] = await rows<{ record: Record<string, unknown> }>(
      area.app.db,
      sql`select ${jobRecord(area.app.config.now())} || jsonb_build_object('log', coalesce((
                select jsonb_agg(jsonb_build_object('at', l.at, 'level', l.level, 'message', l.message) order by l.id)
                  from (select * from job_logs where job_id = r.id order by id desc limit 1000) l), '[]'::jsonb)) as record
            from job_runs r
           where r.id = ${params.id!}
             ${viewer.seesAll ? sql`` : sql`and r.batch_id in (select id from batches where requested_by_id = ${viewer.id})`}`,
    );
    if (!row) throw new HttpError(404, 'Job not found.');
    return { status: 200 as const, body: { data: row.record } };
  };
}
