import { cookiesFor } from './cookies.server.js';

/** Only a path inside the console's /app area may be a redirect target (no open redirects). */
export function isSafeReturnPath(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    /^\/app(?:[/?#]|$)/.test(value) &&
    !value.includes('//') &&
    !value.includes('\\') &&
    value.length <= 2000
  );
}

/** `Set-Cookie` storing the page being visited as the redirect target for 43200 s (spec §2, §9). */
export async function rememberPath(request: Request): Promise<string> {
  const url = new URL(request.url);
  const path = `${url.pathname}${url.search}`;
  return cookiesFor(request).redirect.serialize(isSafeReturnPath(path) ? path : '/app');
}

/** Where to go after signing in: the remembered page, or /app. */
export async function rememberedPath(request: Request): Promise<string> {
  const value: unknown = await cookiesFor(request).redirect.parse(request.headers.get('cookie'));
  return isSafeReturnPath(value) ? value : '/app';
}
