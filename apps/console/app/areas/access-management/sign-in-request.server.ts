import { data, redirect } from '@remix-run/node';
import type { SignInRequest } from '@campus/api-contract';
import { apiWithToken, publicApi } from '../../lib/api.server';

/** The id of an application's pending sign-in (`/auth?clientId=…&interaction=…`), when the value is a valid one. */
export function signInRequestId(value: unknown): string | null {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{10,64}$/.test(value) ? value : null;
}

/** The query that names an application's pending sign-in (`interaction`, and `clientId` for OpenID Connect). */
function requestQuery(uid: string, clientId: string | null): URLSearchParams {
  const query = new URLSearchParams();
  if (clientId) query.set('clientId', clientId);
  query.set('interaction', uid);
  return query;
}

/** The No Access page for a user without a role in the application that asked: it names it, and offers another account. */
export function noAccessPath(uid: string, clientId: string | null): string {
  return `/unauthorized?${requestQuery(uid, clientId).toString()}`;
}

/** `account=another` on the sign-in page: the form for the same request, signed in or not (its sign-in replaces this session). */
export const ANOTHER_ACCOUNT = 'another';

/** The sign-in page for the same application's request, with another account. */
export function anotherAccountPath(uid: string, clientId: string | null): string {
  const query = requestQuery(uid, clientId);
  query.set('account', ANOTHER_ACCOUNT);
  return `/auth?${query.toString()}`;
}

/** What the sign-in page shows about the application asking (null when the request has expired). */
export async function describeSignInRequest(uid: string): Promise<SignInRequest | null> {
  const result = await publicApi().sso.getSignInRequest({ params: { uid } });
  return result.status === 200 ? result.body.data : null;
}

/**
 * Answers the application's sign-in request as the signed-in user: back to the application, or the No Access page
 * when the user holds no role in it. `headers` carries the cookies of a sign-in made on the same request. Null when
 * the console session has ended (expired, or logged out from an application): the user signs in again for it.
 */
export async function continueSignInRequest(
  token: string,
  uid: string,
  headers?: Headers,
  clientId: string | null = null,
): Promise<Response | null> {
  const result = await apiWithToken(token).sso.completeSignInRequest({ params: { uid } });
  if (result.status === 200) return redirect(result.body.data.redirectTo, { headers });
  if (result.status === 403) return redirect(noAccessPath(uid, clientId), { headers });
  if (result.status === 401) return null;
  return redirect('/app', { headers });
}

/**
 * The same answer after a posted form. The console's Content Security Policy (`form-action 'self'`) rightly stops
 * a form submission from being redirected to another site, so the page that answers the form sends the browser
 * on itself (a refresh and a link, no script needed); `ContinueToApplication` renders it.
 */
export async function continueSignInRequestFromForm(token: string, uid: string, headers?: Headers, clientId: string | null = null) {
  const result = await apiWithToken(token).sso.completeSignInRequest({ params: { uid } });
  if (result.status === 200) return data({ continueTo: result.body.data.redirectTo }, { headers });
  if (result.status === 403) return redirect(noAccessPath(uid, clientId), { headers });
  return redirect('/app', { headers });
}
