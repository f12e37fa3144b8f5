import type { ApiConfig } from './config.js';
import type { Database, Db } from './db/client.js';
import type { EnvelopeCodec } from './http/envelope.js';
import type { Mailer } from './auth/mailer.js';

/** What every handler needs: the database, the configuration (with its clock), the envelope and the mailer. */
export interface AppContext {
  readonly database: Database;
  readonly db: Db;
  readonly config: ApiConfig;
  readonly codec: EnvelopeCodec;
  readonly mailer: Mailer;
}
