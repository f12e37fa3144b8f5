import type { AnyEntity, EntityRegistry } from '@campus/domain-core';
import type { ListQuery } from '@campus/api-contract';
import type { Database } from '../platform/db/client.js';
import { buildModel, type EntityModel } from './model.js';
import { createRecord, getRecord, listPage, notFound, updateRecord, type ActorContext, type CrudDeps, type EntityRecord, type ResourceHooks } from './crud.js';

/** The generic operations on one entity, with what its area adds (hooks) already bound. */
export interface ResourceService {
  readonly entity: AnyEntity;
  readonly model: EntityModel;
  /** One page as JSON text built by the database (`{ "rows": […], "count": N }`). */
  list(query: ListQuery): Promise<string>;
  /** The record, or a 404 `HttpError`. */
  get(id: string): Promise<EntityRecord>;
  create(input: Record<string, unknown>, actor: ActorContext): Promise<EntityRecord>;
  update(id: string, input: Record<string, unknown>, actor: ActorContext): Promise<EntityRecord>;
}

export interface ResourceServices {
  readonly all: readonly ResourceService[];
  /** What the generic create and update need for a resource, on a given database or transaction. */
  depsOf(resource: string, db: Database['db']): CrudDeps;
  /** The service of a resource; throws for one that is not registered (a programming error). */
  of(resource: string): ResourceService;
}

export function resourceServices(
  database: Database,
  registry: EntityRegistry,
  hooksOf: (entity: AnyEntity) => ResourceHooks | undefined,
): ResourceServices {
  const byResource = new Map<string, ResourceService>();
  for (const entity of registry.all) {
    const model = buildModel(entity, registry);
    const deps = { db: database.db, byResource: (r: string) => registry.byResource(r), hooks: hooksOf(entity) };
    byResource.set(entity.resource, {
      entity,
      model,
      list: (query) => listPage(database, model, query),
      async get(id) {
        const record = await getRecord(database.db, model, id);
        if (!record) throw notFound(entity);
        return record;
      },
      create: (input, actor) => createRecord(deps, model, input, actor),
      update: (id, input, actor) => updateRecord(deps, model, id, input, actor),
    });
  }
  return {
    all: [...byResource.values()],
    depsOf: (resource, db) => {
      const entity = registry.byResource(resource);
      return { db, byResource: (r: string) => registry.byResource(r), hooks: entity ? hooksOf(entity) : undefined };
    },
    of(resource) {
      const service = byResource.get(resource);
      if (!service) throw new Error(`No resource ${resource} is registered.`);
      return service;
    },
  };
}
