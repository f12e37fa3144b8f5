import type { CurrentUser } from '@campus/api-contract';
import { redirect } from '@remix-run/node';
import { entityRegistry } from '@campus/api-contract';
import { applicationForPath, canUseModule, decideAccess, MODULE_NOT_GRANTED } from '@campus/domain-iam';
import { AREA_SCREENS } from '../areas/screens';
import { apiFor, failureResponse } from './api.server.js';
import { cookiesFor, isHttps, type SessionData } from './cookies.server.js';

export type { CurrentUser } from '@campus/api-contract';

export interface SignedIn {
  user: CurrentUser;
  token: string;
}

/**
 * Answers of `users/me` still on their way, by token. Remix hands each loader of a page its own Request object, so
 * the loaders of one page meet here: the API is asked once per page, and never answers are kept after they arrive.
 */
const inFlight = new Map<string, Promise<SignedIn>>();
/** The signed-in user of a request, for its other loaders (one request, one look-up). */
const ofRequest = new WeakMap<Request, Promise<SignedIn>>();

/**
 * Session cookies already verified, by the exact Cookie header (and whether the request came over HTTPS): the
 * loaders of one page each read the session, and checking the signature once is enough. The same text always
 * verifies the same way, so nothing here can go stale; the oldest entries go first.
 */
const verified = new Map<string, Promise<Partial<SessionData>>>();
const MAX_VERIFIED = 500;

/** Where a user turns two-factor sign-in on (and must, while an enrolment is owed). */
export const TWO_FACTOR_PATH = '/profile/two-factor';

/** The session data of the request, if signed in. */
export function readSession(request: Request): Promise<Partial<SessionData>> {
  const header = request.headers.get('cookie');
  if (!header) return Promise.resolve({});
  const { session: storage } = cookiesFor(request);
  const key = `${isHttps(request) ? 's' : ''}|${header}`;
  let data = verified.get(key);
  if (!data) {
    data = storage.getSession(header).then((session) => ({
      token: session.get('token'),
      userId: session.get('userId'),
      mustChangePassword: session.get('mustChangePassword'),
      secondFactor: session.get('secondFactor'),
    }));
    verified.set(key, data);
    if (verified.size > MAX_VERIFIED) verified.delete(verified.keys().next().value!);
    data.catch(() => verified.delete(key));
  }
  return data;
}

/**
 * The signed-in user (spec §4: restored from the session cookie by asking the API), or a thrown redirect:
 * to /auth without a session or when the API says the session expired, to /reset-password while a
 * temporary password is still in use. The API is asked once per request even when several loaders call this.
 */
export async function requireUser(request: Request): Promise<SignedIn> {
  const { token, secondFactor } = await readSession(request);
  if (!token) throw redirect('/auth');
  // The API refuses everything else until the second factor is given or enrolled (decision 0015).
  if (secondFactor === 'verify') throw redirect('/auth/second-factor');
  if (secondFactor === 'enrol' && new URL(request.url).pathname !== TWO_FACTOR_PATH) throw redirect(TWO_FACTOR_PATH);
  const key = `${token}|${new URL(request.url).pathname === '/reset-password' ? 'reset' : ''}`;
  // Loaders of one request that call this after the first answer came back use that answer too.
  let pending = ofRequest.get(request) ?? inFlight.get(key);
  if (!pending) {
    pending = loadUser(request, token);
    inFlight.set(key, pending);
    const settle = () => inFlight.delete(key);
    pending.then(settle, settle);
  }
  ofRequest.set(request, pending);
  // A thrown redirect goes to each waiting loader as its own Response.
  const signedIn = await pending.catch((error: unknown) => {
    throw error instanceof Response ? error.clone() : error;
  });
  assertAllowed(signedIn.user, request);
  return signedIn;
}

/**
 * The route guard of spec §6, for every loader and action that asks who is signed in — pages, their data
 * requests (which may run one route's loader alone), CSV exports, feeds and lookups: a path outside the user's
 * scopes answers 401 with the error page.
 */
function assertAllowed(user: CurrentUser, request: Request): void {
  const { pathname } = new URL(request.url);
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

async function loadUser(request: Request, token: string): Promise<SignedIn> {
  const api = await apiFor(request);
  const result = await api.getCurrentUser();
  if (result.status !== 200) throw failureResponse(result.status, result.body);
  const user = result.body.data;
  if (user.mustChangePassword && new URL(request.url).pathname !== '/reset-password') throw redirect('/reset-password');
  return { user, token };
}

/** The signed-in user when there is a session, otherwise null (never redirects for a missing session). */
export async function optionalUser(request: Request): Promise<SignedIn | null> {
  const { token } = await readSession(request);
  if (!token) return null;
  return requireUser(request);
}
