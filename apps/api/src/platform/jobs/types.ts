import type { z } from 'zod';
import type { Db } from '../db/client.js';

export type LogLevel = 'info' | 'warn' | 'error';

/** Writes one timestamped line to the job's log. */
export type JobLog = (message: string, level?: LogLevel) => Promise<void>;

/** What a unit of work returns from `once`: how many units it finished and how many failed. */
export interface WorkCounts {
  readonly done: number;
  readonly failed: number;
}

/** What a handler gets: its parameters, where it stands, the database, the clock, a log and progress. */
export interface JobContext<P> {
  readonly id: string;
  readonly batchId: string | null;
  readonly params: P;
  /** 1 on the first attempt. */
  readonly attempt: number;
  /** Units this job covers (records, rows); 0 when it does not count units. */
  readonly units: number;
  readonly db: Db;
  now(): Date;
  log: JobLog;
  /** Reports progress outside `once` (for jobs whose work is not one transaction). */
  progress(done: number, failed?: number): Promise<void>;
  /**
   * Runs the job's work in one transaction that also marks the job processed: a job that was killed after the
   * commit and fetched again finds it processed and does nothing, so no unit is done twice. Answers `false`
   * when it had already been processed (or its batch was cancelled) and the work did not run.
   */
  once(work: (tx: Db, log: JobLog) => Promise<WorkCounts>): Promise<boolean>;
}

/** A job type registered in code. Its name is also its pg-boss queue. */
export interface JobType<P = unknown> {
  readonly name: string;
  /** What people read for the type (lists, filters, notices): "Data import", never `migration-import`. */
  readonly title: string;
  readonly params: z.ZodType<P, z.ZodTypeDef, unknown>;
  // A method, so that a job type of any parameters is also a `JobType<unknown>` (the engine parses them first).
  handler(job: JobContext<P>): Promise<void>;
  /** Jobs of this type one process runs at the same time. */
  readonly concurrency?: number;
  /** Attempts after the first; 0 sends a failing job straight to `failed`. */
  readonly retryLimit?: number;
  /** First retry delay in seconds; each later one doubles it (with pg-boss's jitter). */
  readonly retryDelaySeconds?: number;
  /** How long one attempt may run before it is expired and retried (and shown as stalled). */
  readonly timeoutSeconds?: number;
}

/** Declares a job type with its parameter type inferred from the schema. */
export function defineJobType<S extends z.ZodTypeAny>(
  type: Omit<JobType<z.output<S>>, 'params'> & { readonly params: S },
): JobType<z.output<S>> {
  return type as unknown as JobType<z.output<S>>;
}
