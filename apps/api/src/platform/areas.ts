import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ApplicationRegistryError, areApplicationsRegistered, launcherApplications, registerApplications, type ApplicationInfo } from '@campus/domain-core';
import type { AreaManifest, AreaModule } from './area.js';

/** The folder of the launcher areas beside this one: `src/areas` under tsx and vitest, `dist/areas` once built. */
export const AREAS_DIRECTORY = fileURLToPath(new URL('../areas/', import.meta.url));

/** The file of an area folder that exports its manifest (`area`): the source, or what `tsc` made of it. */
const MANIFEST_FILES = ['area.ts', 'area.js'] as const;

export interface DiscoverOptions {
  /** Where the area folders are (the app's own `areas/` folder unless a test points elsewhere). */
  readonly directory?: string;
}

/** Why the API cannot start with its area folders as they are. */
export class AreaDiscoveryError extends Error {
  override readonly name = 'AreaDiscoveryError';
}

/** The folder names under `directory` (symbolic links to folders included), sorted. */
export async function areaFolders(directory: string = AREAS_DIRECTORY): Promise<string[]> {
  const names: string[] = [];
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    const isFolder = entry.isDirectory() || (entry.isSymbolicLink() && (await stat(join(directory, entry.name))).isDirectory());
    if (isFolder) names.push(entry.name);
  }
  return names.sort();
}

/** An area's folder name: its application's launcher segment (the code of an application the launcher lacks). */
export function areaSegment(area: AreaModule): string {
  return launcherApplications().find((a) => a.code === area.code)?.segment ?? area.code;
}

function isAreaManifest(value: unknown): value is AreaManifest {
  if (typeof value !== 'object' || value === null) return false;
  const { code, application } = value as { code?: unknown; application?: unknown };
  return typeof code === 'string' && typeof application === 'object' && application !== null;
}

/**
 * Every launcher area, found by reading the areas folder: each folder is one area and exports its manifest as `area`
 * from its `area.ts` (its module and its application's launcher entry), and the folder's name is its application's
 * launcher segment. The applications the manifests declare become the launcher's (`registerApplications` of
 * `@campus/domain-core`) before anything reads them. A folder without a manifest, a manifest without its launcher
 * entry, and two folders serving one application (or one launcher place) each stop the start with a message that
 * says which folder and what to do.
 */
export async function discoverAreas(options: DiscoverOptions = {}): Promise<readonly AreaModule[]> {
  const directory = options.directory ?? AREAS_DIRECTORY;
  const areas: AreaManifest[] = [];
  const applications: ApplicationInfo[] = [];
  for (const folder of await areaFolders(directory)) {
    const file = MANIFEST_FILES.map((name) => join(directory, folder, name)).find((path) => existsSync(path));
    if (!file) {
      throw new AreaDiscoveryError(`areas/${folder} has no area.ts: every folder under areas/ is a launcher area and exports its manifest as \`area\` from area.ts.`);
    }
    const module = (await import(pathToFileURL(file).href)) as { area?: unknown };
    const area = module.area;
    if (!isAreaManifest(area)) {
      throw new AreaDiscoveryError(
        `areas/${folder}/area.ts exports no \`area\` with its application's code and launcher entry (the AreaManifest of platform/area.ts).`,
      );
    }
    const { name, description, order } = area.application;
    applications.push({ code: area.code, name, description, order, segment: folder });
    areas.push(area);
  }
  try {
    registerApplications(applications);
  } catch (error) {
    if (error instanceof ApplicationRegistryError) throw new AreaDiscoveryError(error.message);
    throw error;
  }
  return areas;
}

/**
 * The areas a built app mounts: the discovered ones, or those a test gives, which may be a few of them or add a
 * module to an application: the launcher's applications are still those of the area folders, found first if no
 * discovery has registered them yet.
 */
export async function areasToMount(given?: readonly AreaModule[]): Promise<readonly AreaModule[]> {
  if (!given) return discoverAreas();
  if (!areApplicationsRegistered()) await discoverAreas();
  return given;
}
