import type { ResourceServerOverride } from '../types';
import { expectStatus, supportApi } from './support.server';

/** Server side of Customer Support Management's resource overrides. */
export const serverResources: Readonly<Record<string, ResourceServerOverride>> = {
  // The categoriesV2 list shows the tree with inherited values above the list.
  'support-categories-v2': {
    listPanel: async (request) => expectStatus<{ data: unknown }>(await (await supportApi(request)).getCategoryTree(), 200).data,
  },
};
