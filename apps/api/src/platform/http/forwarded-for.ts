import type { FastifyInstance } from 'fastify';
import proxyAddr from '@fastify/proxy-addr';
import { CONSOLE_PROOF_HEADER, consoleProof, isConsoleProof } from '@campus/api-contract/node';

/** Headers through which a proxy speaks for the client; believed only from a trusted proxy. */
const FORWARDED_HEADERS = ['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto'] as const;

export interface ForwardedForOptions {
  /** Shared with the console, which proves itself with `consoleProof(sessionSecret)`. */
  readonly sessionSecret: string;
  /** `TRUST_PROXY`: peers believed by address as well (a load balancer in front); `true` for any. */
  readonly trustedPeers: boolean | readonly string[];
}

/**
 * Who may say which address a request comes from. `X-Forwarded-For` is believed from the console, which proves
 * itself with a header derived from the shared secret, and from the peers `TRUST_PROXY` names; from anyone else
 * (another process on the loopback interface included) the forwarded headers are dropped before anything reads
 * them, so the client address — for the rate limits, sessions and the audit trail — is the socket's.
 *
 * `trustProxy` goes to Fastify: it believes the nearest forwarded address, because a request still carrying
 * the header has passed the check in `register`.
 */
export function forwardedFor(options: ForwardedForOptions) {
  const proof = consoleProof(options.sessionSecret);
  const peers = options.trustedPeers;
  const isTrustedPeer: (address: string, hop: number) => boolean =
    peers === true ? () => true : peers === false || peers.length === 0 ? () => false : proxyAddr.compile([...peers]);
  return {
    trustProxy: (_address: string, hop: number) => hop === 0,
    register(app: FastifyInstance): void {
      app.addHook('onRequest', async (request) => {
        const headers = request.raw.headers;
        const proven = isConsoleProof(headers[CONSOLE_PROOF_HEADER], proof);
        delete headers[CONSOLE_PROOF_HEADER];
        if (proven || isTrustedPeer(request.raw.socket.remoteAddress ?? '', 0)) return;
        for (const name of FORWARDED_HEADERS) delete headers[name];
      });
    },
  };
}
