import { batchContract, entityRegistry } from '@campus/api-contract';
import type { AreaManifest } from '../../platform/area.js';
import { batchAttention } from './attention.js';
import { batchArea, HOUSEKEEPING_SCHEDULE } from './index.js';
import { seedBatchHistory } from './seed.js';

/** The Batch Management area as the API mounts it: its job types go to the engine, its routes to the contract. */
export const area: AreaManifest = {
  code: 'BATCH',
  application: {
    name: 'Batch Management',
    description: 'Batch jobs, their schedules and their runs.',
    order: 8,
  },
  attention: batchAttention,
  schedules: [HOUSEKEEPING_SCHEDULE],
  contracts: { batch: batchContract },
  handlers: (ctx) => {
    const area = batchArea({
      app: ctx,
      engine: ctx.jobs,
      access: {
        byResource: (resource) => entityRegistry.byResource(resource),
        model: (resource) => ctx.resources.all.find((s) => s.entity.resource === resource)?.model,
        deps: (resource, db) => ctx.resources.depsOf(resource, db),
        models: () => ctx.resources.all.map((s) => s.model),
      },
    });
    return { batch: area.handlers as never };
  },
  seed: { run: ({ db, at }) => seedBatchHistory(db, at) },
};
