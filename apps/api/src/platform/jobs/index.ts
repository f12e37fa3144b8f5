export {
  JobEngine,
  DEFAULT_JOB_SETTINGS,
  type BatchFinishedListener,
  type FinishedBatch,
  type JobEngineSettings,
  type NewBatch,
  type NewJob,
} from './engine.js';
export { defineJobType, type JobContext, type JobType, type JobLog, type WorkCounts } from './types.js';
export { nextRuns, cronProblem } from './schedule.js';
