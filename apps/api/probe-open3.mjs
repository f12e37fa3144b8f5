import { performance } from 'node:perf_hooks';
import { writeFileSync } from 'node:fs';
const { migratedPgliteDump } = await import('./dist/platform/db/client.js');
const { PGlite } = await import('@electric-sql/pglite');
const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
const dump = await migratedPgliteDump();
writeFileSync('/tmp/probe/dump.tar', Buffer.from(await dump.arrayBuffer()));
for (let i = 0; i < 3; i++) {
  const a = performance.now();
  const c = new PGlite({ loadDataDir: dump, extensions: { pg_trgm } });
  await c.waitReady;
  const b = performance.now();
  await c.query('select 1');
  await c.close();
  console.log('main-thread load', (b-a).toFixed(0));
}
for (let i = 0; i < 2; i++) {
  const a = performance.now();
  const c = new PGlite({ extensions: { pg_trgm } });
  await c.waitReady;
  console.log('fresh initdb', (performance.now()-a).toFixed(0));
  await c.close();
}
