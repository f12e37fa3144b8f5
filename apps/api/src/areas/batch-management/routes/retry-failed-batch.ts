import { viewerOf, type BatchContext, type HandlerInput } from '../context.js';
import { batchFor } from './get-batch.js';

/** Queues the batch's failed and dead-lettered jobs again; answers how many were re-queued. */
export function retryFailedBatch(area: BatchContext) {
  return async ({ params, request }: HandlerInput) => {
    const batch = await batchFor(area.app.db, viewerOf(request), params.id!);
    return { status: 200 as const, body: { data: { count: await area.engine.retryFailed(batch._id) } } };
  };
}
