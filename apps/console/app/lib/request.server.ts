import type { AppRouter } from '@ts-rest/core';
import type { ApiClient, CurrentUser } from '@campus/api-contract';
import { apiFor, contractClientWithToken } from './api.server.js';
import { requireUser } from './session.server.js';

/** The typed client of an area's own contract. */
export type ContractClient<C extends AppRouter> = ReturnType<typeof contractClientWithToken<C>>;

/**
 * Everything a signed-in page's loader or action needs, made once per request: the user, and clients of the API
 * that carry the session's token (an API 401 throws the session-expired redirect, so callers never see one).
 */
export interface RequestContext {
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
 * to /auth without a session, to the second factor or the password change while one is owed, and the error page for
 * a path outside the user's scopes (spec §6).
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
  const { user, token } = await requireUser(request);
  const api = await apiFor(request);
  const clients = new Map<AppRouter, unknown>();
  return {
    user,
    token,
    api,
    client<C extends AppRouter>(contract: C): ContractClient<C> {
      const known = clients.get(contract) as ContractClient<C> | undefined;
      if (known) return known;
      const made = contractClientWithToken(request, token, contract);
      clients.set(contract, made);
      return made;
    },
  };
}
