import { migrationContract } from '@campus/api-contract';
import { migrationRecordEntities } from '@campus/domain-migration';
import { sql } from 'drizzle-orm';
import { rows } from '../../platform/db/client.js';
import type { AreaManifest } from '../../platform/area.js';
import { allowedHostsOf, apiReadJob, apiScheduledReadJob } from './api-sources.js';
import { connectionSealer, dbReadJob, dbScheduledReadJob } from './connections.js';
import { migrationHandlers, targetOf } from './index.js';
import { seedMigration } from './seed.js';
import { migrationRecordHooks } from './records.js';

/** Data Migration Management (`DATA`): templates, uploads, dry runs, runs on the job engine, and their history. */
export const area: AreaManifest = {
  code: 'DATA',
  application: {
    name: 'Data Migration Management',
    description: 'Import templates, API and database connectors, uploads and migration history.',
    order: 6,
  },
  contracts: { migration: migrationContract },
  handlers: (ctx) => ({ migration: migrationHandlers(ctx) as never }),
  // Saved database connections and API sources: records of the generic handlers on this area's routes.
  records: migrationRecordEntities,
  hooks: (ctx) => migrationRecordHooks(connectionSealer(ctx)),
  // Rows per second of the imports running now (rows read so far over the time since each started), by resource.
  metrics: (metrics, ctx) =>
    void metrics.gauge('campus_import_rows_per_second', 'Rows per second of the data imports running now, by resource.', ['resource'], async (gauge) => {
      gauge.reset();
      const running = await rows<{ resource: string; rate: number }>(
        ctx.db,
        sql`select resource, sum(coalesce((progress->>'line')::float8, 0) / greatest(extract(epoch from now() - started_at), 1))::float8 as rate
              from migration_runs where state = 'running' and started_at is not null group by resource`,
      );
      for (const { resource, rate } of running) gauge.set({ resource }, rate);
    }),
  jobTypes: (ctx) => {
    const deps = { sealer: connectionSealer(ctx), targetOf, allowedHosts: allowedHostsOf(ctx) };
    return [dbReadJob(deps) as never, dbScheduledReadJob(deps) as never, apiReadJob(deps) as never, apiScheduledReadJob(deps) as never];
  },
  seed: { run: ({ db, at, university }) => seedMigration(db, { at, adminId: university.admin.userId }) },
};
