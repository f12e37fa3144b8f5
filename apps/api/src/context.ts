import type { ApiConfig } from './config.js';
import type { Database, Db } from './platform/db/client.js';
import type { EnvelopeCodec } from './platform/http/envelope.js';
import type { Mailer } from './platform/auth/mailer.js';
import type { JobEngine } from './platform/jobs/engine.js';
import type { Notify } from './platform/notify.js';
import type { AfterAnswer } from './platform/jobs/after-answer.js';
import type { Metrics } from './platform/ops/metrics.js';

/** What every handler needs: the database, the configuration (with its clock), the envelope and the mailer. */
export interface AppContext {
  readonly database: Database;
  readonly db: Db;
  readonly config: ApiConfig;
  readonly codec: EnvelopeCodec;
  readonly mailer: Mailer;
  /** The job engine: long work is queued here, never run in a request. */
  readonly jobs: JobEngine;
  /** `notify({ userId, title, body, link })`: a notice delivered on the user's next page view. */
  readonly notify: Notify;
  /** Work started by a request that its answer does not wait for. */
  readonly afterAnswer: AfterAnswer;
  /** The process's Prometheus metrics (`/metrics`); areas add theirs through `AreaModule.metrics`. */
  readonly metrics: Metrics;
}
