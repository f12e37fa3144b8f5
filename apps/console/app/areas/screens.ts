import { AREAS } from './manifests';
import type { AreaScreen } from './types';

/**
 * Every area's own screens by area segment, from the areas' manifests, with their route modules relative to `app/`
 * (the route guard reads the modules they name; tests walk them).
 */
export const AREA_SCREENS: Readonly<Record<string, readonly AreaScreen[]>> = Object.fromEntries(
  [...AREAS].map(([segment, area]) => [segment, (area.screens ?? []).map((screen) => ({ ...screen, file: `areas/${segment}/${screen.file}` }))]),
);
