import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { APPLICATIONS } from '@campus/domain-iam';
import type { AreaModule } from './area.js';

/** The folder of the launcher areas beside this one: `src/areas` under tsx and vitest, `dist/areas` once built. */
export const AREAS_DIRECTORY = fileURLToPath(new URL('../areas/', import.meta.url));

/** The file of an area folder that exports its manifest (`area`): the source, or what `tsc` made of it. */
const MANIFEST_FILES = ['area.ts', 'area.js'] as const;

/** An application as the discovery checks a manifest against it: its code and its launcher segment. */
export interface LauncherApplication {
  readonly code: string;
  readonly segment: string;
}

export interface DiscoverOptions {
  /** Where the area folders are (the app's own `areas/` folder unless a test points elsewhere). */
  readonly directory?: string;
  /** The launcher applications a manifest may serve (the eight of `@campus/domain-iam` unless a test adds one). */
  readonly applications?: readonly LauncherApplication[];
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
export function areaSegment(area: AreaModule, applications: readonly LauncherApplication[] = APPLICATIONS): string {
  return applications.find((a) => a.code === area.code)?.segment ?? area.code;
}

function isAreaModule(value: unknown): value is AreaModule {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'string';
}

/**
 * Every launcher area, found by reading the areas folder: each folder is one area and exports its manifest as `area`
 * from its `area.ts`, and its application's launcher segment is the folder's name. A folder without a manifest, a
 * manifest of an unknown application and one whose segment is not its folder's name each stop the start with a
 * message that says which folder and what to do (so no two folders serve one application).
 */
export async function discoverAreas(options: DiscoverOptions = {}): Promise<readonly AreaModule[]> {
  const directory = options.directory ?? AREAS_DIRECTORY;
  const applications = options.applications ?? APPLICATIONS;
  const areas: AreaModule[] = [];
  for (const folder of await areaFolders(directory)) {
    const file = MANIFEST_FILES.map((name) => join(directory, folder, name)).find((path) => existsSync(path));
    if (!file) {
      throw new AreaDiscoveryError(`areas/${folder} has no area.ts: every folder under areas/ is a launcher area and exports its manifest as \`area\` from area.ts.`);
    }
    const module = (await import(pathToFileURL(file).href)) as { area?: unknown };
    const area = module.area;
    if (!isAreaModule(area)) throw new AreaDiscoveryError(`areas/${folder}/area.ts exports no \`area\` (the AreaModule of platform/area.ts).`);
    const application = applications.find((a) => a.code === area.code);
    if (!application) {
      throw new AreaDiscoveryError(
        `areas/${folder}/area.ts serves the application ${area.code}, which is not a launcher application (libs/domain-iam/src/applications.ts).`,
      );
    }
    if (application.segment !== folder) {
      throw new AreaDiscoveryError(
        `areas/${folder}/area.ts serves ${area.code}, whose launcher segment is ${application.segment}: the folder must be named areas/${application.segment}.`,
      );
    }
    areas.push(area);
  }
  return areas;
}
