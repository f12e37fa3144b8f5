import type { AnyEntity } from './entity.js';

/** A set of entity descriptors looked up by API resource name or console path. */
export interface EntityRegistry {
  readonly all: readonly AnyEntity[];
  byResource(resource: string): AnyEntity | undefined;
  byConsolePath(path: string): AnyEntity | undefined;
}

export function createRegistry(entities: readonly AnyEntity[]): EntityRegistry {
  const byResource = new Map<string, AnyEntity>();
  const byPath = new Map<string, AnyEntity>();
  for (const e of entities) {
    if (byResource.has(e.resource)) throw new Error(`Two entities use the resource ${e.resource}.`);
    byResource.set(e.resource, e);
    byPath.set(e.consolePath, e);
  }
  return {
    all: entities,
    byResource: (r) => byResource.get(r),
    byConsolePath: (p) => byPath.get(p),
  };
}
