/** The Batch Management screens (spec §2). */
export const BATCH_LIST = '/app/batch-management/tabs/batch';
export const BATCH_JOBS = '/app/batch-management/tabs/batch-jobs';
export const BATCH_VIEW = '/app/batch-management/tabs/batch-view';
