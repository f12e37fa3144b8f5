import { supportContract } from '@campus/api-contract';
import type { ResourceServerOverride } from '../types';
import { signedIn } from '../../lib/request.server';
import { answerOf } from '../../lib/answers.server';

/** Server side of Customer Support Management's resource overrides. */
export const serverResources: Readonly<Record<string, ResourceServerOverride>> = {
  // The categoriesV2 list shows the tree with inherited values above the list.
  'support-categories-v2': {
    listPanel: async (request): Promise<unknown> => answerOf(await (await signedIn(request)).client(supportContract).getCategoryTree(), 200).data,
  },
};
