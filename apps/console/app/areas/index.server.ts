import type { AnyEntity } from '@campus/domain-core';
import type { ResourceServerOverride } from './types';

/** Every area's server-side overrides of the generic resource screens (`app/areas/<segment>/area.server.ts`), by resource. */
const byResource = new Map(
  Object.values(import.meta.glob<{ serverResources: Readonly<Record<string, ResourceServerOverride>> }>('./*/area.server.ts', { eager: true })).flatMap(
    (module) => Object.entries(module.serverResources),
  ),
);

export function serverOverrideOf(entity: Pick<AnyEntity, 'resource'>): ResourceServerOverride {
  return byResource.get(entity.resource) ?? {};
}
