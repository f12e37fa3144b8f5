import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { entityRegistry } from '@campus/api-contract';
import { register } from 'tsx/esm/api';
import type { AreaManifest, AreaScreen } from './types';

type DefineRoute = (path: string | undefined, file: string, options: { id: string; index?: boolean }, children?: () => void) => void;
type RouteManifest = Record<string, { id: string; parentId?: string; path?: string; file: string; index?: boolean }>;

/** The generic resource screens, mounted again below a group segment (`hr/:resource`, …). */
const RESOURCE_SCREENS: readonly Pick<AreaScreen, 'path' | 'file'>[] = [
  { path: ':resource', file: 'routes/app.$area.$resource._index.tsx' },
  { path: ':resource/new', file: 'routes/app.$area.$resource.new.tsx' },
  { path: ':resource/:id/edit', file: 'routes/app.$area.$resource.$id.edit.tsx' },
  { path: ':resource/choices', file: 'routes/app.$area.$resource.choices.tsx' },
  { path: ':resource/export.csv', file: 'routes/app.$area.$resource.export[.csv].tsx' },
];

/**
 * Groups of resources one level below an area (`/app/{segment}/{group}/{resource}`), from the entities' console
 * paths: e.g. the Human Resources records under `campus-management/hr/`.
 */
function resourceGroups(): Map<string, Set<string>> {
  const groups = new Map<string, Set<string>>();
  for (const entity of entityRegistry.all) {
    const [app, segment, group, resource, ...rest] = entity.consolePath.split('/').filter(Boolean);
    if (app !== 'app' || !segment || !group || !resource || rest.length) continue;
    if (!groups.has(segment)) groups.set(segment, new Set());
    groups.get(segment)!.add(group);
  }
  return groups;
}

const idOf = (...parts: string[]) => `areas/${parts.join('/').replace(/:/g, '$')}`;

/** This folder, `app/areas`: one folder per area, named after its launcher segment. */
const AREAS_DIR = fileURLToPath(new URL('.', import.meta.url));

/**
 * Every area's manifest, read from the folders of `app/areas` that hold an `area.ts`, by folder name. This runs when
 * Vite reads its configuration, before anything is built: the manifests are loaded by Node (through `tsx`), which is
 * why they hold data only. The app itself finds the same manifests with `import.meta.glob` (`areas/manifests.ts`).
 */
export async function readAreas(): Promise<ReadonlyMap<string, AreaManifest>> {
  const folders = readdirSync(AREAS_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(AREAS_DIR, entry.name, 'area.ts')))
    .map((entry) => entry.name)
    .sort();
  // A namespace of its own: a manifest changed since the last read is read again, not taken from a cache.
  const tsx = register({ namespace: `areas-${Date.now()}-${Math.random()}` });
  try {
    const manifests = await Promise.all(
      folders.map(async (folder) => {
        const module = (await tsx.import(pathToFileURL(join(AREAS_DIR, folder, 'area.ts')).href, import.meta.url)) as { area: AreaManifest };
        return [folder, module.area] as const;
      }),
    );
    return new Map(manifests);
  } finally {
    await tsx.unregister();
  }
}

/**
 * The routes of the areas, added to the file routes of `app/routes`, from the manifests in the area folders: for
 * every area with screens of its own or grouped resources, a layout route at `/app/{segment}` (the same admin layout
 * as `/app/:area`, under `/app`, so the guard and the menu apply) with the area's index, its screens and its grouped
 * resource screens below it. Areas without any keep using `/app/:area` alone. Route matching prefers these static
 * segments, and a path none of them matches falls through to the generic `/app/:area/:resource` screens. An area's
 * documents (`document: true`, e.g. a printable form) are mounted beside its layout, under `/app` alone; its public
 * pages at their own addresses, outside `/app`.
 */
export async function areaRoutes(defineRoutes: (callback: (route: DefineRoute) => void) => RouteManifest): Promise<RouteManifest> {
  const areas = await readAreas();
  const fileOf = (segment: string, screen: { readonly file: string }) => `areas/${segment}/${screen.file}`;
  const groups = resourceGroups();
  const segments = new Set([...[...areas].filter(([, area]) => area.screens?.length).map(([segment]) => segment), ...groups.keys()]);
  const manifest = defineRoutes((route) => {
    for (const segment of [...segments].sort()) {
      const screens = areas.get(segment)?.screens ?? [];
      route(segment, 'routes/app.$area.tsx', { id: idOf(segment) }, () => {
        const ownIndex = screens.find((screen) => screen.index);
        route(undefined, ownIndex ? fileOf(segment, ownIndex) : 'routes/app.$area._index.tsx', { id: idOf(segment, 'index'), index: true });
        // `…/{resource}/new` is always the create form, even beside an area screen such as `campuses/:code`: routes of
        // the same rank are tried in the order they are defined, so this one comes first.
        route(':resource/new', 'routes/app.$area.$resource.new.tsx', { id: idOf(segment, ':resource/new') });
        for (const screen of screens) if (!screen.index && !screen.document) route(screen.path, fileOf(segment, screen), { id: idOf(segment, screen.path) });
        for (const group of [...(groups.get(segment) ?? [])].sort()) {
          for (const screen of RESOURCE_SCREENS) route(`${group}/${screen.path}`, screen.file, { id: idOf(segment, group, screen.path) });
        }
      });
      // Documents (a printable form) sit beside the area's layout, not inside it: the whole path, under /app only.
      for (const screen of screens) {
        if (screen.document) route(`${segment}/${screen.path}`, fileOf(segment, screen), { id: idOf(segment, screen.path) });
      }
    }
  });
  // The area layouts sit inside /app (its layout runs the route guard), like the file route app.$area.
  for (const r of Object.values(manifest)) if (!r.parentId || r.parentId === 'root') r.parentId = 'routes/app';
  // Public pages sit at the root, outside /app and its guard: each module says `publicPage = true`.
  const publicPages = defineRoutes((route) => {
    for (const [segment, area] of areas) {
      for (const page of area.publicPages ?? []) route(page.path, fileOf(segment, page), { id: idOf(segment, 'public', page.path) });
    }
  });
  return { ...manifest, ...publicPages };
}
