/**
 * Refuses a state-changing request that comes from another site (spec: actions check the Origin). Browsers send
 * `Origin` on every POST; when it is missing, `Sec-Fetch-Site` decides, and a request with neither (a non-browser
 * client) passes, since the cookie-borne session is what a cross-site attack would need and it always
 * comes with one of the two.
 */
export function assertSameOrigin(request: Request): void {
  if (request.method === 'GET' || request.method === 'HEAD') return;
  const expectedHost = request.headers.get('x-forwarded-host')?.split(',')[0]?.trim() || new URL(request.url).host;
  const origin = request.headers.get('origin');
  if (origin && origin !== 'null') {
    let host: string;
    try {
      host = new URL(origin).host;
    } catch {
      throw forbidden();
    }
    if (host !== expectedHost) throw forbidden();
    return;
  }
  if (origin === 'null') throw forbidden();
  const site = request.headers.get('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') throw forbidden();
}

function forbidden(): Response {
  return new Response('This request came from another site and was refused.', { status: 403, statusText: 'Forbidden' });
}
