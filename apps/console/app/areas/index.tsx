import type { AnyEntity } from '@campus/domain-core';
import type { ResourceOverride } from './types';
import { resources as access } from './access-management/resources';
import { resources as campus } from './campus-management/resources';
import { resources as chatbot } from './chatbot-management/resources';
import { resources as support } from './support-management/resources';

/** Every area's overrides of the generic resource screens: adding an area adds one line here. */
const OVERRIDES: readonly Readonly<Record<string, ResourceOverride>>[] = [access, campus, chatbot, support];

const byResource = new Map(OVERRIDES.flatMap((area) => Object.entries(area)));

/** What the entity's area adds to the generic screens (nothing for most entities). */
export function overrideOf(entity: Pick<AnyEntity, 'resource'>): ResourceOverride {
  return byResource.get(entity.resource) ?? {};
}
