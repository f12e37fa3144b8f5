import { migrationContract } from '@campus/api-contract';
import { migrationRecordEntities } from '@campus/domain-migration';
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
  jobTypes: (ctx) => {
    const deps = { sealer: connectionSealer(ctx), targetOf, allowedHosts: allowedHostsOf(ctx) };
    return [dbReadJob(deps) as never, dbScheduledReadJob(deps) as never, apiReadJob(deps) as never, apiScheduledReadJob(deps) as never];
  },
  seed: { run: ({ db, at, university }) => seedMigration(db, { at, adminId: university.admin.userId }) },
};
