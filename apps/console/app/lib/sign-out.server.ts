import { apiWithToken } from './api.server.js';
import { clientIdsInRequest, clientTokenCookie, cookiesFor } from './cookies.server.js';
import { noticeCookie, type FlashNotice } from './notice.server.js';

/**
 * Shown when the API could not be told: the session may still be valid, so the console does not pretend. The
 * console keeps telling the API until it takes the sign-out (`retrySignOut`).
 */
export const SIGN_OUT_FAILED: FlashNotice = {
  tone: 'error',
  title: 'You are still signed in',
  description:
    'The sign-out did not reach the server, so your session may still be valid. The console keeps trying and ends the session as soon as the server answers; you can also try again in a few minutes.',
};

export const SIGNED_OUT_EVERYWHERE: FlashNotice = {
  tone: 'success',
  title: 'Signed out everywhere',
  description: 'Every session of your account has ended, this one included.',
};

/** A sign-out the API took; `continueTo`: where the browser goes next to sign out of other applications (single logout). */
export interface SignedOut {
  readonly continueTo?: string;
}

/**
 * Asks the API to end the session (`everywhere`: every session of the user). Truthy when the token is dead
 * afterwards — revoked now, or already expired or revoked (401); false when the API could not be reached or
 * refused, in which case the token may still work and the sign-out is retried in the background (`retrySignOut`).
 */
export async function revokeAtApi(token: string, userId: string, everywhere = false, request?: Request): Promise<SignedOut | false> {
  const api = apiWithToken(token, request);
  try {
    if (everywhere) {
      const result = await api.signOutEverywhere({ params: { userId } });
      if (result.status === 200) return { continueTo: webAddress(result.body.data.continueTo) };
      if (result.status === 401) return {};
    } else {
      const result = await api.signOut({ params: { userId } });
      if (result.status === 200) return { continueTo: webAddress(result.body.data.continueTo) };
      if (result.status === 401) return {};
    }
  } catch (error) {
    // An outage arrives as the thrown 503 page (http.server.ts).
    if (!(error instanceof Response)) throw error;
  }
  // The user asked for it: the console keeps telling the API until the token is dead.
  retrySignOut(token, userId, everywhere);
  return false;
}

/** An absolute http(s) address, or undefined. */
function webAddress(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** First wait before telling the API again, doubled after each failure up to `RETRY_MAX_MS`. */
const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 30_000;
/** Longer than any session lives (the API's absolute expiry is hours): after this the token is dead anyway. */
const RETRY_FOR_MS = 48 * 60 * 60 * 1000;

interface PendingSignOut {
  readonly userId: string;
  everywhere: boolean;
  readonly until: number;
  delay: number;
  timer?: NodeJS.Timeout;
}

/** Sign-outs the API could not take yet, by token (one per token; "everywhere" wins over "this session"). */
const pending = new Map<string, PendingSignOut>();

/**
 * Keeps telling the API to end a session it could not be told about (down, or not answering): a token the user
 * asked to end, or one a new sign-in replaced, must die even though nobody holds it any more. Retries with a
 * growing wait until the API answers; held in this process only, so a console restart drops what is still
 * waiting (the browser keeps the cookie of a failed logout, and can log out again).
 */
export function retrySignOut(token: string, userId: string, everywhere = false): void {
  const existing = pending.get(token);
  if (existing) {
    existing.everywhere ||= everywhere;
    return;
  }
  const entry: PendingSignOut = { userId, everywhere, until: Date.now() + RETRY_FOR_MS, delay: RETRY_FIRST_MS };
  pending.set(token, entry);
  const attempt = async () => {
    let done: boolean;
    try {
      done = await tellApi(token, entry.userId, entry.everywhere);
    } catch {
      done = false;
    }
    if (done || Date.now() >= entry.until) {
      pending.delete(token);
      return;
    }
    entry.delay = Math.min(entry.delay * 2, RETRY_MAX_MS);
    schedule();
  };
  const schedule = () => {
    entry.timer = setTimeout(() => void attempt(), entry.delay);
    // A waiting retry never keeps the process alive on its own.
    entry.timer.unref();
  };
  schedule();
}

/** How many sign-outs are still waiting for the API (for tests and diagnostics). */
export function pendingSignOuts(): number {
  return pending.size;
}

/** Answers after which telling the API again changes nothing: dead token (200, 401), or a refusal for good. */
const SETTLED = new Set([200, 400, 401, 403, 404]);

/** One attempt: true once the API has taken it (or refused it for good), false while it cannot be reached or fails. */
async function tellApi(token: string, userId: string, everywhere: boolean): Promise<boolean> {
  const api = apiWithToken(token);
  try {
    const result = everywhere ? await api.signOutEverywhere({ params: { userId } }) : await api.signOut({ params: { userId } });
    return SETTLED.has(result.status);
  } catch (error) {
    // An outage arrives as the thrown 503 page (http.server.ts).
    if (error instanceof Response) return false;
    throw error;
  }
}

/** The headers that clear the session and client-token cookies, with an optional notice for the next page. */
export async function signedOutHeaders(request: Request, notice?: FlashNotice): Promise<Headers> {
  const { session } = cookiesFor(request);
  const headers = new Headers();
  headers.append('Set-Cookie', await session.destroySession(await session.getSession()));
  for (const clientId of clientIdsInRequest(request)) headers.append('Set-Cookie', clientTokenCookie(request, clientId, null));
  if (notice) headers.append('Set-Cookie', await noticeCookie(request, notice));
  return headers;
}

/** The redirect that clears the session and client-token cookies, with an optional notice for the next page. */
export async function signedOutRedirect(request: Request, location: string, notice?: FlashNotice): Promise<Response> {
  const headers = await signedOutHeaders(request, notice);
  headers.set('Location', location);
  return new Response(null, { status: 302, headers });
}

/**
 * After a sign-out whose page is not the logout page (sign out everywhere): clears this browser's cookies and sends it
 * to the logout page, which sends it on to `continueTo` (the applications' single logout). The address travels in a
 * signed cookie, so nobody else can make the console send a browser somewhere.
 */
export async function continueSigningOutRedirect(request: Request, continueTo: string, notice?: FlashNotice): Promise<Response> {
  const headers = await signedOutHeaders(request, notice);
  headers.append('Set-Cookie', await cookiesFor(request).signOut.serialize(continueTo));
  headers.set('Location', '/logout');
  return new Response(null, { status: 302, headers });
}

/** The address a sign-out left for the logout page to send the browser on to, and the header that clears it. */
export async function takeContinueSigningOut(request: Request): Promise<{ continueTo: string; setCookie: string } | undefined> {
  const cookie = cookiesFor(request).signOut;
  const value: unknown = await cookie.parse(request.headers.get('cookie'));
  const continueTo = typeof value === 'string' ? webAddress(value) : undefined;
  if (!continueTo) return undefined;
  return { continueTo, setCookie: await cookie.serialize('', { maxAge: 0, expires: new Date(0) }) };
}
