import type { AnyEntity } from '@campus/domain-core';
import type { ResourceOverride } from './types';

/** Every area's overrides of the generic resource screens (`app/areas/<segment>/area.overrides.tsx`), by resource. */
const byResource = new Map(
  Object.values(import.meta.glob<{ resources: Readonly<Record<string, ResourceOverride>> }>('./*/area.overrides.tsx', { eager: true })).flatMap(
    (module) => Object.entries(module.resources),
  ),
);

/** What the entity's area adds to the generic screens (nothing for most entities). */
export function overrideOf(entity: Pick<AnyEntity, 'resource'>): ResourceOverride {
  return byResource.get(entity.resource) ?? {};
}
