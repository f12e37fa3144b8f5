import { sql } from 'drizzle-orm';
import { rows } from '../../../platform/db/client.js';
import { HttpError } from '../../../platform/http/errors.js';
import { viewerOf, type BatchContext, type HandlerInput } from '../context.js';
import { batchFor } from './get-batch.js';

/** The file a batch produced (a list export), for its requester or anyone with `BATCH`. */
export function getBatchFile(area: BatchContext) {
  return async ({ params, request }: HandlerInput) => {
    const batch = await batchFor(area.app.db, viewerOf(request), params.id!);
    const [file] = await rows<{ name: string; content_type: string; content: string }>(
      area.app.db,
      sql`select name, content_type, content from job_files where batch_id = ${batch._id} order by created_at desc limit 1`,
    );
    if (!file) throw new HttpError(404, 'This batch has no file yet.');
    return { status: 200 as const, body: { data: { name: file.name, contentType: file.content_type, content: file.content } } };
  };
}
