import { entityRegistry, type CurrentUser } from '@campus/api-contract';
import { canUseModule, decideAccess, MODULE_NOT_GRANTED } from '@campus/domain-iam';
import { applicationForPath } from '../areas/manifests';
import { AREA_SCREENS } from '../areas/screens';

/**
 * The route guard of spec §6, for every loader and action that asks who is signed in — pages, their data
 * requests (which may run one route's loader alone), CSV exports, feeds and lookups: a path outside the user's
 * scopes answers 401 with the error page.
 */
export function assertAllowed(user: CurrentUser, pathname: string): void {
  const decision = decideAccess(user, pathname);
  if (!decision.allowed) throw Response.json({ message: decision.reason }, { status: decision.status });
  // An entity's screens (list, form, export…) and an area's screens that name a module also need that module, when
  // the user's roles narrow the application.
  const application = applicationForPath(pathname);
  const module = application && (entityOfPath(pathname)?.module ?? screenModuleOf(pathname));
  if (application && module && !canUseModule(user.moduleGrants, application.code, module)) {
    throw Response.json({ message: MODULE_NOT_GRANTED }, { status: 403 });
  }
}

/** The area screens that belong to a module, as path patterns (`/app/{segment}/hr/employee/:id` → `[^/]+`). */
const MODULE_SCREENS = Object.entries(AREA_SCREENS).flatMap(([segment, screens]) =>
  screens.flatMap((screen) => {
    if (!screen.module) return [];
    const parts = screen.path.split('/').map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    return [{ pattern: new RegExp(`^/app/${segment}/${parts.join('/')}/?$`), module: screen.module }];
  }),
);

/** The module an area screen at a path belongs to, if it names one. */
function screenModuleOf(pathname: string): string | undefined {
  return MODULE_SCREENS.find((s) => s.pattern.test(pathname))?.module;
}

/** The entity whose screens a path is under (`/app/campus-management/hr/employees/new` → employees). */
function entityOfPath(pathname: string) {
  const path = pathname.replace(/\/+$/, '');
  let found: (typeof entityRegistry.all)[number] | undefined;
  for (const e of entityRegistry.all) {
    if ((path === e.consolePath || path.startsWith(`${e.consolePath}/`)) && e.consolePath.length > (found?.consolePath.length ?? 0)) found = e;
  }
  return found;
}
