import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { entityRegistry, listQuerySchemaFor } from '@campus/api-contract';
import { describeParams } from '@campus/domain-batch';
import { rows, type Db } from '../../platform/db/client.js';
import { buildModel } from '../../resources/model.js';
import { listCsv } from './jobs/list-export.js';

/**
 * Demo history for Batch Management: yesterday's export of the rooms list by the administrator (a real file of
 * the seeded rooms, its job and log) and the notice it sent.
 */
export async function seedBatchHistory(db: Db, now: Date): Promise<void> {
  const [admin] = await rows<{ id: string }>(db, sql`select id from users where email = 'admin@example.edu'`);
  const entity = entityRegistry.byResource('rooms');
  if (!admin || !entity) return;
  const model = buildModel(entity, entityRegistry);
  const { content, rows: count } = await listCsv(db, entity, model, listQuerySchemaFor(entity).parse({ sort: 'code' }));
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000).toISOString();
  const params = { resource: 'rooms', sort: 'code' };
  const [batch] = await rows<{ id: string }>(
    db,
    sql`insert into batches (type, params, summary, requested_by_id, state, total, created_at, started_at, finished_at)
        values ('list-export', ${JSON.stringify(params)}::jsonb, ${describeParams('list-export', params)}, ${admin.id}, 'completed',
                ${count}, ${at(1440)}, ${at(1440)}, ${at(1439)})
        returning id`,
  );
  const name = `rooms-${at(1440).slice(0, 10)}.csv`;
  const [file] = await rows<{ id: string }>(
    db,
    sql`insert into job_files (batch_id, name, content_type, content, size, created_at)
        values (${batch!.id}, ${name}, 'text/csv', ${content}, ${Buffer.byteLength(content)}, ${at(1439)}) returning id`,
  );
  await db.execute(sql`update batches set result = ${JSON.stringify({ fileId: file!.id, fileName: name, rows: count })}::jsonb where id = ${batch!.id}`);
  const jobId = randomUUID();
  await db.execute(
    sql`insert into job_runs (id, batch_id, queue, params, state, attempts, retry_limit, timeout_seconds, units, units_done, processed_at, created_at, started_at, finished_at)
        values (${jobId}, ${batch!.id}, 'list-export', ${JSON.stringify({ ...params, batchId: batch!.id })}::jsonb, 'completed', 1, 2, 900,
                ${count}, ${count}, ${at(1439)}, ${at(1440)}, ${at(1440)}, ${at(1439)})`,
  );
  for (const [minutes, message] of [[1440, 'Attempt 1 of 3 started.'], [1439, `Wrote ${count} rows to ${name}.`], [1439, 'Completed.']] as const) {
    await db.execute(sql`insert into job_logs (job_id, at, message) values (${jobId}, ${at(minutes)}, ${message})`);
  }
  await db.execute(
    sql`insert into notifications (user_id, title, body, link, created_at)
        values (${admin.id}, 'List export finished', ${`${describeParams('list-export', params)}: ${count} of ${count} done.`},
                ${`/app/batch-management/tabs/batch-view?id=${batch!.id}`}, ${at(1439)})`,
  );
}
