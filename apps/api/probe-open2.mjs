import { performance } from 'node:perf_hooks';
const { migratedPgliteDump } = await import('./dist/platform/db/client.js');
const { openThreadedPGlite } = await import('./dist/platform/db/pglite-thread.js');
const { drizzle } = await import('drizzle-orm/pglite');
const { migrate } = await import('drizzle-orm/pglite/migrator');
const dump = await migratedPgliteDump();
for (let i = 0; i < 3; i++) {
  const a = performance.now();
  const c = await openThreadedPGlite({ dump: await dump.arrayBuffer() });
  const b = performance.now();
  await migrate(drizzle(c), { migrationsFolder: './drizzle' });
  const d = performance.now();
  await c.close();
  console.log('thread+load', (b-a).toFixed(0), 'migrate', (d-b).toFixed(0));
}
