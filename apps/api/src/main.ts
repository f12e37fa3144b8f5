import { buildApp } from './app.js';
import { DEFAULTS, loadConfig } from './config.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isEmptyDatabase, seedDemo } from './platform/db/seed.js';
import { openDatabase } from './platform/db/client.js';
import { discoverAreas } from './platform/areas.js';

/** Starts the API: configuration, database with migrations, demo seed on an empty database, then listen. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const areas = await discoverAreas();
  const app = await buildApp({ config, database, areas });
  app.addHook('onClose', () => database.close());

  let seeded = false;
  if (config.demoSeed && (await isEmptyDatabase(database.db))) {
    const started = Date.now();
    const counts = await seedDemo(database.db, { argon2: config.argon2, areas });
    app.log.info({ counts, ms: Date.now() - started }, 'demo data seeded');
    seeded = true;
  }

  for (const schedule of areas.flatMap((area) => area.schedules ?? [])) await app.jobs.ensureSchedule(schedule);
  await app.jobs.start();
  await app.listen({ host: config.host, port: config.port });
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
  const lines = [
    `Campus Administration System API on ${url} (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`,
    `  health ${url}/healthz · readiness ${url}/readyz · metrics ${url}/metrics · OpenAPI ${url}/openapi.json · docs ${url}/docs`,
    `  responses ${config.responseEncryption ? 'encrypted (RESPONSE_ENCRYPTION=off for plain JSON)' : 'in plain JSON'}`,
  ];
  if (config.demoSeed) {
    lines.push(`  demo accounts${seeded ? ' (just seeded)' : ''}, password ${DEMO_PASSWORD}:`);
    for (const account of DEMO_ACCOUNTS) lines.push(`    ${account.email} — ${account.scopes}`);
  }
  console.log(lines.join('\n'));

  // SIGTERM/SIGINT (a rolling restart, Ctrl-C): readiness fails at once and the job workers stop fetching (the jobs
  // running may finish for a few seconds, then go back to the queue for another process); requests are still served
  // for `shutdown.delayMs` while the load balancer notices, then the server stops listening, finishes the requests in
  // flight and closes the database. The process exits anyway after `shutdown.timeoutMs`.
  const shutdown = config.shutdown ?? { delayMs: DEFAULTS.shutdownDelayMs, timeoutMs: DEFAULTS.shutdownTimeoutMs };
  let closing = false;
  const stop = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.lifecycle.drain();
    app.log.info({ signal }, 'draining: readiness fails, requests in flight finish, jobs are handed back');
    const force = setTimeout(() => {
      app.log.error({ timeoutMs: shutdown.timeoutMs }, 'shutdown did not finish in time; exiting');
      process.exit(1);
    }, shutdown.timeoutMs);
    force.unref();
    try {
      // Ctrl-C (SIGINT) skips the delay: no load balancer is waiting for it.
      const delayMs = signal === 'SIGTERM' ? shutdown.delayMs : 0;
      await Promise.all([app.jobs.stop(), new Promise((resume) => setTimeout(resume, delayMs))]);
      await app.close();
      app.log.info('stopped');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
