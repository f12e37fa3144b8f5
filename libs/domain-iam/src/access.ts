import type { ApplicationCode } from '@campus/domain-core';
import { applicationForPath, pathSegments } from './applications.js';

/** What the access decision needs to know about the signed-in user. */
export interface ScopedUser {
  readonly adminScopes: readonly string[];
  readonly scopes?: readonly string[];
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
export const PERSONAL_APP_PAGES = ['notifications', 'settings'] as const;

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
 * page under `/app` must belong to an application whose code is in the user's `adminScopes`, otherwise 401.
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
  const application = applicationForPath(pathname);
  if (!application || !user.adminScopes.includes(application.code)) return DENIED(NO_ACCESS_MESSAGE);
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
