import type { AnyEntity, EntityRegistry } from '@campus/domain-core';
import type { ListQuery } from '@campus/api-contract';
import type { Database } from '../platform/db/client.js';
import { buildModel, type EntityModel } from './model.js';
import {
  allRecords,
  createRecord,
  deleteRecord,
  getRecord,
  listPage,
  notFound,
  updateRecord,
  type ActorContext,
  type CrudDeps,
  type EntityRecord,
  type ResourceHooks,
} from './crud.js';

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
  /** Every record, by the display field (for resources kept in small numbers). */
  all(): Promise<EntityRecord[]>;
  /** Deletes a record of a resource that opts in (`ResourceHooks.deleted`); answers its message. */
  delete(id: string, actor: ActorContext): Promise<string>;
}

export interface ResourceServices {
  /** The services of the registered entities (each mounted with the generic CRUD contract). */
  readonly all: readonly ResourceService[];
  /** What the generic create and update need for a resource, on a given database or transaction. */
  depsOf(resource: string, db: Database['db']): CrudDeps;
  /** The service of a resource; throws for one that is not registered (a programming error). */
  of(resource: string): ResourceService;
}

/**
 * The services of every registered entity, and of the entities areas keep on their own routes (`owned`: served
 * through the same generic handlers, not mounted with the generic CRUD contract).
 */
export function resourceServices(
  database: Database,
  registry: EntityRegistry,
  hooksOf: (entity: AnyEntity) => ResourceHooks | undefined,
  owned: readonly AnyEntity[] = [],
): ResourceServices {
  const byResource = new Map<string, ResourceService>();
  const entityOf = (resource: string) => registry.byResource(resource) ?? owned.find((e) => e.resource === resource);
  for (const entity of [...registry.all, ...owned]) {
    if (byResource.has(entity.resource)) throw new Error(`${entity.resource} is served twice.`);
    const hooks = hooksOf(entity);
    const model = buildModel(entity, registry, hooks?.computed);
    const deps = { db: database.db, byResource: entityOf, hooks };
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
      all: () => allRecords(database.db, model),
      delete: (id, actor) => deleteRecord(deps, model, id, actor),
    });
  }
  return {
    all: registry.all.map((entity) => byResource.get(entity.resource)!),
    depsOf: (resource, db) => {
      const entity = entityOf(resource);
      return { db, byResource: entityOf, hooks: entity ? hooksOf(entity) : undefined };
    },
    of(resource) {
      const service = byResource.get(resource);
      if (!service) throw new Error(`No resource ${resource} is registered.`);
      return service;
    },
  };
}
