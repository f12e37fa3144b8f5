// A job worker in its own process, for the restart test: it opens the database named by DATABASE_URL (or the
// PGlite directory DATA_DIR), runs the job engine, and prints one JSON line each time a job's work commits, until
// the test kills it.
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../platform/db/client.js';

// JOB_SETTINGS (JSON) replaces the short intervals, e.g. `{}` for the engine's defaults.
const config = {
  ...loadConfig({ ...process.env, RESPONSE_ENCRYPTION: 'off', LOG_LEVEL: 'silent' }),
  jobs: process.env.JOB_SETTINGS
    ? (JSON.parse(process.env.JOB_SETTINGS) as Record<string, number>)
    : { pollingIntervalSeconds: 0.5, superviseIntervalSeconds: 1, tickMs: 300, maxTimeoutSeconds: 4 },
};
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const app = await buildApp({ config, database, logger: false });
// One line per job whose work has committed (read from the engine, not the database: PGlite's single connection
// is busy with the jobs).
let processed = 0;
app.jobs.on('processed', () => {
  processed += 1;
  process.stdout.write(`${JSON.stringify({ processed })}\n`);
});
await app.jobs.start();
