import { buildApp } from './app.js';
import { loadConfig } from './config.js';
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
    `  health ${url}/healthz · OpenAPI ${url}/openapi.json · docs ${url}/docs`,
    `  responses ${config.responseEncryption ? 'encrypted (RESPONSE_ENCRYPTION=off for plain JSON)' : 'in plain JSON'}`,
  ];
  if (config.demoSeed) {
    lines.push(`  demo accounts${seeded ? ' (just seeded)' : ''}, password ${DEMO_PASSWORD}:`);
    for (const account of DEMO_ACCOUNTS) lines.push(`    ${account.email} — ${account.scopes}`);
  }
  console.log(lines.join('\n'));

  // SIGTERM/SIGINT: stop accepting, let requests in flight finish, then close the database.
  let closing = false;
  const stop = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, draining`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
