import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';

/**
 * Operations endpoints shared by the API and the console: who may read `/metrics`, and the request id that travels
 * from the console to the API (`x-request-id`) and into both logs.
 */

/** The header carrying a request's id from the load balancer or the console to the API, and back in each answer. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** An id a caller may hand in: letters, digits, `.`, `_`, `-`, `:`, at most 64 (anything else is replaced). */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The request's id: the caller's when it is well formed, otherwise a new one. */
export function requestIdFrom(header: unknown): string {
  const value = Array.isArray(header) ? header[0] : header;
  return typeof value === 'string' && REQUEST_ID.test(value) ? value : randomUUID();
}

export interface MetricsAccessOptions {
  /** `METRICS_TOKEN`: a scraper sending `Authorization: Bearer <token>` may read from anywhere. */
  readonly token?: string | undefined;
  /**
   * `METRICS_ALLOW`: addresses and ranges (`10.0.0.0/8`, `::1`) whose direct connections may read without the token;
   * default the loopback interface; `none` for nobody.
   */
  readonly allow?: string | undefined;
}

/** The loopback interface, the default of `METRICS_ALLOW`. */
export const METRICS_ALLOW_DEFAULT = '127.0.0.0/8,::1';

/**
 * Whether a scrape may read `/metrics`: the socket's own address (never a forwarded one) in the allowed networks, or
 * the bearer token. Fails closed: a malformed `METRICS_ALLOW` stops the start rather than opening the endpoint.
 */
export function metricsAccess(options: MetricsAccessOptions): (peer: string | undefined, authorization: unknown) => boolean {
  const allowed = new BlockList();
  const raw = (options.allow ?? METRICS_ALLOW_DEFAULT).trim();
  if (raw !== 'none') {
    for (const entry of raw.split(',').map((e) => e.trim()).filter(Boolean)) {
      const [address, prefix] = entry.split('/');
      const family = isIP(address ?? '');
      if (!family) throw new Error(`METRICS_ALLOW: ${entry} is not an address or range.`);
      const type = family === 6 ? 'ipv6' : 'ipv4';
      if (prefix === undefined) allowed.addAddress(address!, type);
      else {
        const bits = Number(prefix);
        if (!Number.isInteger(bits) || bits < 0 || bits > (family === 6 ? 128 : 32)) throw new Error(`METRICS_ALLOW: ${entry} has a bad prefix.`);
        allowed.addSubnet(address!, bits, type);
      }
    }
  }
  const expected = options.token ? digest(`Bearer ${options.token}`) : undefined;
  return (peer, authorization) => {
    if (expected && typeof authorization === 'string' && timingSafeEqual(digest(authorization), expected)) return true;
    if (!peer) return false;
    // An IPv4 client on a dual-stack socket appears as ::ffff:a.b.c.d.
    const address = peer.startsWith('::ffff:') && isIP(peer.slice(7)) === 4 ? peer.slice(7) : peer;
    const family = isIP(address);
    return family !== 0 && allowed.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
}

/** Equal-length digests, so the comparison takes the same time whatever the header's length. */
function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
