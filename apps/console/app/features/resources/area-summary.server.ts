import { entityRegistry } from '@campus/api-contract';
import { signedIn } from '../../lib/request.server';
import { attentionNote } from './attention-notes';

/** One figure of an area's "Needs attention" panel, ready to show. */
export interface AttentionFigure {
  readonly key: string;
  readonly label: string;
  readonly count: number;
  /** At least `count` (the API stopped counting there). */
  readonly isCapped: boolean;
  /** Where the records behind the figure are listed. */
  readonly href?: string;
  /** What to do about it, from the area's console module. */
  readonly hint?: string;
}

export interface AreaIndexSummary {
  /** Record count per entity screen, keyed by console path. */
  readonly counts: Record<string, number>;
  readonly attention: readonly AttentionFigure[];
}

/**
 * An area index's figures from one API call (`GET /core/v1.0/areas/{code}/summary`): the record count behind each
 * entity screen and what needs attention. A failed call shows the index without figures.
 */
export async function loadAreaSummary(request: Request, area: { code: string; segment: string }): Promise<AreaIndexSummary> {
  const { api } = await signedIn(request);
  const result = await api.areaSummary(area.code);
  if (result.status !== 200) return { counts: {}, attention: [] };
  const { counts, attention } = result.body.data;
  const byPath: Record<string, number> = {};
  for (const [resource, count] of Object.entries(counts)) {
    const entity = entityRegistry.byResource(resource);
    if (entity) byPath[entity.consolePath] = count;
  }
  return {
    counts: byPath,
    attention: attention.map((item) => {
      const note = attentionNote(area.segment, item.key);
      const listPath = item.resource ? entityRegistry.byResource(item.resource)?.consolePath : undefined;
      const href = note?.href ?? listPath;
      return {
        key: item.key,
        label: item.label,
        count: item.count,
        isCapped: item.isCapped,
        ...(href ? { href } : {}),
        ...(note?.hint ? { hint: note.hint } : {}),
      };
    }),
  };
}
