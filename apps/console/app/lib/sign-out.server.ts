import { apiWithToken } from './api.server.js';
import { clientIdsInRequest, clientTokenCookie, cookiesFor } from './cookies.server.js';
import { noticeCookie, type FlashNotice } from './notice.server.js';

/** Shown when the API could not be told: the session may still be valid, so the console does not pretend. */
export const SIGN_OUT_FAILED: FlashNotice = {
  tone: 'error',
  title: 'You are still signed in',
  description: 'The sign-out did not reach the server, so your session may still be valid. Try again in a few minutes.',
};

export const SIGNED_OUT_EVERYWHERE: FlashNotice = {
  tone: 'success',
  title: 'Signed out everywhere',
  description: 'Every session of your account has ended, this one included.',
};

/**
 * Asks the API to end the session (`everywhere`: every session of the user). True when the token is dead
 * afterwards — revoked now, or already expired or revoked (401); false when the API could not be reached or
 * refused, in which case the token may still work.
 */
export async function revokeAtApi(token: string, userId: string, everywhere = false, request?: Request): Promise<boolean> {
  const api = apiWithToken(token, request);
  try {
    const result = everywhere
      ? await api.signOutEverywhere({ params: { userId } })
      : await api.signOut({ params: { userId } });
    return result.status === 200 || result.status === 401;
  } catch (error) {
    // An outage arrives as the thrown 503 page (http.server.ts).
    if (error instanceof Response) return false;
    throw error;
  }
}

/** The redirect that clears the session and client-token cookies, with an optional notice for the next page. */
export async function signedOutRedirect(request: Request, location: string, notice?: FlashNotice): Promise<Response> {
  const { session } = cookiesFor(request);
  const headers = new Headers({ Location: location });
  headers.append('Set-Cookie', await session.destroySession(await session.getSession(request.headers.get('cookie'))));
  for (const clientId of clientIdsInRequest(request)) headers.append('Set-Cookie', clientTokenCookie(request, clientId, null));
  if (notice) headers.append('Set-Cookie', await noticeCookie(request, notice));
  return new Response(null, { status: 302, headers });
}
