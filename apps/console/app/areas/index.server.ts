import type { AnyEntity } from '@campus/domain-core';
import type { ResourceServerOverride } from './types';
import { serverResources as access } from './access-management/resources.server';
import { serverResources as campus } from './campus-management/resources.server';
import { serverResources as chatbot } from './chatbot-management/resources.server';
import { serverResources as support } from './support-management/resources.server';

/** Every area's server-side overrides of the generic resource screens: adding an area adds one line here. */
const SERVER_OVERRIDES: readonly Readonly<Record<string, ResourceServerOverride>>[] = [access, campus, chatbot, support];

const byResource = new Map(SERVER_OVERRIDES.flatMap((area) => Object.entries(area)));

export function serverOverrideOf(entity: Pick<AnyEntity, 'resource'>): ResourceServerOverride {
  return byResource.get(entity.resource) ?? {};
}
