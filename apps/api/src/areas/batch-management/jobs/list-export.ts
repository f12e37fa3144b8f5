import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { listQuerySchemaFor, type ListQuery } from '@campus/api-contract';
import type { AnyEntity } from '@campus/domain-core';
import { JOB_TYPE_LABELS, ListSelectionSchema } from '@campus/domain-batch';
import { csvLine } from '@campus/formatters';
import { rows, type Db } from '../../../platform/db/client.js';
import type { EntityModel } from '../../../resources/model.js';
import { resourceUserOf, storedUserRefusal } from '../../../resources/access.js';
import { selectionSql } from '../../../resources/list/index.js';
import { defineJobType } from '../../../platform/jobs/types.js';
import type { ResourceAccess } from './bulk-state-change.js';

export const ExportJobSchema = ListSelectionSchema.extend({ batchId: z.string().uuid() });


/** The whole filtered list, in its order, as CSV text: the id, the list's columns, the state and the last change. */
export async function listCsv(db: Db, entity: AnyEntity, model: EntityModel, query: ListQuery): Promise<{ content: string; rows: number }> {
  const { where, order } = selectionSql(model, query);
  const records = await rows<{ record: Record<string, unknown> }>(
    db,
    sql`select ${model.record} as record from ${model.table} t ${model.joins} where ${where} order by ${order}`,
  );
  const columns = ['_id', ...entity.listColumns, entity.state.kind, 'updatedAt'].filter((c, i, all) => all.indexOf(c) === i);
  const lines = [csvLine(columns)];
  for (const { record } of records) lines.push(csvLine(columns.map((c) => record[c])));
  return { content: `${lines.join('\r\n')}\r\n`, rows: records.length };
}

/** Writes the whole filtered list, in its order, as a CSV file kept with the batch for download. */
export function listExportJob(access: ResourceAccess) {
  return defineJobType({
    name: 'list-export',
    title: JOB_TYPE_LABELS['list-export']!,
    params: ExportJobSchema,
    concurrency: 1,
    retryLimit: 2,
    retryDelaySeconds: 5,
    timeoutSeconds: 900,
    handler: async (job) => {
      const { resource, batchId, ...selection } = job.params;
      const entity = access.byResource(resource);
      const model = access.model(resource);
      if (!entity || !model) throw new Error(`Unknown resource ${resource}.`);
      const query = listQuerySchemaFor(entity).parse({ ...selection, page: 1, limit: 1 });
      // The requester must still be allowed to list the resource when the export runs (roles change while it waits).
      const [batch] = await rows<{ requested_by_id: string | null }>(job.db, sql`select requested_by_id from batches where id = ${batchId}`);
      const requester = batch?.requested_by_id ? await resourceUserOf(job.db, batch.requested_by_id) : undefined;
      const refusal = storedUserRefusal(requester, entity);
      if (refusal) {
        await job.once(async (_tx, log) => {
          await log(`Refused: ${refusal.message} No file was written.`, 'error');
          return { done: 0, failed: Math.max(job.units, 1) };
        });
        return;
      }
      await job.once(async (tx, log) => {
        const { content, rows: count } = await listCsv(tx, entity, model, query);
        const name = `${resource}-${job.now().toISOString().slice(0, 10)}.csv`;
        const [file] = await rows<{ id: string }>(
          tx,
          sql`insert into job_files (batch_id, name, content_type, content, size, created_at)
              values (${batchId}, ${name}, 'text/csv', ${content}, ${Buffer.byteLength(content)}, ${job.now().toISOString()})
              returning id`,
        );
        await tx.execute(
          sql`update batches set result = ${JSON.stringify({ fileId: file!.id, fileName: name, rows: count })}::jsonb,
                     total = ${count}
               where id = ${batchId}`,
        );
        await log(`Wrote ${count} rows to ${name}.`);
        await tx.execute(sql`update job_runs set units = ${count} where id = ${job.id}`);
        return { done: count, failed: 0 };
      });
    },
  });
}
