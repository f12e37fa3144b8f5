import { redirect } from '@remix-run/node';
import type { AppRouter } from '@ts-rest/core';
import type { ApiClient, CurrentUser } from '@campus/api-contract';
import { clientsFor, failureResponse, type ContractClient, type SignedInClients } from './api.server.js';
import { readSession } from './cookies.server.js';
import { assertAllowed } from './guard.server.js';

export type { ContractClient } from './api.server.js';
export { publicApi, publicContractClient } from './api.server.js';

/** Where a user turns two-factor sign-in on (and must, while an enrolment is owed). */
export const TWO_FACTOR_PATH = '/profile/two-factor';

/**
 * Everything a signed-in page's loader or action needs, made once per request: the user, and clients of the API
 * that carry the session's token (an API 401 throws the session-expired redirect, so callers never see one).
 */
export interface RequestContext extends SignedInClients {
  readonly user: CurrentUser;
  readonly token: string;
  /** The client of the core routes and of every entity's generic routes. */
  readonly api: ApiClient;
  /** The client of an area's own contract (`supportContract`, …); made once per contract and request. */
  client<C extends AppRouter>(contract: C): ContractClient<C>;
}

const contexts = new WeakMap<Request, Promise<RequestContext>>();

/**
 * The signed-in user of `request` and the API clients to act for them (memoised per request), or a thrown redirect:
 * to /auth without a session (or when the API says it expired), to the second factor or the password change while
 * one is owed, and the error page for a path outside the user's scopes (spec §6). The session cookie is read and
 * verified once, the clients are made once, and the loaders of one page share one `users/me`.
 */
export function signedIn(request: Request): Promise<RequestContext> {
  let context = contexts.get(request);
  if (!context) {
    context = makeContext(request);
    contexts.set(request, context);
  }
  return context;
}

async function makeContext(request: Request): Promise<RequestContext> {
  const { token, secondFactor } = await readSession(request);
  if (!token) throw redirect('/auth');
  // The API refuses everything else until the second factor is given or enrolled (decision 0015).
  if (secondFactor === 'verify') throw redirect('/auth/second-factor');
  const { pathname } = new URL(request.url);
  if (secondFactor === 'enrol' && pathname !== TWO_FACTOR_PATH) throw redirect(TWO_FACTOR_PATH);
  const clients = await clientsFor(request);
  const user = await currentUser(clients.api, token, pathname === '/reset-password');
  assertAllowed(user, pathname);
  return { ...clients, user };
}

/**
 * Answers of `users/me` still on their way, by token. Remix hands each loader of a page its own Request object, so
 * the loaders of one page meet here: the API is asked once per page, and no answer is kept after it arrives.
 */
const inFlight = new Map<string, Promise<CurrentUser>>();

/** The user of `token` (spec §4: restored from the session by asking the API); at /reset-password a temporary password is let through. */
async function currentUser(api: ApiClient, token: string, atReset: boolean): Promise<CurrentUser> {
  const key = `${token}|${atReset ? 'reset' : ''}`;
  let pending = inFlight.get(key);
  if (!pending) {
    pending = loadUser(api, atReset);
    inFlight.set(key, pending);
    const settle = () => inFlight.delete(key);
    pending.then(settle, settle);
  }
  // A thrown redirect goes to each waiting loader as its own Response.
  return pending.catch((error: unknown) => {
    throw error instanceof Response ? error.clone() : error;
  });
}

async function loadUser(api: ApiClient, atReset: boolean): Promise<CurrentUser> {
  const result = await api.getCurrentUser();
  if (result.status !== 200) throw failureResponse(result.status, result.body);
  const user = result.body.data;
  if (user.mustChangePassword && !atReset) throw redirect('/reset-password');
  return user;
}
