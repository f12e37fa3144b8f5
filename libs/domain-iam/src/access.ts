import type { ApplicationCode } from '@campus/domain-core';
import { applicationForPath, isOwnPage, pathSegments } from './applications.js';

/** What the access decision needs to know about the signed-in user. */
export interface ScopedUser {
  readonly adminScopes: readonly string[];
  readonly scopes?: readonly string[];
  /** An IAM administrator: the only user who may open `/app/settings`. */
  readonly iamAdmin?: boolean;
  /** Modules granted by the user's roles, by application code (absent application: no roles there). */
  readonly moduleGrants?: ModuleGrants;
}

/** The module codes a user's active roles grant, by application code. */
export type ModuleGrants = Readonly<Record<string, readonly string[]>>;

/** What a user whose roles do not grant the module of a page or resource is told (403). */
export const MODULE_NOT_GRANTED = 'Your roles in this application do not include this module.';

/**
 * Whether a user may use something of `application` that belongs to `module` (the entity descriptor's
 * `module`). Roles narrow an application to their modules: a user who holds roles in the application uses only
 * what those roles grant, and nothing that belongs to no module. A user who holds the application's scope but
 * no role in it keeps the whole application (accounts made before roles were assigned keep working).
 * The scope itself is checked separately (`decideAccess`, the API's scope check).
 */
export function canUseModule(grants: ModuleGrants | undefined, application: string, module: string | undefined): boolean {
  const granted = grants?.[application];
  if (!granted) return true;
  return module !== undefined && granted.includes(module);
}

/** The spec's wording when an application or page is outside the user's scopes (§6, §8). */
export const NO_ACCESS_TITLE = 'No Access';
export const NO_ACCESS_MESSAGE = 'You have invalid authentication credentials to view the page requested';

/** Top-level pages the route guard never applies to (spec §6), with everything below them. */
export const PUBLIC_PATHS = [
  '/profile',
  '/auth',
  '/recovery',
  '/reset',
  '/reset-password',
  '/unauthorized',
] as const;

/**
 * Pages under `/app` that belong to no launcher application but to the signed-in user (spec §2:
 * `/app/notifications`, `/app/settings`); like `/app` itself they are always allowed.
 */
export const PERSONAL_APP_PAGES = ['notifications'] as const;

/** `/app/settings` (the system settings) opens for IAM administrators only. */
export const SETTINGS_APP_PAGE = 'settings';
export const SETTINGS_ADMIN_ONLY = 'Only an IAM administrator may open the system settings.';

export type AccessDecision =
  { readonly allowed: true } | { readonly allowed: false; readonly status: 401; readonly reason: string };

const DENIED = (reason: string): AccessDecision => ({ allowed: false, status: 401, reason });

export function isPublicPath(pathname: string): boolean {
  const segments = pathSegments(pathname);
  if (!segments) return false;
  if (segments.length === 0) return true; // the index page `/`
  return PUBLIC_PATHS.some((p) => p.slice(1) === segments[0]);
}

/**
 * The console's route guard (spec §6). Public pages are not guarded; `/app` itself is always allowed; any other
 * page under `/app` must belong to an application whose code is in the user's `adminScopes` (or be one of the
 * application's `ownPages`, which show only the user's own work), otherwise 401.
 * A page outside `/app` that is not public belongs to no application and is left to the router (404).
 */
export function decideAccess(user: ScopedUser | null | undefined, pathname: string): AccessDecision {
  const segments = pathSegments(pathname);
  if (!segments) return DENIED('The requested path is malformed.');
  if (isPublicPath(pathname)) return { allowed: true };
  if (segments[0] !== 'app') return { allowed: true };
  if (!user) return DENIED('Sign in to view the page requested.');
  if (segments.length === 1) return { allowed: true };
  if ((PERSONAL_APP_PAGES as readonly string[]).includes(segments[1] ?? '')) return { allowed: true };
  if (segments[1] === SETTINGS_APP_PAGE) return user.iamAdmin ? { allowed: true } : DENIED(SETTINGS_ADMIN_ONLY);
  const application = applicationForPath(pathname);
  if (!application) return DENIED(NO_ACCESS_MESSAGE);
  if (!user.adminScopes.includes(application.code) && !isOwnPage(pathname)) return DENIED(NO_ACCESS_MESSAGE);
  return { allowed: true };
}

/** Whether a launcher tile opens for this user (otherwise it shows as not-allowed with the No Access notice). */
export function canOpenApplication(user: ScopedUser | null | undefined, code: ApplicationCode): boolean {
  return !!user && user.adminScopes.includes(code);
}

/** Whether the user's scope list grants a scope (spec §6: permission is also checked through it). */
export function hasScope(user: ScopedUser | null | undefined, scope: string): boolean {
  return !!user && ((user.scopes ?? []).includes(scope) || user.adminScopes.includes(scope));
}
