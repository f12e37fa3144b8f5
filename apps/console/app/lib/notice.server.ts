import { redirect } from '@remix-run/node';
import type { NoticeTone } from '@campus/ui';
import { cookiesFor } from './cookies.server.js';

/** A notice carried to the next page in a flash cookie, so it survives redirects and works without JS. */
export interface FlashNotice {
  tone: NoticeTone;
  title: string;
  description?: string;
}

function isFlashNotice(value: unknown): value is FlashNotice {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    ['success', 'error', 'warning', 'info'].includes(String(v.tone)) &&
    typeof v.title === 'string' &&
    (v.description === undefined || typeof v.description === 'string')
  );
}

/** The `Set-Cookie` header that carries a notice to the next page. */
export async function noticeCookie(request: Request, notice: FlashNotice): Promise<string> {
  return cookiesFor(request).notice.serialize(notice);
}

/** Redirects and shows `notice` on the page redirected to: `throw redirectWithNotice(request, '/app', NOTICES.created)`. */
export async function redirectWithNotice(
  request: Request,
  url: string,
  notice: FlashNotice,
  init: { headers?: HeadersInit; status?: number } = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.append('Set-Cookie', await noticeCookie(request, notice));
  return redirect(url, { status: init.status ?? 302, headers });
}

/** Reads the pending notice (if any) and the header that clears it. Used by the root loader. */
export async function takeNotice(request: Request): Promise<{ notice: FlashNotice | null; setCookie: string | null }> {
  const cookie = cookiesFor(request).notice;
  const value: unknown = await cookie.parse(request.headers.get('cookie'));
  if (value === null || value === undefined) return { notice: null, setCookie: null };
  const clear = await cookie.serialize('', { maxAge: 0, expires: new Date(0) });
  return { notice: isFlashNotice(value) ? value : null, setCookie: clear };
}
