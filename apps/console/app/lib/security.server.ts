/** What a refused cross-site request is told (the product's error page shows it with 403). */
export const CROSS_SITE_REFUSED = 'This request came from another site and was refused.';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a state-changing request comes from another site (spec: actions check the Origin). Browsers send
 * `Origin` on every POST; when it is missing or opaque (`null`), `Sec-Fetch-Site` decides, and a request with
 * neither (a non-browser client) passes, since the cookie-borne session is what a cross-site attack would need and
 * it always comes with one of the two. `server.mjs` asks this before Remix sees the request (whose own check answers 500), and every
 * action asks again through `assertSameOrigin`.
 */
export function isCrossSiteRequest(method: string, header: (name: string) => string | null | undefined, host: string): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  const expectedHost = header('x-forwarded-host')?.split(',')[0]?.trim() || host;
  const origin = header('origin');
  if (origin && origin !== 'null') {
    try {
      return new URL(origin).host !== expectedHost;
    } catch {
      return true;
    }
  }
  const site = header('sec-fetch-site');
  // `Origin: null` is what a page with `Referrer-Policy: no-referrer` (the requester's private page) sends with its
  // own forms, and also what a sandboxed or privacy-minded foreign page sends: the browser's fetch metadata, which
  // no page can set, tells them apart. Without it, an opaque origin is refused.
  if (origin === 'null') return site !== 'same-origin';
  return !!site && site !== 'same-origin' && site !== 'none';
}

/** Throws 403 for a state-changing request from another site; call it first in every action. */
export function assertSameOrigin(request: Request): void {
  if (isCrossSiteRequest(request.method, (name) => request.headers.get(name), new URL(request.url).host)) throw forbidden();
}

function forbidden(): Response {
  return Response.json({ message: CROSS_SITE_REFUSED }, { status: 403, statusText: 'Forbidden' });
}
