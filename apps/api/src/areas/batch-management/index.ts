import { batchContract } from '@campus/api-contract';
import type { BatchContext } from './context.js';
import { finishedBatchNotice } from './finished-notice.js';
import { bulkStateChangeJob } from './jobs/bulk-state-change.js';
import { HOUSEKEEPING_SCHEDULE, housekeepingJob } from './jobs/housekeeping.js';
import { listExportJob } from './jobs/list-export.js';
import { cancelBatch } from './routes/cancel-batch.js';
import { getBatch } from './routes/get-batch.js';
import { getBatchFile } from './routes/get-batch-file.js';
import { getJob } from './routes/get-job.js';
import { createJobSchedule, listJobSchedules, previewJobSchedule, updateJobSchedule } from './routes/job-schedules.js';
import { listBatches } from './routes/list-batches.js';
import { listJobs } from './routes/list-jobs.js';
import { listJobTypes } from './routes/list-job-types.js';
import { listNotifications, markNotificationsRead } from './routes/notifications.js';
import { listQueues, setQueuePaused } from './routes/queues.js';
import { retryFailedBatch } from './routes/retry-failed-batch.js';
import { startBatch } from './routes/start-batch.js';
import { currentSettings } from '../../platform/settings.js';

export { HOUSEKEEPING_SCHEDULE };

/** Batch Management (`BATCH`): its job types registered with the engine, its contract and handlers. */
export function batchArea(area: BatchContext) {
  area.engine.register(bulkStateChangeJob(area.access));
  area.engine.register(listExportJob(area.access));
  area.engine.register(
    housekeepingJob(async () => {
      const s = await currentSettings(area.app.database, area.app.config);
      return { sessionIdleMs: s.sessionIdleMinutes * 60_000, auditRetentionDays: s.auditRetentionDays, transcriptRetentionDays: s.transcriptRetentionDays };
    }, area.access.models),
  );
  area.engine.onBatchFinished(finishedBatchNotice(area.app.notify));
  return {
    code: 'BATCH',
    contract: batchContract,
    handlers: {
      listBatches: listBatches(area),
      startBatch: startBatch(area),
      getBatch: getBatch(area),
      cancelBatch: cancelBatch(area),
      retryFailedBatch: retryFailedBatch(area),
      getBatchFile: getBatchFile(area),
      listJobs: listJobs(area),
      getJob: getJob(area),
      listJobTypes: listJobTypes(area),
      listQueues: listQueues(area),
      pauseQueue: setQueuePaused(area, true),
      resumeQueue: setQueuePaused(area, false),
      listJobSchedules: listJobSchedules(area),
      previewJobSchedule: previewJobSchedule(area),
      createJobSchedule: createJobSchedule(area),
      updateJobSchedule: updateJobSchedule(area),
      listNotifications: listNotifications(area),
      markNotificationsRead: markNotificationsRead(area),
    },
  };
}
