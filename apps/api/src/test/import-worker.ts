// An API process for the killed-import test: it opens the database named by DATABASE_URL (or the PGlite directory
// DATA_DIR), runs the job engine, and prints one JSON line with the number of import rows done each time a job
// reports progress, until the test kills it.
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../platform/db/client.js';

const config = {
  ...loadConfig({ ...process.env, RESPONSE_ENCRYPTION: 'off', LOG_LEVEL: 'silent' }),
  jobs: { pollingIntervalSeconds: 0.5, superviseIntervalSeconds: 1, tickMs: 300, maxTimeoutSeconds: Number(process.env.JOB_MAX_TIMEOUT ?? 20) },
};
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const app = await buildApp({ config, database, logger: false });
// One line each time the import reports progress (after a chunk's commit; read from the engine, not the database:
// PGlite's single connection is busy with the job).
app.jobs.on('progress', ({ done, failed }: { done: number; failed: number }) => process.stdout.write(`${JSON.stringify({ done: done + failed })}\n`));
await app.jobs.start();
