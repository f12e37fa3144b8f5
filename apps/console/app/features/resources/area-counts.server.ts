import { entityRegistry } from '@campus/api-contract';
import { apiFor } from '../../lib/api.server';

/**
 * The number of records behind each entity screen of an area (`/app/{area}`), keyed by console path, for the
 * area index ("a count per resource"). One `limit=1` list per entity, all at once; a failed list counts as
 * unknown and is left out.
 */
export async function resourceCounts(request: Request, areaSegment: string): Promise<Record<string, number>> {
  const prefix = `/app/${areaSegment}/`;
  const entities = entityRegistry.all.filter((e) => e.consolePath.startsWith(prefix));
  if (entities.length === 0) return {};
  const api = await apiFor(request);
  const counts = await Promise.all(
    entities.map(async (e) => {
      const page = await api.resource(e.resource).list({ limit: 1 });
      return page.status === 200 ? ([[e.consolePath, page.body.count]] as const) : [];
    }),
  );
  return Object.fromEntries(counts.flat());
}
