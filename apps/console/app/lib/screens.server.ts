import { entityRegistry } from '@campus/api-contract';
import { canUseModule, isOwnPage, type ApplicationInfo, type ModuleGrants } from '@campus/domain-iam';
import { applicationBySegment, areaAt } from '../areas/manifests';

/** One entry of an area's side menu. */
export interface Screen {
  /** Full console path, e.g. `/app/campus-management/campuses`. */
  path: string;
  label: string;
  /** The API resource behind a generic screen; absent for the screens that are not entity lists. */
  resource?: string;
  /** Menu section inside the area (e.g. `Human Resources`); absent for the area's main section. */
  group?: string;
}

/**
 * Every screen of an area: entity lists from the registry (by `consolePath`), then the area's own screens that have a
 * menu label in its manifest (`app/areas/<segment>/area.ts`), in its order. Given the user, the menu leaves out the
 * entity screens of modules their roles do not grant, and the administrators' screens unless they are an IAM
 * administrator.
 */
export function screensOf(
  area: ApplicationInfo,
  user?: { readonly iamAdmin?: boolean; readonly moduleGrants?: ModuleGrants; readonly adminScopes?: readonly string[] },
): Screen[] {
  const prefix = `/app/${area.segment}/`;
  const manifest = areaAt(area.segment);
  const fromEntities: Screen[] = entityRegistry.all
    .filter((e) => e.consolePath.startsWith(prefix))
    .filter((e) => !user || canUseModule(user.moduleGrants, area.code, e.module))
    .map((e) => {
      const rest = e.consolePath.slice(prefix.length).split('/');
      const group = rest.length > 1 ? (manifest?.groups?.[rest[0] ?? ''] ?? rest[0]) : undefined;
      return { path: e.consolePath, label: e.pluralLabel, resource: e.resource, ...(group ? { group } : {}) };
    });
  const known = new Set(fromEntities.map((s) => s.path));
  const others = (manifest?.screens ?? [])
    .flatMap((s) => (s.label && (!s.isIamAdminOnly || user?.iamAdmin) ? [{ path: `${prefix}${s.path}`, label: s.label }] : []))
    .filter((s) => !known.has(s.path));
  // Without the application's scope a user reaches only its own pages (their batches): the menu offers just those.
  const all = [...fromEntities, ...others];
  return user?.adminScopes && !user.adminScopes.includes(area.code) ? all.filter((s) => isOwnPage(s.path)) : all;
}

/** The screen at a path (exact match), with its area; undefined when the path is no screen of spec §2. */
export function screenAt(pathname: string): { area: ApplicationInfo; screen: Screen } | undefined {
  const segment = pathname.split('/')[2];
  const area = segment ? applicationBySegment(segment) : undefined;
  if (!area) return undefined;
  const screen = screensOf(area).find((s) => s.path === pathname.replace(/\/+$/, ''));
  return screen ? { area, screen } : undefined;
}
