import type { ResourceHooks } from '../../../resources/crud.js';
import { depthUnder, MAX_CATEGORY_DEPTH } from '@campus/domain-support';
import { HttpError } from '../../../platform/http/errors.js';
import { categoryNodes } from '../tickets.js';

async function checkDepth(tx: Parameters<NonNullable<ResourceHooks['beforeCreate']>>[0], id: string | null, parentId: unknown) {
  if (typeof parentId !== 'string') return;
  const depth = depthUnder(await categoryNodes(tx), id, parentId);
  if (depth === Infinity) throw new HttpError(400, 'Please fillup required fields.', { parentId: ['A category cannot sit below itself.'] });
  if (depth > MAX_CATEGORY_DEPTH) throw new HttpError(400, 'Please fillup required fields.', { parentId: [`The tree goes ${MAX_CATEGORY_DEPTH} levels deep at most.`] });
}

/** The categoriesV2 tree stays a tree of at most three levels. */
export const categoryV2Hooks: ResourceHooks = {
  async beforeCreate(tx, data) {
    await checkDepth(tx, null, data.parentId);
    return {};
  },
  async beforeUpdate(tx, current, changes) {
    if ('parentId' in changes) await checkDepth(tx, current._id, changes.parentId);
  },
};
