import { performance } from 'node:perf_hooks';
const t0 = performance.now();
const { migratedPgliteDump, openDatabase } = await import('./dist/platform/db/client.js');
const { installJobSchema } = await import('./dist/platform/jobs/engine.js');
const t1 = performance.now();
const dump = await migratedPgliteDump(installJobSchema);
const t2 = performance.now();
console.log('import', (t1-t0).toFixed(0), 'dump', (t2-t1).toFixed(0), 'size', dump.size);
for (let i = 0; i < 3; i++) {
  const a = performance.now();
  const db = await openDatabase({ pgliteDump: dump });
  const b = performance.now();
  await db.close();
  console.log('open', (b-a).toFixed(0), 'close', (performance.now()-b).toFixed(0));
}
