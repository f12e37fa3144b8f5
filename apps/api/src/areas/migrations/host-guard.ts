import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { hostAllowed } from '@campus/domain-migration';

/**
 * Addresses inside the network, which a data source (an API source or a database connection) reaches only when its
 * host is on the allow-list by its own name or address: unspecified, private, shared (carrier-grade NAT), loopback, link-local (where cloud
 * metadata services answer), benchmarking, multicast and reserved ranges, and their IPv6 counterparts (an
 * IPv4-mapped address is checked against the IPv4 ranges; NAT64, Teredo and 6to4 addresses, which carry an IPv4
 * address inside, count as inside too).
 */
const INTERNAL = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24],
  ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const)
  INTERNAL.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128], ['::1', 128], ['64:ff9b::', 96], ['64:ff9b:1::', 48], ['100::', 64], ['2001::', 32], ['2001:db8::', 32], ['2002::', 16],
  ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const)
  INTERNAL.addSubnet(net, prefix, 'ipv6');

/** True for an address inside the network (see `INTERNAL`). */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return INTERNAL.check(address, 'ipv4');
  if (family === 6) return INTERNAL.check(address, 'ipv6');
  return true;
}

/** A host name or address without IPv6 brackets, in lower case. */
export const bareHost = (host: string) => host.replace(/^\[|\]$/g, '').toLowerCase();

/**
 * Why a host may not be reached with these addresses, or null when it may. Only listed hosts are reached (an empty
 * list reaches none); a host whose addresses are inside the network must be listed by its own name or address, as
 * a `*.domain` entry is a grant to whatever that domain's DNS says.
 */
export function hostProblem(host: string, addresses: readonly string[], allowed: readonly string[]): string | null {
  const name = bareHost(host).replace(/\.$/, '');
  if (!hostAllowed(name, allowed)) return `The host ${name} is not on the list of hosts data sources may reach (Settings).`;
  if (!allowed.includes(name) && addresses.some(isInternalAddress))
    return `The host ${name} is inside the network; an IAM administrator can allow it under Settings by listing the host itself, not only its domain.`;
  return null;
}

/** Network failures (Node's codes and the database drivers' own): a server that could not be reached. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ENETDOWN', 'ENOTFOUND', 'EAI_AGAIN',
  'EAI_FAIL', 'EAI_NONAME', 'EPIPE', 'EADDRNOTAVAIL', 'ECONNABORTED', 'PROTOCOL_CONNECTION_LOST', 'PROTOCOL_SEQUENCE_TIMEOUT',
]);
const NETWORK_MESSAGES = /^(Connection terminated|timeout expired|Connection lost|Can't add new command when connection is in closed state)/i;

/**
 * Whether a failure means the server could not be reached — refused, silent, unknown host, cut off. These get one
 * answer: telling them apart would make a source's test a port scanner of whatever the allow-list lets through.
 */
export function isUnreachable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return (typeof code === 'string' && NETWORK_CODES.has(code)) || NETWORK_MESSAGES.test(message);
}

/** A refusal by the allow-list, or another problem the reader words itself (never the network's own text). */
export class SourceProblem extends Error {}

/**
 * A DNS lookup that refuses, at connection time, a host whose addresses the allow-list does not let through: the
 * check and the connection use the same answer, so a name cannot resolve to a public address for the check and an
 * inside one for the connection. For `http.request`'s and `net.connect`'s `lookup` option.
 */
export function guardedLookup(allowed: readonly string[]) {
  return (hostname: string, options: { all?: boolean; family?: number }, callback: (...args: unknown[]) => void) => {
    dnsLookup(hostname, { ...options, all: true } as never, (error: NodeJS.ErrnoException | null, found: LookupAddress[]) => {
      if (error) return callback(error);
      const problem = hostProblem(hostname, found.map((a) => a.address), allowed);
      if (problem) return callback(new SourceProblem(problem));
      if (options.all) return callback(null, found);
      return callback(null, found[0]!.address, found[0]!.family);
    });
  };
}

/** The allow-list's refusal of an address literal (no lookup happens for one, so it is checked before connecting). */
export function literalProblem(host: string, allowed: readonly string[]): SourceProblem | null {
  const name = bareHost(host);
  if (!isIP(name)) return null;
  const problem = hostProblem(name, [name], allowed);
  return problem ? new SourceProblem(problem) : null;
}
