import { sql } from 'drizzle-orm';
import type { Batch } from '@campus/api-contract';
import { rows, type Db } from '../../../platform/db/client.js';
import { HttpError } from '../../../platform/http/errors.js';
import { viewerOf, type BatchContext, type HandlerInput, type Viewer } from '../context.js';
import { BATCH_RECORD, BATCH_SUMS } from '../queries.js';

/** One batch the viewer may see (their own, or any with `BATCH`); 404 otherwise, so ids reveal nothing. */
export async function batchFor(db: Db, viewer: Viewer, id: string): Promise<Batch> {
  const [row] = await rows<{ record: Batch }>(
    db,
    sql`select ${BATCH_RECORD} as record from batches b ${BATCH_SUMS}
         where b.id = ${id} ${viewer.seesAll ? sql`` : sql`and b.requested_by_id = ${viewer.id}`}`,
  );
  if (!row) throw new HttpError(404, 'Batch not found.');
  return row.record;
}

export function getBatch(area: BatchContext) {
  return async ({ params, request }: HandlerInput) => ({
    status: 200 as const,
    body: { data: await batchFor(area.app.db, viewerOf(request), params.id!) },
  });
}
