import { viewerOf, type BatchContext, type HandlerInput } from '../context.js';
import { batchFor } from './get-batch.js';

/** Anyone may cancel a batch they started; with `BATCH`, any batch. Answers how many jobs were cancelled. */
export function cancelBatch(area: BatchContext) {
  return async ({ params, request }: HandlerInput) => {
    const batch = await batchFor(area.app.db, viewerOf(request), params.id!);
    return { status: 200 as const, body: { data: { count: await area.engine.cancelBatch(batch._id) } } };
  };
}
