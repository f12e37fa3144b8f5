/** Where a job stands. `retrying` waits for its next attempt; `dead-letter` ran out of attempts. */
export const JOB_STATES = ['created', 'active', 'retrying', 'completed', 'failed', 'cancelled', 'dead-letter'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** States a job does not leave by itself. */
export const FINISHED_JOB_STATES: readonly JobState[] = ['completed', 'failed', 'cancelled', 'dead-letter'];

export const JOB_STATE_LABELS: Record<JobState, string> = {
  created: 'Queued',
  active: 'Running',
  retrying: 'Retrying',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
  'dead-letter': 'Dead letter',
};

/** Where a batch stands: `queued` until a job starts, then `running` until every job has finished. */
export const BATCH_STATES = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;
export type BatchState = (typeof BATCH_STATES)[number];

export const BATCH_STATE_LABELS: Record<BatchState, string> = {
  queued: 'Queued',
  running: 'Running',
  completed: 'Completed',
  failed: 'Completed with failures',
  cancelled: 'Cancelled',
};

export function isFinishedBatch(state: BatchState): boolean {
  return state === 'completed' || state === 'failed' || state === 'cancelled';
}

/** Progress in whole percent: finished units (done or failed) of the total; an empty batch is complete. */
export function progressPercent(done: number, failed: number, total: number): number {
  if (total <= 0) return 100;
  return Math.min(100, Math.floor(((done + failed) * 100) / total));
}
