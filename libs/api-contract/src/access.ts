import type { AppRoute, AppRouter } from '@ts-rest/core';

/**
 * Who may call a route. Every route of every contract declares exactly one of these in its `metadata`; the API
 * refuses to start when one does not (it never opens a route by default).
 *
 * - `public: true` — no token (sign-in, password recovery, public forms);
 * - `signedIn: true` — any signed-in user (their own account, their own notifications);
 * - `application` — a launcher application code (or several, any of which will do) the caller's `adminScopes`
 *   must hold.
 */
export type RouteAccess =
  | { readonly public: true; readonly signedIn?: never; readonly application?: never }
  | { readonly signedIn: true; readonly public?: never; readonly application?: never }
  | { readonly application: string | readonly string[]; readonly public?: never; readonly signedIn?: never };

/**
 * A rate limit of its own for a group of routes (a bucket), so that one surface cannot spend another's allowance:
 * requests a minute per client address, and optionally per value of one field of the body or query.
 */
export interface RateLimitRule {
  /** Routes naming the same bucket share its counts; no other route touches them. */
  readonly bucket: string;
  /** Requests a minute from one client address (the API's `RATE_LIMITS` may set another figure per bucket). */
  readonly perAddress: number;
  /** Also counted per value of this field (a conversation's token, say); a request without it counts per address only. */
  readonly per?: { readonly field: string; readonly max: number; readonly message: string };
}

/** What a route may add to its access declaration. */
export interface RouteOptions {
  /**
   * `true`: counted with signing in (per client address and per account, `AUTH_RATE_LIMIT` each); a rule: counted
   * in that rule's own bucket instead.
   */
  readonly rateLimited?: true | RateLimitRule;
  /** Allowed to a token issued for a temporary password (which may otherwise do nothing). */
  readonly temporaryPassword?: boolean;
  /**
   * Allowed to a session that still owes its second factor: `verify` (the code is due) or `enrol` (enrolment is
   * owed). Such a session may call nothing else.
   */
  readonly secondFactorSteps?: readonly ('verify' | 'enrol')[];
  /**
   * The module of the application a route belongs to when it is no entity's route (an entity's routes name their
   * `resource`, whose descriptor names the module): a user whose roles narrow the application to other modules is
   * refused, as for the entity's own routes.
   */
  readonly module?: string;
}

export type RouteMetadata = RouteAccess & RouteOptions & Readonly<Record<string, unknown>>;

/** A route whose metadata declares its access: the only kind `guardedRouter` accepts. */
export type GuardedRoute = AppRoute & { readonly metadata: RouteMetadata };

/**
 * Declares an area's routes. Each route must carry `metadata` with `public: true`, `signedIn: true` or an
 * `application`; a route without one does not type-check, and `accessOf` refuses it at start-up too (for
 * contracts built at run time).
 */
export function guardedRouter<T extends Record<string, GuardedRoute>>(routes: T): T {
  for (const [name, route] of Object.entries(routes)) accessOf(route, name);
  return routes;
}

export class UndeclaredAccessError extends Error {
  constructor(route: AppRoute, name?: string) {
    super(
      `${route.method} ${route.path}${name ? ` (${name})` : ''} declares neither an application, signedIn: true nor public: true; ` +
        'a route that says nobody may call it is refused rather than opened.',
    );
    this.name = 'UndeclaredAccessError';
  }
}

const isRoute = (value: unknown): value is AppRoute =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && typeof (value as AppRoute).path === 'string';

/** The access declared by a route; throws `UndeclaredAccessError` when it declares none or several. */
export function accessOf(route: AppRoute, name?: string): RouteAccess {
  const meta = (route.metadata ?? {}) as Record<string, unknown>;
  const app = meta.application;
  const declared = [
    meta.public === true,
    meta.signedIn === true,
    typeof app === 'string' ? app.length > 0 : Array.isArray(app) && app.length > 0 && app.every((a) => typeof a === 'string' && a),
  ].filter(Boolean).length;
  if (declared !== 1) throw new UndeclaredAccessError(route, name);
  return meta as RouteAccess;
}

/** The application codes a route accepts (empty for public and signed-in routes). */
export function applicationsOf(route: AppRoute): readonly string[] {
  const access = accessOf(route);
  if (!('application' in access) || access.application === undefined) return [];
  return typeof access.application === 'string' ? [access.application] : access.application;
}

/** Every route of a (nested) router, with its dotted name. */
export function routesOf(router: AppRouter | Readonly<Record<string, unknown>>, prefix = ''): [string, AppRoute][] {
  const found: [string, AppRoute][] = [];
  for (const [key, value] of Object.entries(router)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (isRoute(value)) found.push([name, value]);
    else if (typeof value === 'object' && value !== null) found.push(...routesOf(value as AppRouter, name));
  }
  return found;
}

/**
 * The base paths (`/core/v1.0/`, `/chatbot/v1.0/`, …) of a router's routes: the first two path segments. The API
 * encrypts every answer under them, unknown paths included, so a new area's prefix is covered by declaring it.
 */
export function basePathsOf(router: AppRouter | Readonly<Record<string, unknown>>): string[] {
  const bases = new Set<string>();
  for (const [, route] of routesOf(router)) {
    const [first, second] = route.path.split('/').filter(Boolean);
    if (first && second) bases.add(`/${first}/${second}/`);
    else if (first) bases.add(`/${first}/`);
  }
  return [...bases].sort();
}
