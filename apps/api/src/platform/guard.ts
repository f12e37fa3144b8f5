import type { AppRoute } from '@ts-rest/core';
import type { FastifyRequest } from 'fastify';
import { accessOf, applicationsOf, entityRegistry, routesOf, type RateLimitRule, type RouteMetadata } from '@campus/api-contract';
import { canUseModule, MODULE_NOT_GRANTED, NO_ACCESS_MESSAGE } from '@campus/domain-iam';
import { resourceRefusal } from '../resources/access.js';
import type { AppContext } from '../context.js';
import { authenticate } from './auth/sessions.js';
import type { RateLimiter } from './auth/rate-limit.js';
import { HttpError } from './http/errors.js';
import type { AreaModule } from './area.js';

export const NO_ACCESS = NO_ACCESS_MESSAGE;
export const TOO_MANY_ATTEMPTS = 'Too many attempts from this address. Try again in a minute.';
export const TOO_MANY_FOR_ACCOUNT = 'Too many attempts for this account. Try again in a minute.';
export const SECOND_FACTOR_DUE = 'Enter the code from your authenticator app first.';
export const SECOND_FACTOR_ENROLMENT_OWED = 'Turn on two-factor sign-in first.';
export const TEMPORARY_PASSWORD_ONLY = 'Change your temporary password before doing anything else.';

/**
 * Refuses to start with a route that declares nobody who may call it (no application, `signedIn` or `public`):
 * such a route would otherwise be open or unusable, and neither is decided by accident.
 */
export function assertEveryRouteDeclared(router: Readonly<Record<string, unknown>>): void {
  for (const [name, route] of routesOf(router)) accessOf(route, name);
}

/**
 * Decides, before any handler runs, whether the caller may use the route — from the route's own declaration only,
 * so a route cannot be mounted without a decision. Fails closed: a route whose declaration is missing answers 500.
 */
export function routeGuard(ctx: AppContext, limiter: RateLimiter, areas: readonly AreaModule[]) {
  const areaByCode = new Map<string, AreaModule>(areas.map((a) => [a.code, a]));
  const accountKey = (email: string) => `sign-in:account:${email.trim().toLowerCase()}`;

  /**
   * Each bucket counts on its own (decision 0049): signing in per address and per account (the email a public
   * sign-in route names), any other bucket per address and per its rule's field.
   */
  async function countRequest(request: FastifyRequest, rule: true | RateLimitRule): Promise<void> {
    if (rule === true) {
      if (!(await limiter.take(`sign-in:address:${request.ip}`))) throw new HttpError(429, TOO_MANY_ATTEMPTS);
      const email = fieldOf(request, 'email');
      if (email && !(await limiter.take(accountKey(email)))) throw new HttpError(429, TOO_MANY_FOR_ACCOUNT);
      return;
    }
    const perAddress = ctx.config.rateLimits?.[rule.bucket] ?? rule.perAddress;
    if (!(await limiter.take(`${rule.bucket}:address:${request.ip}`, perAddress))) throw new HttpError(429, TOO_MANY_ATTEMPTS);
    const value = rule.per && fieldOf(request, rule.per.field);
    if (rule.per && value && !(await limiter.take(`${rule.bucket}:${rule.per.field}:${value}`, rule.per.max))) throw new HttpError(429, rule.per.message);
  }

  return async function guard(request: FastifyRequest): Promise<void> {
    const route = (request.routeOptions.config as { tsRestRoute?: AppRoute }).tsRestRoute as AppRoute;
    const access = accessOf(route);
    const meta = route.metadata as RouteMetadata;
    if (meta.rateLimited) await countRequest(request, meta.rateLimited);
    if (access.public) return;
    const auth = await authenticate(ctx.db, ctx.config, request, ctx.database);
    request.auth = auth;
    // A sign-in route a token may call (changing the password, the second factor) is also counted per account.
    if (meta.rateLimited === true && !(await limiter.take(accountKey(auth.user.email)))) throw new HttpError(429, TOO_MANY_FOR_ACCOUNT);
    const owed = auth.secondFactor;
    if (owed && !meta.secondFactorSteps?.includes(owed)) {
      throw new HttpError(403, owed === 'verify' ? SECOND_FACTOR_DUE : SECOND_FACTOR_ENROLMENT_OWED);
    }
    if (auth.user.mustChangePassword && !meta.temporaryPassword) throw new HttpError(403, TEMPORARY_PASSWORD_ONLY);
    const applications = applicationsOf(route);
    if (!applications.length) return;
    const exception = () => applications.some((code) => areaByCode.get(code)?.allowsWithoutScope?.(request, route, auth));
    if (!applications.some((code) => auth.user.adminScopes.includes(code))) {
      if (!exception()) throw new HttpError(403, NO_ACCESS);
      return;
    }
    // Roles narrow an application to their modules; an entity's descriptor names the module it belongs to (the same
    // function decides a batch over the resource, `resources/access.ts`), and a route that is no entity's names its
    // module itself.
    const named = (route.metadata as { resource?: unknown }).resource;
    const entity = entityRegistry.byResource(String(named ?? ''));
    const module = meta.module;
    const refusal = entity
      ? resourceRefusal(auth.user, entity)
      : module && !applications.some((code) => canUseModule(auth.user.moduleGrants, code, module))
        ? new HttpError(403, MODULE_NOT_GRANTED)
        : null;
    if (refusal && !exception()) throw refusal;
  };
}

/** A short text field of the request's body, else of its query (before validation, so anything else is ignored). */
function fieldOf(request: FastifyRequest, field: string): string | undefined {
  for (const source of [request.body, request.query]) {
    const value = source && typeof source === 'object' ? (source as Record<string, unknown>)[field] : undefined;
    if (typeof value === 'string' && value.length > 0 && value.length <= 320) return value;
  }
  return undefined;
}
