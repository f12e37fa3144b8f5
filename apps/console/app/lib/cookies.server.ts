import { createCookie, createCookieSessionStorage, type Cookie, type SessionStorage } from '@remix-run/node';
import { config } from './config.server.js';

/** Data kept in the `msc.session` cookie: only what identifies the API session. */
export interface SessionData {
  token: string;
  userId: string;
  /** Set while the user signed in with a temporary password and must choose a new one. */
  mustChangePassword?: boolean;
  /** Set while the API session still owes the second factor: `verify` (give a code) or `enrol` (turn it on). */
  secondFactor?: 'verify' | 'enrol';
  /** An application's sign-in request to answer once the second factor is given. */
  signInRequest?: string;
}

/** Lifetime of the redirect cookie (spec §9): 12 hours. */
export const REDIRECT_COOKIE_MAX_AGE = 43_200;
export const SESSION_COOKIE_NAME = 'msc.session';
export const REDIRECT_COOKIE_NAME = 'msc.redirect';
export const MENU_COOKIE_NAME = 'msc.menu';
export const NOTICE_COOKIE_NAME = 'msc.notice';
export const RESET_COOKIE_NAME = 'msc.reset';
export const SIGN_OUT_COOKIE_NAME = 'msc.signout';
export const CLIENT_TOKEN_COOKIE_PREFIX = 'msc.client.token:';

/** True when the request reached us over HTTPS (directly or through a proxy that says so). */
export function isHttps(request: Request): boolean {
  const forwarded = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim();
  return forwarded ? forwarded === 'https' : new URL(request.url).protocol === 'https:';
}

interface CookieSet {
  session: SessionStorage<SessionData>;
  redirect: Cookie;
  menu: Cookie;
  notice: Cookie;
  /** The email and verified code of a password reset in progress (30 minutes, like the code). */
  reset: Cookie;
  /** Where the browser goes next after a sign-out that ended this session (the applications' single logout). */
  signOut: Cookie;
}

const sets = new Map<boolean, CookieSet>();

/**
 * The console's cookies. `Secure` is set behind HTTPS; a plain-HTTP request (local runs, tests) gets the
 * same cookies without it, or the browser would drop them.
 */
export function cookiesFor(request: Request): CookieSet {
  const secure = isHttps(request);
  let set = sets.get(secure);
  if (!set) {
    const secrets = [config().sessionSecret];
    const base = { path: '/', sameSite: 'lax' as const, httpOnly: true, secure, secrets };
    set = {
      session: createCookieSessionStorage<SessionData>({ cookie: { name: SESSION_COOKIE_NAME, ...base } }),
      redirect: createCookie(REDIRECT_COOKIE_NAME, { ...base, maxAge: REDIRECT_COOKIE_MAX_AGE }),
      menu: createCookie(MENU_COOKIE_NAME, { ...base, maxAge: 60 * 60 * 24 * 365 }),
      notice: createCookie(NOTICE_COOKIE_NAME, { ...base, maxAge: 60 }),
      reset: createCookie(RESET_COOKIE_NAME, { ...base, maxAge: 30 * 60 }),
      signOut: createCookie(SIGN_OUT_COOKIE_NAME, { ...base, maxAge: 5 * 60 }),
    };
    sets.set(secure, set);
  }
  return set;
}

/**
 * Session cookies already verified, by the exact Cookie header (and whether the request came over HTTPS): the
 * loaders of one page each read the session, and checking the signature once is enough. The same text always
 * verifies the same way, so nothing here can go stale; the oldest entries go first.
 */
const verified = new Map<string, Promise<Partial<SessionData>>>();
const MAX_VERIFIED = 500;

const sessionOfRequest = new WeakMap<Request, Promise<Partial<SessionData>>>();

/** The session data of the request (its verified `msc.session` cookie, read once per request), empty without one. */
export function readSession(request: Request): Promise<Partial<SessionData>> {
  let data = sessionOfRequest.get(request);
  if (!data) {
    data = verifiedSession(request);
    sessionOfRequest.set(request, data);
  }
  return data;
}

function verifiedSession(request: Request): Promise<Partial<SessionData>> {
  const header = request.headers.get('cookie');
  if (!header) return Promise.resolve({});
  const key = `${isHttps(request) ? 's' : ''}|${header}`;
  let data = verified.get(key);
  if (!data) {
    data = cookiesFor(request)
      .session.getSession(header)
      .then((session) => ({
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

/** A client id as it may appear in `?clientId=` and in a cookie name. */
export function isValidClientId(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(value);
}

/**
 * `msc.client.token:{clientId}` (spec §9). The colon is not allowed in cookie names by RFC 6265, so common
 * cookie libraries refuse it; browsers accept it, so the header is written by hand. The client id is checked
 * against a strict pattern first.
 */
export function clientTokenCookie(request: Request, clientId: string, token: string | null): string {
  if (!isValidClientId(clientId)) throw new Error('Invalid client id.');
  const parts = [`${CLIENT_TOKEN_COOKIE_PREFIX}${clientId}=${token ? encodeURIComponent(token) : ''}`, 'Path=/', 'HttpOnly', 'SameSite=Lax'];
  if (!token) parts.push('Max-Age=0', 'Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  if (isHttps(request)) parts.push('Secure');
  return parts.join('; ');
}

/** Client ids of the `msc.client.token:*` cookies the browser sent. */
export function clientIdsInRequest(request: Request): string[] {
  const header = request.headers.get('cookie') ?? '';
  return header
    .split(';')
    .map((c) => c.trim())
    .filter((c) => c.startsWith(CLIENT_TOKEN_COOKIE_PREFIX))
    .map((c) => c.slice(CLIENT_TOKEN_COOKIE_PREFIX.length, c.indexOf('=') === -1 ? undefined : c.indexOf('=')))
    .filter(isValidClientId);
}
