import { APPLICATIONS } from '@campus/domain-iam';
import type { IconName } from '@campus/ui';
import type { AreaManifest } from './types';

/**
 * Every area's manifest (`app/areas/<segment>/area.ts`), by the name of its folder: the application's launcher
 * segment. The folder is the only place an area is named; nothing lists the areas.
 */
export const AREAS: ReadonlyMap<string, AreaManifest> = new Map(
  Object.entries(import.meta.glob<{ area: AreaManifest }>('./*/area.ts', { eager: true })).map(([path, module]) => [path.split('/').at(-2) ?? '', module.area]),
);

/** The manifest of the area at a segment, if there is one. */
export function areaAt(segment: string): AreaManifest | undefined {
  return AREAS.get(segment);
}

/** An application's icon (by its code), from its area's manifest. */
export function applicationIcon(code: string): IconName {
  const segment = APPLICATIONS.find((a) => a.code === code)?.segment;
  return (segment && areaAt(segment)?.icon) || 'folder';
}
