import { registerApplications, type ApplicationInfo } from '@campus/domain-core';
import type { IconName } from '@campus/ui';
import type { AreaManifest } from './types';

/**
 * Every area's manifest (`app/areas/<segment>/area.ts`), by the name of its folder: the application's launcher
 * segment. The folder is the only place an area is named; nothing lists the areas.
 */
export const AREAS: ReadonlyMap<string, AreaManifest> = new Map(
  Object.entries(import.meta.glob<{ area: AreaManifest }>('./*/area.ts', { eager: true })).map(([path, module]) => [path.split('/').at(-2) ?? '', module.area]),
);

/**
 * Makes the applications the manifests declare the launcher's (`@campus/domain-core`), each at its folder's segment.
 * This module does it as soon as it is loaded (the glob is eager), so every module that reads them (the launcher,
 * the route guard, the menu) imports this one; the browser's entry calls it again before the first render.
 */
export function registerLauncherApplications(): readonly ApplicationInfo[] {
  return registerApplications([...AREAS].map(([segment, area]) => ({ ...area.application, segment })));
}

registerLauncherApplications();

// Read the applications through this module, so that they are registered before anything asks.
export { applicationBySegment, applicationForPath, applicationPath, applications } from '@campus/domain-iam';

/** The manifest of the area at a segment, if there is one. */
export function areaAt(segment: string): AreaManifest | undefined {
  return AREAS.get(segment);
}

/** An application's icon (by its code), from its area's manifest. */
export function applicationIcon(code: string): IconName {
  return [...AREAS.values()].find((area) => area.application.code === code)?.icon ?? 'folder';
}

/** The application and screen that import records of an entity with a template (the area declaring `importer`). */
export function importerScreen(): { readonly code: ApplicationInfo['code']; readonly path: string } | undefined {
  for (const [segment, area] of AREAS) if (area.importer) return { code: area.application.code, path: `/app/${segment}/${area.importer}` };
  return undefined;
}
