import type { BatchContext } from '../context.js';

/** Every registered job type with its title: the console's type filters and labels read them here. */
export function listJobTypes(area: BatchContext) {
  return async () => {
    const rows = area.engine.typeTitles();
    return { status: 200 as const, body: { rows, count: rows.length } };
  };
}
