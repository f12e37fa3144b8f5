import type { CurrentUser } from '@campus/api-contract';
import { redirect } from '@remix-run/node';
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

/**
 * Session cookies already verified, by the exact Cookie header (and whether the request came over HTTPS): the
 * loaders of one page each read the session, and checking the signature once is enough. The same text always
 * verifies the same way, so nothing here can go stale; the oldest entries go first.
 */
const verified = new Map<string, Promise<Partial<SessionData>>>();
const MAX_VERIFIED = 500;

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
  const { token } = await readSession(request);
  if (!token) throw redirect('/auth');
  const key = `${token}|${new URL(request.url).pathname === '/reset-password' ? 'reset' : ''}`;
  let pending = inFlight.get(key);
  if (!pending) {
    pending = loadUser(request, token);
    inFlight.set(key, pending);
    const settle = () => inFlight.delete(key);
    pending.then(settle, settle);
  }
  // A thrown redirect goes to each waiting loader as its own Response.
  return pending.catch((error: unknown) => {
    throw error instanceof Response ? error.clone() : error;
  });
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
