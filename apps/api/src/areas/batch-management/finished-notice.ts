import type { Notify } from '../../platform/notify.js';
import type { BatchFinishedListener } from '../../platform/jobs/engine.js';

/**
 * Tells whoever started a batch that it finished, with a link to its view, in the transaction that closes it.
 * Whoever started a batch may open its view (their own batches), with or without Batch Management.
 */
export function finishedBatchNotice(notify: Notify): BatchFinishedListener {
  return async (batch, tx) => {
    if (!batch.requestedById) return;
    const { total, failed, jobs, failedJobs } = batch;
    // A batch that counts no units (a read of unknown length) is told in jobs, as its view shows it.
    const outcome =
      total > 0
        ? `${total - failed} of ${total} done${failed ? `, ${failed} failed` : ''}`
        : `${jobs - failedJobs} of ${jobs} jobs done${failedJobs ? `, ${failedJobs} failed` : ''}`;
    await notify(
      {
        userId: batch.requestedById,
        title: `${batch.title} ${batch.state === 'completed' ? 'finished' : 'finished with failures'}`,
        body: `${batch.summary}: ${outcome}.`,
        link: `/app/batch-management/tabs/batch-view?id=${batch.id}`,
      },
      tx,
    );
  };
}
