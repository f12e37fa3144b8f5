import { createCookie, type Cookie } from '@remix-run/node';
import { config } from '../../lib/config.server.js';
import { isHttps } from '../../lib/cookies.server.js';

const cookies = new Map<boolean, Cookie>();

/** `msc.chat`: the visitor's conversation token (signed, HTTP-only, 30 days). */
export function chatCookie(request: Request): Cookie {
  const secure = isHttps(request);
  let cookie = cookies.get(secure);
  if (!cookie) {
    cookie = createCookie('msc.chat', { path: '/chat', sameSite: 'lax', httpOnly: true, secure, secrets: [config().sessionSecret], maxAge: 60 * 60 * 24 * 30 });
    cookies.set(secure, cookie);
  }
  return cookie;
}

export async function chatTokenOf(request: Request): Promise<string | undefined> {
  const value: unknown = await chatCookie(request).parse(request.headers.get('cookie'));
  return typeof value === 'string' && value ? value : undefined;
}
