import type { CurrentUser } from '@campus/api-contract';
import { redirect } from '@remix-run/node';
import { apiFor, failureResponse } from './api.server.js';
import { cookiesFor, type SessionData } from './cookies.server.js';

export type { CurrentUser } from '@campus/api-contract';

export interface SignedIn {
  user: CurrentUser;
  token: string;
}

const cache = new WeakMap<Request, Promise<SignedIn>>();

/** The session data of the request, if signed in. */
export async function readSession(request: Request): Promise<Partial<SessionData>> {
  const session = await cookiesFor(request).session.getSession(request.headers.get('cookie'));
  return { token: session.get('token'), userId: session.get('userId'), mustChangePassword: session.get('mustChangePassword') };
}

/**
 * The signed-in user (spec §4: restored from the session cookie by asking the API), or a thrown redirect:
 * to /auth without a session or when the API says the session expired, to /reset-password while a
 * temporary password is still in use. The API is asked once per request even when several loaders call this.
 */
export function requireUser(request: Request): Promise<SignedIn> {
  let pending = cache.get(request);
  if (!pending) {
    pending = loadUser(request);
    cache.set(request, pending);
  }
  return pending;
}

async function loadUser(request: Request): Promise<SignedIn> {
  const { token } = await readSession(request);
  if (!token) throw redirect('/auth');
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
